import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { creatorRemovals, type RetentionReason } from '#server/db/schema.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { FileStore } from '#server/lib/file-store.ts';
import type { CreatorStatus } from '#shared/creator-status.ts';
import { deleteCreator } from '../creators/creator-delete.service.ts';
import type { FileLog } from '../files/files.service.ts';

/** Creators judged per round: each is deleted in its own short transaction, so the job never holds the table. */
const RETENTION_BATCH_SIZE = 200;

const DAY_MS = 86_400_000;

/**
 * The creators a reason applies to, oldest first, at most a batch. Cancelled: cancelled before the cutoff
 * (the last "to cancelled" entry of the activity log, or the last change of the row when the log has none).
 * Pending without staff action: applied before the cutoff and no activity entry by any admin since, that is
 * no entry whose author is an admin's username (the applicant's and the creator's own entries do not count).
 */
function eligible(reason: RetentionReason, cutoff: Date) {
  const before = cutoff.toISOString();
  if (reason === 'cancelled') {
    return sql`select c.creator_id as "creatorId" from creators c
      where c.status = 'cancelled' and coalesce(
        (select max(a.timestamp) from activity_log a where a.creator_id = c.id and a.additional_info->>'to' = 'cancelled'),
        c.updated_at) < ${before}::timestamptz
      order by c.created_at, c.id limit ${RETENTION_BATCH_SIZE}`;
  }
  return sql`select c.creator_id as "creatorId" from creators c
    where c.status = 'pending' and c.created_at < ${before}::timestamptz
      and not exists (select 1 from activity_log a join admins ad on lower(ad.username) = lower(a.performed_by)
        where a.creator_id = c.id)
    order by c.created_at, c.id limit ${RETENTION_BATCH_SIZE}`;
}

const STATUS_OF = {
  cancelled: 'cancelled',
  pending_without_staff_action: 'pending',
} as const satisfies Record<RetentionReason, CreatorStatus>;

export interface RetentionSummary {
  retentionDays: number;
  cutoff: string;
  removed: Record<RetentionReason, number>;
  /** Found eligible but changed before their turn (moved on, or deleted by an admin): kept. */
  skipped: number;
}

/**
 * The retention rule (RETENTION_DAYS, docs/decisions/027): removes for good, through the same deletion as the
 * Delete button (rows first, files after the commit), every creator cancelled longer than `retentionDays`
 * ago and every pending one nobody on the staff has acted on in that time. Each removal writes its audit row
 * in the deletion's own transaction; the status guard keeps a creator relisted meanwhile.
 */
export async function applyRetention(
  db: Db,
  store: FileStore,
  input: { retentionDays: number; now?: Date; log?: FileLog },
): Promise<RetentionSummary> {
  const cutoff = new Date((input.now ?? new Date()).getTime() - input.retentionDays * DAY_MS);
  const removed: Record<RetentionReason, number> = { cancelled: 0, pending_without_staff_action: 0 };
  let skipped = 0;
  for (const reason of Object.keys(STATUS_OF) as RetentionReason[]) {
    for (;;) {
      const { rows } = (await db.execute(eligible(reason, cutoff))) as unknown as { rows: { creatorId: string }[] };
      let removedThisRound = 0;
      for (const { creatorId } of rows) {
        try {
          await deleteCreator(db, store, {
            publicId: creatorId,
            ...(input.log ? { log: input.log } : {}),
            statuses: [STATUS_OF[reason]],
            onDeleted: async (tx, creator) => {
              await tx
                .insert(creatorRemovals)
                .values({ creatorId: creator.creatorId, statusAtRemoval: creator.status, reason });
            },
          });
          removedThisRound++;
        } catch (error) {
          // Moved on or deleted since it was found: no longer this rule's to remove.
          if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
          skipped++;
        }
      }
      removed[reason] += removedThisRound;
      // A short round is the last; a round that removed nobody would only find the same creators again.
      if (rows.length < RETENTION_BATCH_SIZE || removedThisRound === 0) break;
    }
  }
  return { retentionDays: input.retentionDays, cutoff: cutoff.toISOString(), removed, skipped };
}
