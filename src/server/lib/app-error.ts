import { ERROR_STATUS, type ErrorCode } from '#shared/error-codes.ts';

/**
 * The one error services throw (STYLE §6). The error handler turns it into
 * `{ message, code, fields? }` with the status its code maps to.
 */
export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = ERROR_STATUS[code];
  }
}

export const notFound = (message = 'Not found') => new AppError('NOT_FOUND', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);
