import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { admins } from '#server/db/schema.ts';
import { AppError } from '#server/lib/app-error.ts';
import { hashPassword, verifyPassword } from '#server/lib/passwords.ts';
import type { RateLimiter, RateLimitRule } from '#server/lib/rate-limiter.ts';
import { retireFirstPassword } from '../admins/first-password.ts';
import { countRecoveryCodesLeft } from '../admins/second-factor.service.ts';
import { type EventOrigin, recordSecurityEvent } from '../admins/security-log.service.ts';
import { endOtherSessions, type SessionAdmin, sessionUserOf } from '../admins/sessions.service.ts';
import { tooManyAttempts } from '../auth/login-throttle.ts';

/** A stolen session must not become a way to guess the password: wrong current passwords are limited. */
export const PASSWORD_CHECKS: RateLimitRule = { limit: 5, windowMs: 15 * 60_000 };

/** GET /api/admin/account: the session user plus what the account screen shows. */
export async function getAccount(
  db: Db,
  admin: SessionAdmin,
  options: { requireTwoFactor: boolean; isTwoFactorAvailable: boolean },
) {
  return {
    ...sessionUserOf(admin, options.requireTwoFactor),
    isTwoFactorAvailable: options.isTwoFactorAvailable,
    isTwoFactorRequired: options.requireTwoFactor,
    recoveryCodesLeft: admin.isTwoFactorEnabled ? await countRecoveryCodesLeft(db, admin.id) : 0,
  };
}

/**
 * A new password with the current one; every other session of the admin ends with the change, and the first
 * password's file goes if it was this admin's.
 */
export async function changeOwnPassword(
  deps: { db: Db; limiter: RateLimiter; dataDir: string },
  admin: SessionAdmin,
  input: { currentPassword: string; newPassword: string },
  origin: EventOrigin = {},
): Promise<{ endedSessions: number }> {
  const bucket = `password-check:${admin.id}`;
  const window = await deps.limiter.peek(bucket, PASSWORD_CHECKS);
  if (window.count >= PASSWORD_CHECKS.limit) throw tooManyAttempts(window.retryAfterMs);
  const [row] = await deps.db.select().from(admins).where(eq(admins.id, admin.id)).limit(1);
  if (!row || !(await verifyPassword(row.passwordHash, input.currentPassword))) {
    await deps.limiter.hit(bucket, PASSWORD_CHECKS);
    throw new AppError('VALIDATION_FAILED', 'account.wrongPassword', { currentPassword: 'account.wrongPassword' });
  }
  const passwordHash = await hashPassword(input.newPassword);
  const endedSessions = await deps.db.transaction(async (tx) => {
    await tx.update(admins).set({ passwordHash, updatedAt: new Date() }).where(eq(admins.id, admin.id));
    const ended = await endOtherSessions(tx, admin.id, admin.sessionId);
    await recordSecurityEvent(tx, admin.id, 'password_changed', origin);
    return ended;
  });
  await deps.limiter.reset(bucket);
  // The generated first password, left in DATA_DIR for the operator, opens nothing now.
  await retireFirstPassword(deps.db, deps.dataDir);
  return { endedSessions };
}
