/**
 * Whether an error means a backing service is out of reach rather than that the request was wrong or the
 * code broken: the database down or refusing connections, the disk full or read-only. Those answer 503 with
 * a Retry-After (architecture §3), so clients and load balancers try again instead of reporting a bug.
 */

/** Node's system errors for a peer that cannot be reached and a disk that cannot take more. */
const SYSTEM_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'ENOSPC',
  'EDQUOT',
  'EROFS',
  'EIO',
  'EMFILE',
  'ENFILE',
]);

/**
 * PostgreSQL's SQLSTATE classes: 08 connection exception, 53 insufficient resources (disk full, out of
 * memory, too many connections), 57P01–57P03 the server shutting down or not yet accepting connections.
 */
const SQLSTATE = /^(08...|53...|57P0[123])$/;

/** node-postgres reports a lost or ended pool in words only. */
const DRIVER_MESSAGES = [
  'Cannot use a pool after calling end on the pool',
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
];

/** Thrown by the embedded database once its thread is closed or has died. */
export class DatabaseUnavailableError extends Error {
  override readonly name = 'DatabaseUnavailableError';
}

export const RETRY_AFTER_UNAVAILABLE_SECONDS = 10;

export function isUnavailableError(error: unknown): boolean {
  let current: unknown = error;
  // drizzle wraps the driver's error as `cause`; the chain is short, but never follow it forever.
  for (let depth = 0; depth < 6 && current instanceof Object; depth++) {
    if (current instanceof DatabaseUnavailableError) return true;
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (SYSTEM_CODES.has(code) || SQLSTATE.test(code))) return true;
    if (typeof message === 'string' && DRIVER_MESSAGES.some((text) => message.includes(text))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
