import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '#server/db/client.ts';
import { activityLog, admins, creators } from '#server/db/schema.ts';
import { AppError, notFound } from '#server/lib/app-error.ts';
import { ASSIGNED_ACTIVITY, inAskedOrder, OPEN_STATUSES, ROUND_ROBIN_PERFORMER } from '#shared/assignees.ts';
import type { Assignee, AssigneeWorkload, BulkAssignResult } from '#shared/replies/assignees.ts';
import { ASSIGNEE_KEYS } from '#shared/schemas/assignees.ts';
import { EVENT_CREATOR_COLUMNS, recordEvent } from '../alerts/outbox.ts';
import { CREATOR_NOT_FOUND, SLA_WINDOWS } from '../creators/creators.service.ts';

/** Owners of creators and queues (decision 063): who a creator belongs to, and how new ones are handed out. */

/** GET /api/admin/assignees: every admin, the languages they work in, and how many creators are theirs. */
export async function listAssignees(db: DbOrTx): Promise<Assignee[]> {
  const [rows, counts] = await Promise.all([
    db
      .select({ id: admins.id, username: admins.username, languages: admins.languages, disabledAt: admins.disabledAt })
      .from(admins)
      .orderBy(asc(sql`lower(${admins.username})`)),
    db
      .select({ id: creators.assigneeId, count: sql<number>`count(*)::int` })
      .from(creators)
      .where(isNotNull(creators.assigneeId))
      .groupBy(creators.assigneeId),
  ]);
  const assigned = new Map(counts.map((row) => [row.id, row.count]));
  return rows.map((row) => ({
    id: row.id,
    username: row.username,
    languages: row.languages,
    isDisabled: row.disabledAt !== null,
    assigned: assigned.get(row.id) ?? 0,
  }));
}

/** The admin a creator may be given to: one who exists and can sign in. */
async function activeAdmin(tx: DbOrTx, adminId: string): Promise<{ id: string; username: string }> {
  const [admin] = await tx
    .select({ id: admins.id, username: admins.username, disabledAt: admins.disabledAt })
    .from(admins)
    .where(eq(admins.id, adminId));
  if (!admin) throw new AppError('VALIDATION_FAILED', ASSIGNEE_KEYS.unknown, { adminId: ASSIGNEE_KEYS.unknown });
  if (admin.disabledAt) {
    throw new AppError('VALIDATION_FAILED', ASSIGNEE_KEYS.disabled, { adminId: ASSIGNEE_KEYS.disabled });
  }
  return admin;
}

/**
 * Gives one locked creator to `admin` (null: nobody), with its activity entry and `creator.assigned` event in the
 * caller's transaction. Nothing is written when she is already theirs.
 */
async function assignLocked(
  tx: Tx,
  creatorRowId: string,
  admin: { id: string; username: string } | null,
  performedBy: string,
): Promise<boolean> {
  const [current] = await tx
    .select({ assigneeId: creators.assigneeId, previous: admins.username })
    .from(creators)
    .leftJoin(admins, eq(admins.id, creators.assigneeId))
    .where(eq(creators.id, creatorRowId))
    .for('update', { of: creators });
  if (!current) throw notFound(CREATOR_NOT_FOUND);
  if (current.assigneeId === (admin?.id ?? null)) return false;
  const [row] = await tx
    .update(creators)
    .set({ assigneeId: admin?.id ?? null, updatedAt: sql`now()` })
    .where(eq(creators.id, creatorRowId))
    .returning(EVENT_CREATOR_COLUMNS);
  if (!row) throw notFound(CREATOR_NOT_FOUND);
  await tx.insert(activityLog).values({
    creatorId: creatorRowId,
    action: ASSIGNED_ACTIVITY,
    performedBy,
    additionalInfo: { assignee: admin?.username ?? null, previousAssignee: current.previous ?? null },
  });
  await recordEvent(tx, 'creator.assigned', row, {
    assignee: admin?.username ?? null,
    previousAssignee: current.previous ?? null,
  });
  return true;
}

/** PUT /api/admin/creators/{creatorId}/assignee: hers is now `adminId`'s, or nobody's. */
export async function assignCreator(
  db: Db,
  input: { publicId: string; adminId: string | null; performedBy: string },
): Promise<{ assigneeId: string | null; assignee: string | null }> {
  return db.transaction(async (tx) => {
    const admin = input.adminId ? await activeAdmin(tx, input.adminId) : null;
    const [creator] = await tx.select({ id: creators.id }).from(creators).where(eq(creators.creatorId, input.publicId));
    if (!creator) throw notFound(CREATOR_NOT_FOUND);
    await assignLocked(tx, creator.id, admin, input.performedBy);
    return { assigneeId: admin?.id ?? null, assignee: admin?.username ?? null };
  });
}

