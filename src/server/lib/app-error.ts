import { ERROR_STATUS, type ErrorCode } from '#shared/error-codes.ts';
import { englishOf } from '#shared/messages/english.ts';
import { type Message, type MessageLike, toMessage } from '#shared/messages/message.ts';
import { type FieldMessages, sortByOrder } from '#shared/schemas/errors.ts';

/**
 * Which limit refused a request with a 429, a fixed set so it can label a metric (plugins/metrics.ts):
 * sign-in and second-factor tries, the account page's password checks, applications per address, uploads in
 * flight per client, stage-2 tries and submissions, and the funnel's beacons.
 */
export const RATE_LIMIT_SCOPES = [
  'sign_in',
  'password_check',
  'application',
  'uploads_in_flight',
  'stage2',
  'applicant_page',
  'funnel',
  'other',
] as const;
export type RateLimitScope = (typeof RATE_LIMIT_SCOPES)[number];

/**
 * The one error services throw (architecture §9.6). It carries its message by key (docs/decisions/031); the
 * error handler turns it into `{ message, code, fields?, … }` with the status its code maps to, the English
 * beside the keys, and a `Retry-After` header when the error says when to come back (architecture §5: every
 * 429 carries one; so does a 503 from a full queue).
 */
export class AppError extends Error {
  readonly statusCode: number;
  readonly retryAfterSeconds: number | undefined;
  /** The message by key; `message` is its English. */
  readonly reason: Message;
  readonly fieldReasons: FieldMessages | undefined;
  /** The limit that refused the request, on a 429. */
  readonly limit: RateLimitScope | undefined;

  constructor(
    readonly code: ErrorCode,
    reason: MessageLike,
    fields?: Record<string, MessageLike>,
    options: { retryAfterSeconds?: number; limit?: RateLimitScope } = {},
  ) {
    const message = toMessage(reason);
    super(englishOf(message));
    this.name = 'AppError';
    this.reason = message;
    this.fieldReasons = fields
      ? Object.fromEntries(Object.entries(fields).map(([field, text]) => [field, toMessage(text)]))
      : undefined;
    this.statusCode = ERROR_STATUS[code];
    this.limit = options.limit;
    this.retryAfterSeconds =
      options.retryAfterSeconds === undefined ? undefined : Math.max(1, Math.ceil(options.retryAfterSeconds));
  }

  /** The field messages in English, as the reply writes them. */
  get fields(): Record<string, string> | undefined {
    const reasons = this.fieldReasons;
    if (!reasons) return undefined;
    return Object.fromEntries(Object.entries(reasons).map(([field, message]) => [field, englishOf(message)]));
  }
}

export const notFound = (reason: MessageLike = 'request.notFound') => new AppError('NOT_FOUND', reason);
export const conflict = (reason: MessageLike) => new AppError('CONFLICT', reason);

/** The 400 of architecture §3 from field messages: ordered by the form's fields, the first one as `message`. */
export function validationFailed(fields: FieldMessages, order?: readonly string[]): AppError {
  const sorted = sortByOrder(fields, order);
  const [first] = Object.values(sorted);
  return new AppError('VALIDATION_FAILED', first ?? 'request.invalidShort', sorted);
}
