import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { admins } from '#server/db/schema.ts';
import { AppError } from '#server/lib/app-error.ts';
import { verifyPassword } from '#server/lib/passwords.ts';
import type { RateLimiter, RateLimitRule } from '#server/lib/rate-limiter.ts';
import { type EventOrigin, recordSecurityEvent } from '../admins/security-log.service.ts';
import { takeTry } from '../auth/login-throttle.ts';

/**
 * A stolen session must not become a way to guess the password: the current password asked by the password
 * change and by two-factor setup, confirmation and removal is checked against one bucket per admin, so the
 * guesses add up across all of them.
 */
export const PASSWORD_CHECKS: RateLimitRule = { limit: 5, windowMs: 15 * 60_000 };

export const passwordCheckBucket = (adminId: string) => `password-check:${adminId}`;

export interface PasswordCheckDeps {
  db: Db;
  limiter: RateLimiter;
}

export type AdminRow = typeof admins.$inferSelect;

/**
 * Checks the signed-in admin's current password: 429 once the tries are used up (counted before the check, so
 * tries sent together cannot slip past the limit), 400 on the field for a wrong one, which the admin's security
 * log records. The right one resets the count and returns the admin's row as it is now.
 */
export async function checkCurrentPassword(
  deps: PasswordCheckDeps,
  adminId: string,
  currentPassword: string,
  origin: EventOrigin = {},
): Promise<AdminRow> {
  const bucket = passwordCheckBucket(adminId);
  await takeTry(deps.limiter, bucket, PASSWORD_CHECKS, 'account.passwordThrottled');
  const [row] = await deps.db.select().from(admins).where(eq(admins.id, adminId)).limit(1);
  if (!row) throw new AppError('UNAUTHENTICATED', 'auth.signInRequired');
  if (!(await verifyPassword(row.passwordHash, currentPassword))) {
    await recordSecurityEvent(deps.db, adminId, 'password_check_failed', origin);
    throw new AppError('VALIDATION_FAILED', 'account.wrongPassword', { currentPassword: 'account.wrongPassword' });
  }
  await deps.limiter.reset(bucket);
  return row;
}
