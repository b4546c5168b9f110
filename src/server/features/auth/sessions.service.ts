import { eq, lt, or, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { adminSessions, admins } from '#server/db/schema.ts';
import { hashToken, newToken } from '#server/lib/tokens.ts';

export interface SessionPolicy {
  idleMs: number;
  absoluteMs: number;
}

export interface SessionAdmin {
  id: string;
  username: string;
}

/** Last-seen is written at most this often, so reads do not turn every request into a write. */
const TOUCH_INTERVAL_MS = 60_000;

export async function createSession(db: Db, adminId: string, policy: SessionPolicy, now = new Date()) {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + policy.absoluteMs);
  await db
    .insert(adminSessions)
    .values({ idHash: hashToken(token), adminId, createdAt: now, lastSeenAt: now, expiresAt });
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
      lastSeenAt: adminSessions.lastSeenAt,
      expiresAt: adminSessions.expiresAt,
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
  if (row.expiresAt <= now || idleFor > policy.idleMs) {
    await db.delete(adminSessions).where(eq(adminSessions.idHash, idHash));
    return null;
  }
  if (idleFor > TOUCH_INTERVAL_MS) {
    await db.update(adminSessions).set({ lastSeenAt: now }).where(eq(adminSessions.idHash, idHash));
  }
  return { id: row.id, username: row.username };
}

export async function deleteSession(db: Db, token: string): Promise<void> {
  await db.delete(adminSessions).where(eq(adminSessions.idHash, hashToken(token)));
}

/** Removes sessions past either expiry; run periodically so abandoned rows do not pile up. */
export async function deleteExpiredSessions(db: Db, policy: SessionPolicy, now = new Date()): Promise<void> {
  const idleCutoff = new Date(now.getTime() - policy.idleMs);
  await db.delete(adminSessions).where(or(lt(adminSessions.expiresAt, now), lt(adminSessions.lastSeenAt, idleCutoff)));
}
