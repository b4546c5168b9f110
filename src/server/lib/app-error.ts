import { ERROR_STATUS, type ErrorCode } from '#shared/error-codes.ts';

/**
 * The one error services throw (architecture §9.6). The error handler turns it into
 * `{ message, code, fields? }` with the status its code maps to, and a `Retry-After` header when the
 * error says when to come back (architecture §5: every 429 carries one; so does a 503 from a full queue).
 */
export class AppError extends Error {
  readonly statusCode: number;
  readonly retryAfterSeconds: number | undefined;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    options: { retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = ERROR_STATUS[code];
    this.retryAfterSeconds =
      options.retryAfterSeconds === undefined ? undefined : Math.max(1, Math.ceil(options.retryAfterSeconds));
  }
}

export const notFound = (message = 'Not found') => new AppError('NOT_FOUND', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);
