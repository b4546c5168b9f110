import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client.ts';
import { UploadNetworkError, uploadWithProgress } from './upload-with-progress.ts';

type Listener = (event: { lengthComputable?: boolean; loaded?: number; total?: number }) => void;

/** Just enough of XMLHttpRequest to drive uploadWithProgress from a test. */
class FakeXhr {
  static last: FakeXhr | undefined;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  withCredentials = false;
  body: unknown;
  status = 0;
  statusText = '';
  responseText = '';
  responseHeaders: Record<string, string> = {};
  isAborted = false;
  private listeners = new Map<string, Listener>();
  private uploadListeners = new Map<string, Listener>();
  upload = { addEventListener: (type: string, listener: Listener) => this.uploadListeners.set(type, listener) };

  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  addEventListener(type: string, listener: Listener) {
    this.listeners.set(type, listener);
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.isAborted = true;
    this.fire('abort');
  }
  progress(loaded: number, total: number) {
    this.uploadListeners.get('progress')?.({ lengthComputable: true, loaded, total });
  }
  respond(status: number, statusText: string, body: string, responseHeaders: Record<string, string> = {}) {
    Object.assign(this, { status, statusText, responseText: body, responseHeaders });
    this.fire('load');
  }
  getResponseHeader(name: string): string | null {
    const found = Object.entries(this.responseHeaders).find(([key]) => key.toLowerCase() === name.toLowerCase());
    return found ? found[1] : null;
  }
  fire(type: string) {
    this.listeners.get(type)?.({});
  }
}

const current = () => {
  if (!FakeXhr.last) throw new Error('no request was sent');
  return FakeXhr.last;
};

beforeEach(() => {
  FakeXhr.last = undefined;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => vi.unstubAllGlobals());

describe('uploadWithProgress', () => {
  it('posts the form data with cookies, reports progress and resolves with the JSON reply', async () => {
    const progress: number[] = [];
    const body = new FormData();
    const done = uploadWithProgress('/api/submissions', body, (fraction) => progress.push(fraction));
    const xhr = current();
    expect([xhr.method, xhr.url, xhr.withCredentials, xhr.body]).toEqual(['POST', '/api/submissions', true, body]);
    xhr.progress(25, 100);
    xhr.progress(100, 100);
    xhr.respond(201, 'Created', '{"success":true,"creatorId":"RC-7KX3P9QD"}');
    await expect(done).resolves.toEqual({ success: true, creatorId: 'RC-7KX3P9QD' });
    expect(progress).toEqual([0.25, 1, 1]);
  });

  it('rejects a non-OK reply with the same ApiError as the fetch client', async () => {
    const done = uploadWithProgress('/api/submissions', new FormData());
    current().respond(
      400,
      'Bad Request',
      '{"message":"Name is required","code":"VALIDATION_FAILED","fields":{"name":"Name is required"}}',
    );
    const error = await done.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      serverMessage: 'Name is required',
      fields: { name: 'Name is required' },
      message: '400: {"message":"Name is required","code":"VALIDATION_FAILED","fields":{"name":"Name is required"}}',
    });
  });

  it('keeps the Retry-After of a refusal, so the screen can say when to try again', async () => {
    const done = uploadWithProgress('/api/submissions', new FormData());
    current().respond(
      429,
      'Too Many Requests',
      '{"message":"Too many applications from this network. Please try again later.","code":"RATE_LIMITED"}',
      { 'retry-after': '1740' },
    );
    const error = await done.catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 429, code: 'RATE_LIMITED', retryAfter: '1740' });
  });

  it('rejects a network failure with UploadNetworkError', async () => {
    const done = uploadWithProgress('/api/submissions', new FormData());
    current().fire('error');
    await expect(done).rejects.toBeInstanceOf(UploadNetworkError);
  });

  it('aborts with the signal', async () => {
    const controller = new AbortController();
    const done = uploadWithProgress('/api/submissions', new FormData(), undefined, { signal: controller.signal });
    controller.abort();
    await expect(done).rejects.toMatchObject({ name: 'AbortError' });
    expect(current().isAborted).toBe(true);
  });
});
