import { type ApiErrorBody, ERROR_STATUS, type ErrorCode } from '#shared/error-codes.ts';

/**
 * A non-OK response (product §8). The message keeps the spec's `status: body` form for logs; screens branch on
 * `code` and show `serverMessage` or their own translated text.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly statusText: string;
  readonly bodyText: string;
  /** Present when the body is our JSON error (architecture §3). */
  readonly code: ErrorCode | undefined;
  readonly serverMessage: string | undefined;
  readonly fields: Readonly<Record<string, string>> | undefined;

  constructor(status: number, statusText: string, bodyText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.status = status;
    this.statusText = statusText;
    this.bodyText = bodyText;
    const body = parseErrorBody(bodyText);
    this.code = body?.code;
    this.serverMessage = body?.message;
    this.fields = body?.fields;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_STATUS, value);
}

/** Our JSON error body, or undefined for anything else (HTML from a proxy, plain text, a foreign shape). */
export function parseErrorBody(text: string): Partial<ApiErrorBody> | undefined {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const { message, code, fields } = body as Record<string, unknown>;
  const result: Partial<ApiErrorBody> = {};
  if (typeof message === 'string') result.message = message;
  if (isErrorCode(code)) result.code = code;
  if (fields !== null && typeof fields === 'object' && !Array.isArray(fields)) {
    const entries = Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
    if (entries.length > 0) result.fields = Object.fromEntries(entries);
  }
  return Object.keys(result).length > 0 ? result : undefined;
}

/** Builds the ApiError for a non-OK response, reading its body once. */
export async function apiErrorFrom(response: Response): Promise<ApiError> {
  let bodyText = '';
  try {
    bodyText = await response.text();
  } catch {
    // A body that cannot be read (aborted, already consumed) still leaves the status to report.
  }
  return new ApiError(response.status, response.statusText, bodyText);
}

export async function throwIfNotOk(response: Response): Promise<void> {
  if (!response.ok) throw await apiErrorFrom(response);
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  signal?: AbortSignal | undefined;
}

/** The fetch options for a call: cookies always; JSON only with a body; multipart left to the browser. */
export function buildRequestInit(method: HttpMethod, body?: unknown, signal?: AbortSignal): RequestInit {
  const init: RequestInit = { method, credentials: 'include', headers: { Accept: 'application/json' } };
  if (signal) init.signal = signal;
  if (body instanceof FormData) {
    // The browser writes the multipart Content-Type itself, boundary included.
    init.body = body;
  } else if (body !== undefined) {
    init.headers = { Accept: 'application/json', 'Content-Type': 'application/json' };
    init.body = JSON.stringify(body);
  }
  return init;
}

/** Sends a call and returns the OK response; anything else throws ApiError (product §8). */
export async function apiRequest(
  method: HttpMethod,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<Response> {
  const response = await fetch(path, buildRequestInit(method, body, options.signal));
  await throwIfNotOk(response);
  return response;
}

/** The JSON body of an OK response; undefined when it has none (204, empty body). */
export async function readJson<T>(response: Response): Promise<T> {
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export type On401 = 'throw' | 'returnNull';

export interface GetOptions extends RequestOptions {
  /** Product §8: by default a 401 throws; 'returnNull' turns it into null (e.g. "am I logged in?"). */
  on401?: On401;
}

/** The default read of product §7: GET a path and parse its JSON. */
export async function apiGet<T>(path: string, options?: GetOptions & { on401?: 'throw' }): Promise<T>;
export async function apiGet<T>(path: string, options: GetOptions & { on401: 'returnNull' }): Promise<T | null>;
export async function apiGet<T>(path: string, options: GetOptions = {}): Promise<T | null> {
  const response = await fetch(path, buildRequestInit('GET', undefined, options.signal));
  if (response.status === 401 && options.on401 === 'returnNull') return null;
  await throwIfNotOk(response);
  return readJson<T>(response);
}

/** A JSON (or body-less) write; resolves with the parsed reply. */
export async function apiSend<T = unknown>(
  method: Exclude<HttpMethod, 'GET'>,
  path: string,
  body?: unknown,
  options?: RequestOptions,
): Promise<T> {
  return readJson<T>(await apiRequest(method, path, body, options));
}

/** A multipart upload (product §7 submissions and stage 2). */
export async function apiUpload<T = unknown>(
  path: string,
  formData: FormData,
  options?: RequestOptions & { method?: 'POST' | 'PUT' | 'PATCH' },
): Promise<T> {
  return readJson<T>(await apiRequest(options?.method ?? 'POST', path, formData, options));
}
