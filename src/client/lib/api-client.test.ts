import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  apiErrorFrom,
  apiGet,
  apiSend,
  apiUpload,
  buildRequestInit,
  isApiError,
  parseErrorBody,
} from './api-client.ts';

function jsonResponse(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' }, ...init });
}

describe('apiErrorFrom', () => {
  it('uses "status: body" as the message (product §8)', async () => {
    const error = await apiErrorFrom(new Response('Upstream exploded', { status: 502, statusText: 'Bad Gateway' }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toBe('502: Upstream exploded');
    expect(error.status).toBe(502);
    expect(error.code).toBeUndefined();
    expect(error.serverMessage).toBeUndefined();
    expect(isApiError(error)).toBe(true);
  });

  it('keeps the Retry-After header, and nothing when there is none', async () => {
    const limited = await apiErrorFrom(
      new Response('{"message":"Too many attempts from this network. Please try again later.","code":"RATE_LIMITED"}', {
        status: 429,
        headers: { 'Retry-After': 'Sat, 28 Nov 2026 10:05:00 GMT' },
      }),
    );
    expect(limited.retryAfter).toBe('Sat, 28 Nov 2026 10:05:00 GMT');
    const other = await apiErrorFrom(new Response(null, { status: 404 }));
    expect(other.retryAfter).toBeUndefined();
  });

  it('falls back to the status text when the body is empty', async () => {
    const error = await apiErrorFrom(new Response(null, { status: 404, statusText: 'Not Found' }));
    expect(error.message).toBe('404: Not Found');
    expect(error.bodyText).toBe('');
  });

  it('exposes code, server message and field messages of our JSON error body', async () => {
    const body = { message: 'Name is required', code: 'VALIDATION_FAILED', fields: { name: 'Name is required' } };
    const error = await apiErrorFrom(jsonResponse(body, { status: 400, statusText: 'Bad Request' }));
    expect(error.message).toBe(`400: ${JSON.stringify(body)}`);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.serverMessage).toBe('Name is required');
    expect(error.fields).toEqual({ name: 'Name is required' });
  });

  it('exposes the server’s message and field messages by key, with the English beside them', async () => {
    const body = {
      message: 'Please use at most 100 characters',
      code: 'VALIDATION_FAILED',
      fields: { name: 'Please use at most 100 characters', nickname: 'Unknown' },
      messageKey: 'field.tooLong',
      messageParams: { max: 100 },
      fieldKeys: { name: { key: 'field.tooLong', params: { max: 100 } }, bad: { key: 3 } },
    };
    const error = await apiErrorFrom(jsonResponse(body, { status: 400 }));
    expect(error.reason).toEqual({
      key: 'field.tooLong',
      params: { max: 100 },
      english: 'Please use at most 100 characters',
    });
    expect(error.fieldMessages).toEqual({
      name: { key: 'field.tooLong', params: { max: 100 }, english: 'Please use at most 100 characters' },
      nickname: { key: 'Unknown', english: 'Unknown' },
    });
    const older = await apiErrorFrom(jsonResponse({ message: 'Nope', code: 'CONFLICT' }, { status: 409 }));
    expect(older.reason).toBeUndefined();
  });

  it('keeps a server message without inventing an unknown code', async () => {
    const error = await apiErrorFrom(jsonResponse({ message: 'Nope', code: 'SOMETHING_NEW' }, { status: 409 }));
    expect(error.serverMessage).toBe('Nope');
    expect(error.code).toBeUndefined();
  });
});

describe('parseErrorBody', () => {
  it.each(['', 'not json', '<html></html>', 'null', '[1,2]', '"text"', '{"other":1}'])('ignores %j', (text) => {
    expect(parseErrorBody(text)).toBeUndefined();
  });

  it('drops field messages that are not strings', () => {
    expect(parseErrorBody('{"message":"Bad","code":"BAD_REQUEST","fields":{"a":"A","b":3}}')).toEqual({
      message: 'Bad',
      code: 'BAD_REQUEST',
      fields: { a: 'A' },
    });
  });
});

describe('buildRequestInit', () => {
  it('always sends cookies', () => {
    expect(buildRequestInit('GET').credentials).toBe('include');
    expect(buildRequestInit('POST', new FormData()).credentials).toBe('include');
  });

  it('sends a JSON content type and body only when a body is supplied', () => {
    const withBody = buildRequestInit('POST', { username: 'a', password: 'b' });
    expect(new Headers(withBody.headers).get('content-type')).toBe('application/json');
    expect(withBody.body).toBe('{"username":"a","password":"b"}');

    const withoutBody = buildRequestInit('POST');
    expect(new Headers(withoutBody.headers).has('content-type')).toBe(false);
    expect(withoutBody.body).toBeUndefined();
  });

  it('sends null as a JSON body', () => {
    expect(buildRequestInit('PATCH', null).body).toBe('null');
  });

  it('leaves multipart bodies to the browser, without a JSON content type', () => {
    const form = new FormData();
    form.append('name', 'Ana');
    const init = buildRequestInit('POST', form);
    expect(init.body).toBe(form);
    expect(new Headers(init.headers).has('content-type')).toBe(false);
  });
});

describe('calls', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  function stubFetch(response: Response) {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(response);
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  }

  it('apiGet reads JSON with a GET that carries cookies', async () => {
    const fetchMock = stubFetch(jsonResponse([{ id: 1, name: 'Ana' }]));
    await expect(apiGet('/api/recruiters')).resolves.toEqual([{ id: 1, name: 'Ana' }]);
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/recruiters',
      expect.objectContaining({ method: 'GET', credentials: 'include' }),
    );
  });

  it('apiGet throws ApiError on a 401 by default', async () => {
    stubFetch(jsonResponse({ message: 'Not logged in', code: 'UNAUTHENTICATED' }, { status: 401 }));
    await expect(apiGet('/api/admin/creators')).rejects.toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
  });

  it('apiGet returns null on a 401 when asked to', async () => {
    stubFetch(new Response('', { status: 401, statusText: 'Unauthorized' }));
    await expect(apiGet('/api/admin/auth-status', { on401: 'returnNull' })).resolves.toBeNull();
  });

  it('apiGet still throws other errors when returning null on 401', async () => {
    stubFetch(new Response('boom', { status: 500, statusText: 'Internal Server Error' }));
    await expect(apiGet('/api/admin/auth-status', { on401: 'returnNull' })).rejects.toThrow('500: boom');
  });

  it('apiSend resolves undefined for an empty reply', async () => {
    stubFetch(new Response(null, { status: 204 }));
    await expect(apiSend('POST', '/api/admin/logout')).resolves.toBeUndefined();
  });

  it('apiUpload posts the form data as is', async () => {
    const fetchMock = stubFetch(jsonResponse({ ok: true }));
    const form = new FormData();
    await expect(apiUpload('/api/submissions', form)).resolves.toEqual({ ok: true });
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({ method: 'POST', body: form });
  });
});
