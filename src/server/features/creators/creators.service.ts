import { and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { activityLog, creatorStatusCounts, creators, stage2Submissions } from '#server/db/schema.ts';
import { notFound } from '#server/lib/app-error.ts';
import { CREATOR_STATUSES, type CreatorStatus } from '#shared/creator-status.ts';
import { ADMIN_PAGE_SIZE, RECENT_SUBMISSIONS } from '#shared/limits.ts';
import type { Creator, CreatorDetail, CreatorPage, CreatorSummary, StatusCounts } from '#shared/schemas/creator.ts';
import { type CreatorRow, creatorColumns, toActivityEntry, toCreator, toStage2Data } from './creator-dto.ts';
import { normaliseCreatorId } from './creator-id.ts';

/** Newest first; the id breaks ties between rows written in one transaction, so pages never overlap. */
const newestFirst = [desc(creators.createdAt), desc(creators.id)];

export const CREATOR_NOT_FOUND = 'Creator not found';

/** The row behind a public Creator ID as typed in a URL; a malformed id is simply not found. */
export async function findCreatorRow(db: DbOrTx, publicId: string): Promise<CreatorRow> {
  const creatorId = normaliseCreatorId(publicId);
  if (!creatorId) throw notFound(CREATOR_NOT_FOUND);
  const [row] = await db.select(creatorColumns).from(creators).where(eq(creators.creatorId, creatorId)).limit(1);
  if (!row) throw notFound(CREATOR_NOT_FOUND);
  return row;
}

/** GET /api/admin/creators (spec §7): every creator. */
export async function listCreators(db: DbOrTx): Promise<Creator[]> {
  const rows = await db
    .select(creatorColumns)
    .from(creators)
    .orderBy(...newestFirst);
  return rows.map(toCreator);
}

/** The seven counts come from the trigger-kept table (docs/decisions/005), not from counting creators. */
export async function getCreatorSummary(db: DbOrTx): Promise<CreatorSummary> {
  const [countRows, recentRows] = await Promise.all([
    db.select().from(creatorStatusCounts),
    db
      .select(creatorColumns)
      .from(creators)
      .orderBy(...newestFirst)
      .limit(RECENT_SUBMISSIONS),
  ]);
  const counts = Object.fromEntries(CREATOR_STATUSES.map((status) => [status, 0])) as StatusCounts;
  for (const row of countRows) counts[row.status] = row.count;
  return { counts, recent: recentRows.map(toCreator) };
}

/** GET /api/admin/creators/status/{status} without paging (spec §7): the whole list. */
export async function listCreatorsByStatus(db: DbOrTx, status: CreatorStatus): Promise<Creator[]> {
  const rows = await db
    .select(creatorColumns)
    .from(creators)
    .where(eq(creators.status, status))
    .orderBy(...newestFirst);
  return rows.map(toCreator);
}

/** `%`, `_` and `\` typed by an admin are literal characters, not patterns. */
export function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

async function statusCount(db: DbOrTx, status: CreatorStatus): Promise<number> {
  const [row] = await db
    .select({ count: creatorStatusCounts.count })
    .from(creatorStatusCounts)
    .where(eq(creatorStatusCounts.status, status));
  return row?.count ?? 0;
}

/**
 * One page of a status list, optionally narrowed by a case-insensitive search over name, contact
 * info and Creator ID. Without a search the total is the kept count, so paging stays cheap at any size.
 */
export async function pageCreatorsByStatus(
  db: DbOrTx,
  input: { status: CreatorStatus; page: number; q?: string | undefined },
): Promise<CreatorPage> {
  const { status, page } = input;
  const q = input.q?.trim();
  const filters: SQL[] = [eq(creators.status, status)];
  if (q) {
    const pattern = likeContains(q);
    const search = or(
      ilike(creators.name, pattern),
      ilike(creators.contactInfo, pattern),
      ilike(creators.creatorId, pattern),
    );
    if (search) filters.push(search);
  }
  const where = and(...filters);
  const [rows, total] = await Promise.all([
    db
      .select(creatorColumns)
      .from(creators)
      .where(where)
      .orderBy(...newestFirst)
      .limit(ADMIN_PAGE_SIZE)
      .offset((page - 1) * ADMIN_PAGE_SIZE),
    q
      ? db
          .select({ count: count() })
          .from(creators)
          .where(where)
          .then(([row]) => row?.count ?? 0)
      : statusCount(db, status),
  ]);
  return { items: rows.map(toCreator), total, page, pageSize: ADMIN_PAGE_SIZE };
}

/** GET /api/admin/creators/{creatorId}: the creator, their stage-2 answers if any, and the log oldest first. */
export async function getCreatorDetail(db: DbOrTx, publicId: string): Promise<CreatorDetail> {
  const row = await findCreatorRow(db, publicId);
  const [stage2Rows, activityRows] = await Promise.all([
    db.select().from(stage2Submissions).where(eq(stage2Submissions.creatorId, row.id)).limit(1),
    db
      .select()
      .from(activityLog)
      .where(eq(activityLog.creatorId, row.id))
      .orderBy(asc(activityLog.timestamp), asc(activityLog.id)),
  ]);
  const [stage2] = stage2Rows;
  return {
    creator: toCreator(row),
    stage2Data: stage2 ? toStage2Data(stage2, row.creatorId) : null,
    activityLog: activityRows.map(toActivityEntry),
  };
}
