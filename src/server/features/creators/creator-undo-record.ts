import { eq, sql } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import { creators } from '#server/db/schema.ts';
import { creatorChangeUndo } from '#server/db/staff-work-schema.ts';
import { actionNameOf, type MoveRule } from '#shared/creator-actions.ts';

/**
 * Copies what a staff change is about to replace under its activity entry's id (docs/decisions/033). Called in
 * the change's transaction before its update: the copy is made inside the database, so the stage-2 token hash
 * is never read into the server, and `changed_at` is that transaction's `now()`, which the update writes as
 * the creator's `updated_at`.
 */
export async function rememberForUndo(
  tx: Tx,
  change: { activityId: string; creatorId: string; action: MoveRule },
): Promise<void> {
  const name = actionNameOf(change.action);
  if (!name || change.action.by !== 'admin') return;
  await tx.insert(creatorChangeUndo).select(
    tx
      .select({
        activityId: sql`${change.activityId}::uuid`.as('activity_id'),
        creatorId: creators.id,
        action: sql`${name}`.as('action'),
        changedAt: sql`now()`.as('changed_at'),
        undoneAt: sql`null::timestamptz`.as('undone_at'),
        beforeStatus: creators.status,
        beforeListingUrl: creators.rollickListingUrl,
        beforeHubId: creators.rollickCreatorHubId,
        beforeTokenHash: creators.stage2TokenHash,
        beforeTokenExpiresAt: creators.stage2TokenExpiresAt,
        beforeLinkSentAt: creators.stage2LinkSentAt,
        beforeFirstStaffActionAt: creators.firstStaffActionAt,
        beforeCancelReasonId: creators.cancelReasonId,
        beforeCancelNote: creators.cancelNote,
      })
      .from(creators)
      .where(eq(creators.id, change.creatorId)),
  );
}
