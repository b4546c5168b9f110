import { and, desc, eq, lt, ne, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { adminSessions, admins } from '#server/db/schema.ts';
import { hashToken, newToken } from '#server/lib/tokens.ts';
import type { AdminRole } from '#shared/admin-roles.ts';
import type { SessionUser } from '#shared/replies/auth.ts';

export interface SessionPolicy {
  idleMs: number;
  absoluteMs: number;
}

export interface SessionAdmin {
  id: string;
  username: string;
  role: AdminRole;
  isTwoFactorEnabled: boolean;
  /** The session's public id (never the cookie or its hash). */
  sessionId: string;
  /**
   * What the database had committed when the session was read (`pg_current_snapshot()`): any commit since, by
   * any process, gives a later request another. Replies kept in memory are kept under it (lib/snapshot-memo.ts).
   */
  snapshot: string;
}

/** The session's admin as the auth status and the account screen show them. */
export function sessionUserOf(admin: SessionAdmin, requireTwoFactor: boolean): SessionUser {
  return {
    username: admin.username,
    role: admin.role,
    twoFactorEnabled: admin.isTwoFactorEnabled,
    mustEnrolTwoFactor: requireTwoFactor && !admin.isTwoFactorEnabled,
  };
}

/** Where a session was opened from, shown on the account screen so an admin can tell theirs apart. */
export interface SessionOrigin {
  userAgent?: string | undefined;
  address?: string | undefined;
}

/** User agents are free text from the client: kept short. */
const USER_AGENT_MAX = 200;

/** Last-seen is written at most this often, so reads do not turn every request into a write. */
const TOUCH_INTERVAL_MS = 60_000;

export async function createSession(
  db: DbOrTx,
  adminId: string,
  policy: SessionPolicy,
  now = new Date(),
  origin: SessionOrigin = {},
) {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + policy.absoluteMs);
  await db.insert(adminSessions).values({
    idHash: hashToken(token),
    adminId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
    userAgent: origin.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
    address: origin.address ?? null,
  });
  return { token, expiresAt };
}

/**
 * Every admin request starts here, so the lookup (session and admin in one join) is built once per database
 * and sent as a named prepared statement: PostgreSQL parses and plans it once per connection.
 */
const sessionLookups = new WeakMap<Db, ReturnType<typeof prepareSessionLookup>>();

function prepareSessionLookup(db: Db) {
  return db
    .select({
      id: admins.id,
      username: admins.username,
      role: admins.role,
      disabledAt: admins.disabledAt,
      totpEnabledAt: admins.totpEnabledAt,
      sessionId: adminSessions.id,
      lastSeenAt: adminSessions.lastSeenAt,
      expiresAt: adminSessions.expiresAt,
      // Read with the session, so knowing whether anything was committed since costs no statement of its own.
      snapshot: sql<string>`pg_current_snapshot()::text`,
    })
    .from(adminSessions)
    .innerJoin(admins, eq(admins.id, adminSessions.adminId))
    .where(eq(adminSessions.idHash, sql.placeholder('idHash')))
    .limit(1)
    .prepare('admin_session_lookup');
}

function sessionLookup(db: Db) {
  let lookup = sessionLookups.get(db);
  if (!lookup) {
    lookup = prepareSessionLookup(db);
    sessionLookups.set(db, lookup);
  }
  return lookup;
}

/**
 * The admin behind a session cookie, or null when the session is unknown, past its absolute
 * expiry, or idle for longer than allowed (an expired row is removed on sight).
 */
export async function resolveSession(
  db: Db,
  token: string,
  policy: SessionPolicy,
  now = new Date(),
): Promise<SessionAdmin | null> {
  const idHash = hashToken(token);
  const [row] = await sessionLookup(db).execute({ idHash });
  if (!row) return null;

  const idleFor = now.getTime() - row.lastSeenAt.getTime();
  // A disabled admin's sessions are deleted with the change; this guards a request already on its way.
  if (row.expiresAt <= now || idleFor > policy.idleMs || row.disabledAt !== null) {
    await db.delete(adminSessions).where(eq(adminSessions.idHash, idHash));
    return null;
  }
  if (idleFor > TOUCH_INTERVAL_MS) {
    await db.update(adminSessions).set({ lastSeenAt: now }).where(eq(adminSessions.idHash, idHash));
  }
  return {
    id: row.id,
    username: row.username,
    role: row.role,
    isTwoFactorEnabled: row.totpEnabledAt !== null,
    sessionId: row.sessionId,
    snapshot: row.snapshot,
  };
}

export async function deleteSession(db: Db, token: string): Promise<void> {
  await db.delete(adminSessions).where(eq(adminSessions.idHash, hashToken(token)));
}

/** The admin's sessions still within both expiries, newest activity first. */
export async function listSessions(
  db: Db,
  admin: { id: string; sessionId: string },
  policy: SessionPolicy,
  now = new Date(),
) {
  const idleCutoff = new Date(now.getTime() - policy.idleMs);
  const rows = await db
    .select({
      id: adminSessions.id,
      createdAt: adminSessions.createdAt,
      lastSeenAt: adminSessions.lastSeenAt,
      userAgent: adminSessions.userAgent,
      address: adminSessions.address,
      expiresAt: adminSessions.expiresAt,
    })
    .from(adminSessions)
    .where(eq(adminSessions.adminId, admin.id))
    .orderBy(desc(adminSessions.lastSeenAt));
  return rows
    .filter((row) => row.expiresAt > now && row.lastSeenAt >= idleCutoff)
    .map((row) => ({
      id: row.id,
      createdAt: row.createdAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
      userAgent: row.userAgent,
      address: row.address,
      isCurrent: row.id === admin.sessionId,
    }));
}

/** Ends one of the admin's own sessions by its public id; false when there is no such session of theirs. */
export async function endSession(db: DbOrTx, adminId: string, sessionId: string): Promise<boolean> {
  const ended = await db
    .delete(adminSessions)
    .where(and(eq(adminSessions.adminId, adminId), eq(adminSessions.id, sessionId)))
    .returning({ id: adminSessions.id });
  return ended.length > 0;
}

/** Ends every session of an admin but `keepSessionId` (the one making the change), or all of them. */
export async function endOtherSessions(db: DbOrTx, adminId: string, keepSessionId?: string): Promise<number> {
  const ended = await db
    .delete(adminSessions)
    .where(
      keepSessionId
        ? and(eq(adminSessions.adminId, adminId), ne(adminSessions.id, keepSessionId))
        : eq(adminSessions.adminId, adminId),
    )
    .returning({ id: adminSessions.id });
  return ended.length;
}

/** Removes sessions past either expiry; run periodically so abandoned rows do not pile up. */
export async function deleteExpiredSessions(db: Db, policy: SessionPolicy, now = new Date()): Promise<void> {
  const idleCutoff = new Date(now.getTime() - policy.idleMs);
  await db.delete(adminSessions).where(or(lt(adminSessions.expiresAt, now), lt(adminSessions.lastSeenAt, idleCutoff)));
}
