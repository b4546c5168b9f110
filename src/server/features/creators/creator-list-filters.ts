import { and, eq, gte, isNull, lt, type SQL, sql } from 'drizzle-orm';
import { creators } from '#server/db/schema.ts';
import { ASSIGNEE_ME, ASSIGNEE_NONE } from '#shared/assignees.ts';
import type { ListFilters } from '#shared/schemas/list-filters.ts';

/** Whose creators (decision 063); `me` must have been read as the asking admin's id first (`withViewer`). */
export function assigneeWhere(assignee: string | undefined): SQL | undefined {
  if (assignee === undefined) return undefined;
  if (assignee === ASSIGNEE_NONE) return isNull(creators.assigneeId);
  if (assignee === ASSIGNEE_ME) throw new Error('the assignee filter "me" was not read as an admin');
  return eq(creators.assigneeId, assignee);
}

/** A filter with `me` read as the admin asking, so it means the same when a job reads it later. */
export function withViewer<F extends { assignee?: string | undefined }>(filter: F, adminId: string): F {
  return filter.assignee === ASSIGNEE_ME ? { ...filter, assignee: adminId } : filter;
}

/**
 * The creators carrying one tag (decision 063), read from the copy of her tags on her row: the planner knows each
 * tag's share from the column's statistics, and takes the GIN index for a rare one.
 */
export function tagWhere(tagId: string | undefined): SQL | undefined {
  if (tagId === undefined) return undefined;
  return sql`${creators.tagIds} @> array[${tagId}]::uuid[]`;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The start of a YYYY-MM-DD day in UTC. */
function dayStart(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

/**
 * The list filters (decision 063) as one condition. The date range is a range on the application time, so a
 * status list reads it through its (status, created_at) index; the others narrow the rows read.
 */
export function listFilterWhere(filters: ListFilters): SQL | undefined {
  return and(
    filters.recruiterId ? eq(creators.recruiterId, filters.recruiterId) : undefined,
    filters.language ? eq(creators.language, filters.language) : undefined,
    filters.duplicates ? eq(creators.hasDuplicates, true) : undefined,
    filters.from ? gte(creators.createdAt, dayStart(filters.from)) : undefined,
    filters.to ? lt(creators.createdAt, new Date(dayStart(filters.to).getTime() + DAY_MS)) : undefined,
    assigneeWhere(filters.assignee),
    tagWhere(filters.tag),
  );
}
