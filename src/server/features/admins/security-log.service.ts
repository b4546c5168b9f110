import { and, desc, eq, gt } from 'drizzle-orm';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { adminSecurityEvents } from '#server/db/schema.ts';
import { clientGroup } from '#server/lib/client-address.ts';
import type { SecurityEvent } from '#shared/replies/account.ts';
import type { SecurityEventKind } from '#shared/schemas/auth.ts';

export interface EventOrigin {
  address?: string | undefined;
  userAgent?: string | undefined;
}

const USER_AGENT_MAX = 200;
export const SECURITY_LOG_LENGTH = 50;
/** How long a successful sign-in keeps its address trusted by the login throttle. */
export const KNOWN_ADDRESS_MS = 90 * 86_400_000;

export async function recordSecurityEvent(
  db: DbOrTx,
  adminId: string,
  kind: SecurityEventKind,
  origin: EventOrigin = {},
  now = new Date(),
): Promise<void> {
  await db.insert(adminSecurityEvents).values({
    adminId,
    kind,
    address: origin.address ?? null,
    addressGroup: origin.address ? clientGroup(origin.address) : null,
    userAgent: origin.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
    createdAt: now,
  });
}

/** The admin's own log, newest first. */
export async function listSecurityEvents(db: Db, adminId: string): Promise<SecurityEvent[]> {
  const rows = await db
    .select()
    .from(adminSecurityEvents)
    .where(eq(adminSecurityEvents.adminId, adminId))
    .orderBy(desc(adminSecurityEvents.createdAt), desc(adminSecurityEvents.id))
    .limit(SECURITY_LOG_LENGTH);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind as SecurityEventKind,
    at: row.createdAt.toISOString(),
    address: row.address,
    userAgent: row.userAgent,
  }));
}

/** Whether this admin has signed in from this address group (IPv4 address or IPv6 /64) lately. */
export async function hasSignedInFrom(db: Db, adminId: string, addressGroup: string, now = new Date()) {
  const [row] = await db
    .select({ id: adminSecurityEvents.id })
    .from(adminSecurityEvents)
    .where(
      and(
        eq(adminSecurityEvents.adminId, adminId),
        eq(adminSecurityEvents.kind, 'sign_in'),
        eq(adminSecurityEvents.addressGroup, addressGroup),
        gt(adminSecurityEvents.createdAt, new Date(now.getTime() - KNOWN_ADDRESS_MS)),
      ),
    )
    .limit(1);
  return row !== undefined;
}
