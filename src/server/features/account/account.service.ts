import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { admins } from '#server/db/schema.ts';
import { hashPassword } from '#server/lib/passwords.ts';
import type { RateLimiter } from '#server/lib/rate-limiter.ts';
import { retireFirstPassword } from '../admins/first-password.ts';
import { countRecoveryCodesLeft } from '../admins/second-factor.service.ts';
import { type EventOrigin, recordSecurityEvent } from '../admins/security-log.service.ts';
import { endOtherSessions, type SessionAdmin, sessionUserOf } from '../admins/sessions.service.ts';
import { checkCurrentPassword } from './password-check.ts';

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
    languages: await languagesOf(db, admin.id),
  };
}

async function languagesOf(db: Db, adminId: string): Promise<string[]> {
  const [row] = await db.select({ languages: admins.languages }).from(admins).where(eq(admins.id, adminId));
  return row?.languages ?? [];
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
  await checkCurrentPassword(deps, admin.id, input.currentPassword, origin);
  const passwordHash = await hashPassword(input.newPassword);
  const endedSessions = await deps.db.transaction(async (tx) => {
    await tx.update(admins).set({ passwordHash, updatedAt: new Date() }).where(eq(admins.id, admin.id));
    const ended = await endOtherSessions(tx, admin.id, admin.sessionId);
    await recordSecurityEvent(tx, admin.id, 'password_changed', origin);
    return ended;
  });
  // The generated first password, left in DATA_DIR for the operator, opens nothing now.
  await retireFirstPassword(deps.db, deps.dataDir);
  return { endedSessions };
}
