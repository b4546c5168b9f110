import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { admins } from '#server/db/schema.ts';
import { conflict, notFound } from '#server/lib/app-error.ts';
import type { MessageKey } from '#shared/messages/message.ts';
import type { AdminAccount } from '#shared/replies/admins.ts';
import { createAdmin, findAdminById, type NewAdmin } from './admins.service.ts';
import { clearTwoFactor } from './second-factor.service.ts';
import { type EventOrigin, recordSecurityEvent } from './security-log.service.ts';
import { endOtherSessions } from './sessions.service.ts';

export const ADMIN_NOT_FOUND = 'admins.notFound' satisfies MessageKey;

/** Written out by hand: inside a one-table select drizzle leaves column names unqualified. */
const lastSignIn = sql<Date | null>`(
  select max(e.created_at) from admin_security_events e where e.admin_id = "admins"."id" and e.kind = 'sign_in'
)`.mapWith((value: string | Date | null) => (value === null ? null : new Date(value)));

/** Every admin, for an owner's admin screen; oldest first, so the list keeps its order. */
export async function listAdmins(db: Db): Promise<AdminAccount[]> {
  const rows = await db
    .select({
      id: admins.id,
      username: admins.username,
      role: admins.role,
      disabledAt: admins.disabledAt,
      totpEnabledAt: admins.totpEnabledAt,
      createdAt: admins.createdAt,
      lastSignInAt: lastSignIn,
    })
    .from(admins)
    .orderBy(asc(admins.createdAt), asc(admins.id));
  return rows.map((row) => ({
    id: row.id,
    username: row.username,
    role: row.role,
    isDisabled: row.disabledAt !== null,
    twoFactorEnabled: row.totpEnabledAt !== null,
    createdAt: row.createdAt.toISOString(),
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
  }));
}

export async function createAdminAccount(db: Db, input: NewAdmin & { role: NewAdmin['role'] }) {
  const admin = await createAdmin(db, input);
  return accountOf(db, admin.id);
}

/** One admin as the list shows them; the list is short (a team's admins), so it is read whole. */
async function accountOf(db: Db, adminId: string): Promise<AdminAccount> {
  const account = (await listAdmins(db)).find((row) => row.id === adminId);
  if (!account) throw notFound(ADMIN_NOT_FOUND);
  return account;
}

async function targetOf(db: Db, adminId: string) {
  const admin = await findAdminById(db, adminId);
  if (!admin) throw notFound(ADMIN_NOT_FOUND);
  return admin;
}

/**
 * Disabling ends every session of that admin in the same transaction, so their next request is refused; an
 * owner cannot disable themselves (nobody could re-enable them if they were the last owner).
 */
export async function setAdminDisabled(
  db: Db,
  input: { actorId: string; adminId: string; isDisabled: boolean },
  origin: EventOrigin = {},
): Promise<AdminAccount> {
  if (input.actorId === input.adminId) throw conflict('admins.cannotDisableSelf');
  await targetOf(db, input.adminId);
  await db.transaction(async (tx) => {
    await tx
      .update(admins)
      .set({ disabledAt: input.isDisabled ? new Date() : null, updatedAt: new Date() })
      // Disabling again keeps the first time it was disabled.
      .where(
        input.isDisabled ? and(eq(admins.id, input.adminId), isNull(admins.disabledAt)) : eq(admins.id, input.adminId),
      );
    if (input.isDisabled) await endOtherSessions(tx, input.adminId);
    await recordSecurityEvent(tx, input.adminId, input.isDisabled ? 'account_disabled' : 'account_enabled', origin);
  });
  return accountOf(db, input.adminId);
}

/** For an admin who lost their authenticator: they sign in with the password and enrol again. */
export async function resetAdminTwoFactor(
  db: Db,
  input: { actorId: string; adminId: string },
  origin: EventOrigin = {},
): Promise<AdminAccount> {
  if (input.actorId === input.adminId) {
    throw conflict('admins.ownTwoFactor');
  }
  await targetOf(db, input.adminId);
  await db.transaction(async (tx) => {
    await clearTwoFactor(tx, input.adminId);
    // A session on the lost device must not outlive the reset.
    await endOtherSessions(tx, input.adminId);
    await recordSecurityEvent(tx, input.adminId, 'two_factor_disabled', origin);
  });
  return accountOf(db, input.adminId);
}
