import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '#server/db/client.ts';
import {
  activityLog,
  creatorStatusCounts,
  creators,
  creatorWaitingCount,
  stage2Submissions,
} from '#server/db/schema.ts';
import { AppError, notFound } from '#server/lib/app-error.ts';
import { CREATOR_STATUSES, type CreatorStatus } from '#shared/creator-status.ts';
import { ADMIN_PAGE_SIZE, RECENT_SUBMISSIONS, SLA_DUE_HOURS, SLA_OVERDUE_HOURS } from '#shared/limits.ts';
import type { MessageKey } from '#shared/messages/message.ts';
import type {
  Creator,
  CreatorDetail,
  CreatorPage,
  CreatorSummary,
  SlaCounts,
  StatusCounts,
} from '#shared/replies/creators.ts';
import { CREATOR_QUERY_KEYS, type CreatorSort, type PageStart, type SlaFilter } from '#shared/schemas/creator.ts';
import type { ListFilters } from '#shared/schemas/list-filters.ts';
import { creatorMessagesOf } from '../messages/creator-messages.service.ts';
import {
  type CreatorRow,
  creatorAsApi,
  creatorColumns,
  toActivityEntry,
  toCreator,
  toStage2Data,
} from './creator-dto.ts';
import { findDuplicates } from './creator-duplicates.service.ts';
import { normaliseCreatorId } from './creator-id.ts';
import { listFilterWhere } from './creator-list-filters.ts';
import { readAll, readPage } from './creator-pages.ts';
import { SEARCH_COUNT_CAP, searchCreatorPage } from './creator-search.ts';

export const CREATOR_NOT_FOUND = 'creators.notFound' satisfies MessageKey;

/** The row behind a public Creator ID as typed in a URL; a malformed id is simply not found. */
export async function findCreatorRow(db: DbOrTx, publicId: string): Promise<CreatorRow> {
  const creatorId = normaliseCreatorId(publicId);
  if (!creatorId) throw notFound(CREATOR_NOT_FOUND);
  const [row] = await db.select(creatorColumns).from(creators).where(eq(creators.creatorId, creatorId)).limit(1);
  if (!row) throw notFound(CREATOR_NOT_FOUND);
  return row;
}

/** GET /api/admin/creators (product §7): every creator, read in batches so any number fits in memory. */
export function listCreators(db: DbOrTx): AsyncGenerator<Creator[]> {
  return readAll(db, undefined);
}

const DUE_AFTER = sql.raw(`now() - interval '${SLA_DUE_HOURS} hours'`);
const OVERDUE_AFTER = sql.raw(`now() - interval '${SLA_OVERDUE_HOURS} hours'`);

/** Pending creators no one has acted on yet: exactly the rows of the partial index `creators_waiting_idx`. */
const isWaiting = sql`${creators.status} = 'pending' and ${creators.firstStaffActionAt} is null`;

/** The pending list's waiting filters (decision 025); bulk actions and exports read the same rows. */
export const SLA_WINDOWS = {
  due: sql`${isWaiting} and ${creators.createdAt} <= ${DUE_AFTER} and ${creators.createdAt} > ${OVERDUE_AFTER}`,
  overdue: sql`${isWaiting} and ${creators.createdAt} <= ${OVERDUE_AFTER}`,
} satisfies Record<SlaFilter, SQL>;

/**
 * The dashboard in one statement: the seven kept counts (docs/decisions/005), the newest creators, each
 * already in the API's shape (decision 014), and the 24–48 hour clock's counts (decision 025): the kept
 * number of waiting creators, less those of the last two days, read from the partial index of waiting ones.
 * One round trip matters most on the embedded database, where every statement crosses to the database's
 * thread and back.
 */
const summaryQuery = sql`select
  (select json_object_agg(status, count) from ${creatorStatusCounts}) as counts,
  (select coalesce(json_agg(newest), '[]'::json) from (
    select ${creatorAsApi} from ${creators} order by created_at desc, id desc limit ${sql.raw(String(RECENT_SUBMISSIONS))}
  ) as newest) as recent,
  (select json_build_object(
      'due', count(*) filter (where ${creators.createdAt} <= ${DUE_AFTER}),
      'overdue', (select ${creatorWaitingCount.count} from ${creatorWaitingCount}) - count(*))
    from ${creators} where ${isWaiting} and ${creators.createdAt} > ${OVERDUE_AFTER}) as sla`;

export async function getCreatorSummary(db: DbOrTx): Promise<CreatorSummary> {
  // Both drivers answer raw SQL with `rows`, and both parse `json` columns.
  const { rows } = (await db.execute(summaryQuery)) as unknown as {
    rows: { counts: Partial<StatusCounts> | null; recent: Creator[]; sla: SlaCounts | null }[];
  };
  const [row] = rows;
  const counts = Object.fromEntries(CREATOR_STATUSES.map((status) => [status, row?.counts?.[status] ?? 0]));
  const sla = { due: Number(row?.sla?.due ?? 0), overdue: Number(row?.sla?.overdue ?? 0) };
  return { counts: counts as StatusCounts, recent: row?.recent ?? [], sla };
}

/** GET /api/admin/creators/status/{status} without paging (product §7): the whole list, in batches. */
export function listCreatorsByStatus(db: DbOrTx, status: CreatorStatus): AsyncGenerator<Creator[]> {
  return readAll(db, eq(creators.status, status));
}

