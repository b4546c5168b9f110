import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { admins } from '#server/db/schema.ts';
import { clearTwoFactor } from './second-factor.service.ts';
import { recordSecurityEvent } from './security-log.service.ts';
import { endOtherSessions } from './sessions.service.ts';

/**
 * What the recovery CLI does when no owner can (the only owner lost their phone, or was disabled): the
 * same changes as the admin screen's, with the shell's access as the authority.
 */
export async function resetTwoFactorByCli(db: Db, adminId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await clearTwoFactor(tx, adminId);
    await endOtherSessions(tx, adminId);
    await recordSecurityEvent(tx, adminId, 'two_factor_disabled');
  });
}

export async function enableByCli(db: Db, adminId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(admins).set({ disabledAt: null, updatedAt: new Date() }).where(eq(admins.id, adminId));
    await recordSecurityEvent(tx, adminId, 'account_enabled');
  });
}
