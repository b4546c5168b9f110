import type { MessageKey } from '#shared/messages/message.ts';
import { isApiError } from './api-client.ts';
import type { ShownMessage } from './messages.ts';

/**
 * Seconds until a refused call may be tried again, from a Retry-After header: a number of seconds or an
 * HTTP date (RFC 9110 §10.2.3). Undefined for no header or one that says nothing usable.
 */
export function retryAfterSeconds(header: string | null | undefined, now: number = Date.now()): number | undefined {
  const text = header?.trim();
  if (!text) return undefined;
  if (/^\d+(\.\d+)?$/.test(text)) return Math.ceil(Number(text));
  // An HTTP date names its day and month in letters; anything else ('-5', '1e3') is no header at all.
  const at = /[a-z]/i.test(text) ? Date.parse(text) : Number.NaN;
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, Math.ceil((at - now) / 1000));
}

/** The wait in whole minutes as it is said: at least one, rounded up, so she never comes back too early. */
export function minutesToWait(seconds: number): number {
  return Math.max(1, Math.ceil(seconds / 60));
}

/**
 * A rate-limit refusal (429 RATE_LIMITED, or a 429 from a proxy without our body) whose Retry-After says how
 * long to wait: the screen's message that names the minutes. Anything else keeps the reason it already had.
 */
export function withRetryWait(
  error: unknown,
  reason: ShownMessage | undefined,
  waitKey: MessageKey,
  now: number = Date.now(),
): ShownMessage | undefined {
  if (!isApiError(error) || error.status !== 429) return reason;
  if (error.code !== undefined && error.code !== 'RATE_LIMITED') return reason;
  const seconds = retryAfterSeconds(error.retryAfter, now);
  if (seconds === undefined) return reason;
  return { key: waitKey, params: { count: minutesToWait(seconds) } };
}
