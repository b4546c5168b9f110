import { inArray } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { creators } from '#server/db/schema.ts';
import { CREATOR_MACHINE } from '#shared/creator-actions.ts';
import type { CreatorStatus } from '#shared/creator-status.ts';
import { type Message, messageOf } from '#shared/messages/message.ts';
import type { BulkFailure, BulkResult } from '#shared/replies/creators.ts';
import { BULK_DELETABLE_STATUSES } from '#shared/schemas/bulk.ts';
import {
  type BulkActionWork,
  type BulkTargets,
  failureOf,
  matchingCreatorIds,
  namedCreatorIds,
} from './creator-bulk.service.ts';
import { cannotMove, cannotSendStage2 } from './creator-status.service.ts';
import { CREATOR_NOT_FOUND } from './creators.service.ts';

/** Statuses are read this many creators at a time. */
const BATCH_SIZE = 1000;

/** Why the action would leave a creator of this status as they are, as the action itself would say; null: it would run. */
function refusalOf(work: BulkActionWork, from: CreatorStatus): Message | null {
  switch (work.action) {
    case 'status':
      return CREATOR_MACHINE.moveMaking('status', from, work.status) ? null : cannotMove(work.status)(from);
    case 'stage2':
      return CREATOR_MACHINE.moveMaking('sendStage2', from) ? null : cannotSendStage2(from);
    case 'delete':
      return BULK_DELETABLE_STATUSES.includes(from)
        ? null
        : { key: 'creators.cannotDelete', params: { allowed: BULK_DELETABLE_STATUSES.join(','), status: from } };
  }
}

/**
 * A bulk action's dry run (docs/decisions/033): the same creators, judged by the same rules and refused with
 * the same messages as the action would, from their statuses now, and nothing changed. The confirmation shows
 * its counts, so "all matching" is counted as the server will resolve it. A creator another admin moves before
 * the action runs is judged again then.
 */
export async function previewBulkAction(
  db: Db,
  input: { work: BulkActionWork; targets: BulkTargets },
): Promise<BulkResult> {
  const { work, targets } = input;
  const failed: BulkFailure[] = [];
  const ids =
    'matching' in targets
      ? await matchingCreatorIds(db, targets.matching)
      : namedCreatorIds(targets.creatorIds, failed);
  const succeeded: string[] = [];
  for (let start = 0; start < ids.length; start += BATCH_SIZE) {
    const batch = ids.slice(start, start + BATCH_SIZE);
    const rows = await db
      .select({ creatorId: creators.creatorId, status: creators.status })
      .from(creators)
      .where(inArray(creators.creatorId, batch));
    const statusOf = new Map(rows.map((row) => [row.creatorId, row.status]));
    for (const creatorId of batch) {
      const status = statusOf.get(creatorId);
      const refusal = status === undefined ? messageOf(CREATOR_NOT_FOUND) : refusalOf(work, status);
      if (refusal === null) succeeded.push(creatorId);
      else failed.push(failureOf(creatorId, status === undefined ? 'NOT_FOUND' : 'INVALID_TRANSITION', refusal));
    }
  }
  return { action: work.action, succeeded, failed, dryRun: true };
}