/** A status's kept count (docs/decisions/005), as a statement of its own or as a figure beside a page's rows. */
const statusCountSql = (status: CreatorStatus) =>
  sql<number>`select ${creatorStatusCounts.count} from ${creatorStatusCounts} where ${creatorStatusCounts.status} = ${status}`;

async function statusCount(db: DbOrTx, status: CreatorStatus): Promise<number> {
  const { rows } = (await db.execute(statusCountSql(status))) as unknown as { rows: { count: number }[] };
  return Number(rows[0]?.count ?? 0);
}

/**
 * A filtered list counts its rows up to this many, as a search does; beyond it the total reads "more than", so no
 * filter reads a status of a million creators to count it (docs/performance.md).
 */
export const FILTER_COUNT_CAP = SEARCH_COUNT_CAP;

/** Rows of a filtered list, counted up to `cap`. */
export async function countUpTo(
  db: DbOrTx,
  where: SQL | undefined,
  cap: number,
): Promise<{ total: number; totalIsExact: boolean }> {
  const rows = db
    .select({ one: sql`1` })
    .from(creators)
    .where(where)
    .limit(cap + 1)
    .as('rows');
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(rows);
  const count = row?.count ?? 0;
  return { total: Math.min(count, cap), totalIsExact: count <= cap };
}

/**
 * The due creators are counted (at most two days of arrivals); the overdue are all waiting creators, a kept
 * count, less the last two days' (decision 025).
 */
async function slaCount(db: DbOrTx, sla: SlaFilter): Promise<number> {
  const [row] = await db
    .select({
      due: sql<number>`count(*) filter (where ${creators.createdAt} <= ${DUE_AFTER})::int`,
      overdue: sql<number>`(select ${creatorWaitingCount.count} from ${creatorWaitingCount}) - count(*)::int`,
    })
    .from(creators)
    .where(and(isWaiting, sql`${creators.createdAt} > ${OVERDUE_AFTER}`));
  return Number(row?.[sla] ?? 0);
}

/**
 * One page of a status list (docs/decisions/014), optionally narrowed by the admin search or, on the pending
 * list, to the creators due or overdue (decision 025), newest or oldest first. Without a search or a waiting
 * filter the total is the kept count, so paging costs the same at any size and on any page.
 */
export async function pageCreatorsByStatus(
  db: Db,
  input: {
    status: CreatorStatus;
    start: PageStart;
    q?: string | undefined;
    sort?: CreatorSort | undefined;
    sla?: SlaFilter | undefined;
    /** The list filters (decision 063), with the assignee `me` already read as the admin asking. */
    filters?: ListFilters | undefined;
    /** A filtered page counts up to this many, at most FILTER_COUNT_CAP (the board's columns ask fewer). */
    countUpTo?: number | undefined;
  },
): Promise<CreatorPage> {
  const { status, start, sla } = input;
  const sort = input.sort ?? 'newest';
  if (sla && status !== 'pending') {
    throw new AppError('VALIDATION_FAILED', CREATOR_QUERY_KEYS.slaStatus, {
      sla: CREATOR_QUERY_KEYS.slaStatus,
    });
  }
  const q = input.q?.trim();
  const waiting = sla ? SLA_WINDOWS[sla] : undefined;
  const narrowed = listFilterWhere(input.filters ?? {});
  const also = and(waiting, narrowed);
  if (q) return searchCreatorPage(db, { status, q, start, pageSize: ADMIN_PAGE_SIZE, sort, also });
  const where = and(eq(creators.status, status), also);
  if (!narrowed && !sla) {
    // The whole status: its kept count is read with the rows, in one statement; an empty page carries none.
    const { alongside, ...page } = await readPage(db, where, start, ADMIN_PAGE_SIZE, {
      sort,
      alongside: statusCountSql(status),
    });
    const total = alongside ?? (await statusCount(db, status));
    return { ...page, pageSize: ADMIN_PAGE_SIZE, total, totalIsExact: true };
  }
  const [page, counted] = await Promise.all([
    readPage(db, where, start, ADMIN_PAGE_SIZE, { sort }),
    // The clock keeps its counter; a filtered list is counted up to a cap.
    sla && !narrowed
      ? slaCount(db, sla).then((total) => ({ total, totalIsExact: true }))
      : countUpTo(db, where, Math.min(input.countUpTo ?? FILTER_COUNT_CAP, FILTER_COUNT_CAP)),
  ]);
  return { ...page, pageSize: ADMIN_PAGE_SIZE, ...counted };
}

/** GET /api/admin/creators/{creatorId}: the creator, their stage-2 answers if any, and the log oldest first. */
export async function getCreatorDetail(db: DbOrTx, publicId: string): Promise<CreatorDetail> {
  const row = await findCreatorRow(db, publicId);
  const [stage2Rows, activityRows, duplicates] = await Promise.all([
    db.select().from(stage2Submissions).where(eq(stage2Submissions.creatorId, row.id)).limit(1),
    db
      .select()
      .from(activityLog)
      .where(eq(activityLog.creatorId, row.id))
      .orderBy(asc(activityLog.timestamp), asc(activityLog.id)),
    findDuplicates(db, row),
  ]);
  const [stage2] = stage2Rows;
  const activity = activityRows.map(toActivityEntry);
  return {
    creator: toCreator(row),
    stage2Data: stage2 ? toStage2Data(stage2, row.creatorId) : null,
    activityLog: activity,
    duplicates,
    messages: await creatorMessagesOf(db, activity),
  };
}
