import { type ApiErrorBody, ERROR_STATUS, type ErrorCode, type KeyedMessage } from '#shared/error-codes.ts';
import type { Message, MessageKey, MessageParams } from '#shared/messages/message.ts';

/**
 * A non-OK response (product §8). The message keeps the spec's `status: body` form for logs; screens branch on
 * `code` and show the server's message by key (docs/decisions/031) or their own translated text.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly statusText: string;
  readonly bodyText: string;
  /** Present when the body is our JSON error (architecture §3). */
  readonly code: ErrorCode | undefined;
  /** The server's English. */
  readonly serverMessage: string | undefined;
  readonly fields: Readonly<Record<string, string>> | undefined;
  /** The server's message by key, when it sent one (an older server or a proxy sends none). */
  readonly reason: ServerMessage | undefined;
  /** One message per field: by key where the server sent one, else its English alone. */
  readonly fieldMessages: Readonly<Record<string, ServerMessage>> | undefined;
  /** The reply's Retry-After header as sent (seconds or an HTTP date), when it had one: lib/retry-after.ts reads it. */
  readonly retryAfter: string | undefined;

  constructor(status: number, statusText: string, bodyText: string, retryAfter?: string | null) {
    super(`${status}: ${bodyText || statusText}`);
    this.status = status;
    this.retryAfter = retryAfter ?? undefined;
    this.statusText = statusText;
    this.bodyText = bodyText;
    const body = parseErrorBody(bodyText);
    this.code = body?.code;
    this.serverMessage = body?.message;
    this.fields = body?.fields;
    this.reason =
      body?.messageKey && body.message !== undefined
        ? serverMessage(body.message, { key: body.messageKey, params: body.messageParams })
        : undefined;
    this.fieldMessages = body?.fields && fieldMessagesOf(body.fields, body.fieldKeys ?? {});
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_STATUS, value);
}

/**
 * A message from the server: by key, with its English beside it for a key this client does not know (a newer
 * server). A text sent without a key is its own key, so the translator, finding none, shows the English.
 */
export interface ServerMessage extends Message {
  readonly english: string;
}

function serverMessage(
  english: string,
  keyed?: { key: MessageKey; params?: MessageParams | undefined },
): ServerMessage {
  if (!keyed) return { key: english as MessageKey, english };
  return keyed.params ? { key: keyed.key, params: keyed.params, english } : { key: keyed.key, english };
}

function fieldMessagesOf(fields: Record<string, string>, keys: Record<string, KeyedMessage>) {
  return Object.fromEntries(
    Object.entries(fields).map(([field, english]) => [field, serverMessage(english, keys[field])]),
  );
}

function isParams(value: unknown): value is MessageParams {
  return (
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    Object.values(value).every((item) => typeof item === 'string' || typeof item === 'number')
  );
}

function isKeyedMessage(value: unknown): value is KeyedMessage {
  if (value === null || typeof value !== 'object') return false;
  const { key, params } = value as Record<string, unknown>;
  return typeof key === 'string' && (params === undefined || isParams(params));
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
  const { message, code, fields, messageKey, messageParams, fieldKeys } = body as Record<string, unknown>;
  const result: Partial<ApiErrorBody> = {};
  if (typeof message === 'string') result.message = message;
  if (isErrorCode(code)) result.code = code;
  if (fields !== null && typeof fields === 'object' && !Array.isArray(fields)) {
    const entries = Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
    if (entries.length > 0) result.fields = Object.fromEntries(entries);
  }
  // Keys are trusted as far as their shape: one the client does not know is shown as it is (lib/messages.ts).
  if (typeof messageKey === 'string') result.messageKey = messageKey as MessageKey;
  if (isParams(messageParams)) result.messageParams = messageParams;
  if (fieldKeys !== null && typeof fieldKeys === 'object' && !Array.isArray(fieldKeys)) {
    const entries = Object.entries(fieldKeys).filter((entry): entry is [string, KeyedMessage] =>
      isKeyedMessage(entry[1]),
    );
    if (entries.length > 0) result.fieldKeys = Object.fromEntries(entries);
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
  return new ApiError(response.status, response.statusText, bodyText, response.headers.get('Retry-After'));
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
