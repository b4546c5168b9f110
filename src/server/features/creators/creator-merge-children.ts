import { type AnyColumn, getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '#server/db/client.ts';
import { creatorProgress } from '#server/db/insights-schema.ts';
import { activityLog, outboxEvents, stage2Submissions } from '#server/db/schema.ts';
import { creatorChangeUndo, creatorTags, stage2Reminders } from '#server/db/staff-work-schema.ts';
import { MERGED_FROM_DETAIL } from '#shared/creator-merge.ts';

/**
 * A table whose rows belong to a creator (a foreign key to `creators.id`), as a merge treats it (decision 062).
 * Its rows move to the record that stays, except those the record that stays already has an equal of:
 * `sameWhen` names the columns that, with the creator, make a row unique (empty: one row per creator, so the
 * record that stays keeps its own). Rows that do not move go with the removed creator (cascade).
 */
export interface CreatorChildTable {
  table: PgTable;
  creator: AnyColumn;
  sameWhen?: readonly AnyColumn[];
  /** More to set on each row as it moves, given the removed record's Creator ID. */
  alsoSet?: (mergedCreatorId: string) => SQL;
}

/**
 * Every table with a foreign key to `creators.id`, one line each; a test compares this list with the
 * database's own foreign keys, so a table added later fails it until it is listed here.
 */
export const CREATOR_CHILD_TABLES: readonly CreatorChildTable[] = [
  // Notes, status changes and messages: each says it came from the merged record.
  {
    table: activityLog,
    creator: activityLog.creatorId,
    alsoSet: (mergedCreatorId) =>
      sql`additional_info = coalesce(additional_info, '{}'::jsonb) || jsonb_build_object(${MERGED_FROM_DETAIL}::text, ${mergedCreatorId}::text)`,
  },
  // Events and, through them, their deliveries: the message history reads them by event id.
  { table: outboxEvents, creator: outboxEvents.creatorId },
  // Kept for the record; an undo of these is refused, as the merge changed the record since (decision 033).
  { table: creatorChangeUndo, creator: creatorChangeUndo.creatorId },
  {
    table: stage2Reminders,
    creator: stage2Reminders.creatorId,
    sameWhen: [stage2Reminders.linkSentAt, stage2Reminders.markDays],
  },
  // The answers the owner chose are settled before the move: the other's row has been deleted by then.
  { table: stage2Submissions, creator: stage2Submissions.creatorId, sameWhen: [] },
  // The record that stays keeps its own time in status and milestone (one row per creator).
  { table: creatorProgress, creator: creatorProgress.creatorId, sameWhen: [] },
  // Tags (decision 063): the record that stays carries both records' tags, each once.
  { table: creatorTags, creator: creatorTags.creatorId, sameWhen: [creatorTags.tagId] },
];

const column = (name: AnyColumn) => sql.identifier(name.name);

/** Moves the removed record's rows of every child table to the record that stays, inside the merge's transaction. */
export async function moveChildRows(
  tx: Tx,
  ids: { from: string; into: string; mergedCreatorId: string },
): Promise<void> {
  for (const child of CREATOR_CHILD_TABLES) {
    const name = sql.identifier(getTableName(child.table));
    const creator = column(child.creator);
    const set = child.alsoSet ? sql`, ${child.alsoSet(ids.mergedCreatorId)}` : sql``;
    const same = child.sameWhen
      ? sql` and not exists (select 1 from ${name} as kept where kept.${creator} = ${ids.into}${sql.join(
          child.sameWhen.map((other) => sql` and kept.${column(other)} = ${name}.${column(other)}`),
        )})`
      : sql``;
    await tx.execute(sql`update ${name} set ${creator} = ${ids.into}${set} where ${creator} = ${ids.from}${same}`);
  }
}