/**
 * POST /api/admin/creators/bulk-assign: the selected creators to one admin (or nobody), in one transaction, in id
 * order so two bulk assignments over the same creators wait for each other rather than deadlock. Creator IDs not
 * found are reported; those already theirs count as unchanged.
 */
export async function assignInBulk(
  db: Db,
  input: { creatorIds: readonly string[]; adminId: string | null; performedBy: string },
): Promise<BulkAssignResult> {
  return db.transaction(async (tx) => {
    const admin = input.adminId ? await activeAdmin(tx, input.adminId) : null;
    const rows = await tx
      .select({ id: creators.id, creatorId: creators.creatorId })
      .from(creators)
      .where(inArray(creators.creatorId, [...input.creatorIds]))
      .orderBy(asc(creators.id));
    const found = new Set(rows.map((row) => row.creatorId));
    const result: BulkAssignResult = { assigned: [], unchanged: [], notFound: [] };
    for (const row of rows) {
      const changed = await assignLocked(tx, row.id, admin, input.performedBy);
      (changed ? result.assigned : result.unchanged).push(row.creatorId);
    }
    result.notFound = input.creatorIds.filter((creatorId) => !found.has(creatorId));
    return inAskedOrder(result, input.creatorIds);
  });
}

/**
 * Round-robin (decision 063): the active admin working in `language` who was handed one longest ago (never first),
 * locked so two applications at once go to two admins. Null when nobody works in it.
 */
export async function assignByRoundRobin(tx: Tx, creator: { id: string; language: string }): Promise<void> {
  const [next] = await tx
    .select({ id: admins.id, username: admins.username })
    .from(admins)
    .where(and(isNull(admins.disabledAt), sql`${creator.language} = any(${admins.languages})`))
    .orderBy(sql`${admins.lastAssignedAt} asc nulls first`, asc(admins.createdAt), asc(admins.id))
    .limit(1)
    .for('update');
  if (!next) return;
  await tx.update(admins).set({ lastAssignedAt: sql`clock_timestamp()` }).where(eq(admins.id, next.id));
  await assignLocked(tx, creator.id, next, ROUND_ROBIN_PERFORMER);
}

/** PUT /api/admin/account/languages: the applicants' languages this admin works in. */
export async function setAdminLanguages(db: Db, adminId: string, languages: readonly string[]): Promise<string[]> {
  const [row] = await db
    .update(admins)
    .set({ languages: [...new Set(languages)], updatedAt: sql`now()` })
    .where(eq(admins.id, adminId))
    .returning({ languages: admins.languages });
  if (!row) throw notFound();
  return row.languages;
}

/**
 * GET /api/admin/assignees/workload: each admin's creators still in play, by status, with how many of their pending
 * ones are due or overdue for a first answer (decision 025). Read through the assignee index; only assigned
 * creators are counted (the dashboard's own counts hold everyone).
 */
export async function teamWorkload(db: DbOrTx): Promise<AssigneeWorkload[]> {
  const [team, rows] = await Promise.all([
    listAssignees(db),
    db
      .select({
        adminId: creators.assigneeId,
        status: creators.status,
        count: sql<number>`count(*)::int`,
        due: sql<number>`(count(*) filter (where ${SLA_WINDOWS.due}))::int`,
        overdue: sql<number>`(count(*) filter (where ${SLA_WINDOWS.overdue}))::int`,
      })
      .from(creators)
      .where(and(isNotNull(creators.assigneeId), inArray(creators.status, [...OPEN_STATUSES])))
      .groupBy(creators.assigneeId, creators.status),
  ]);
  return team.map((admin) => {
    const own = rows.filter((row) => row.adminId === admin.id);
    return {
      adminId: admin.id,
      username: admin.username,
      isDisabled: admin.isDisabled,
      counts: Object.fromEntries(
        OPEN_STATUSES.map((status) => [status, own.find((r) => r.status === status)?.count ?? 0]),
      ) as AssigneeWorkload['counts'],
      due: own.reduce((sum, row) => sum + row.due, 0),
      overdue: own.reduce((sum, row) => sum + row.overdue, 0),
    };
  });
}
