import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { activityLog, creators } from '#server/db/schema.ts';
import { creatorChangeUndo } from '#server/db/staff-work-schema.ts';
import { AppError, notFound } from '#server/lib/app-error.ts';
import { type AdminRole, can } from '#shared/admin-roles.ts';
import { UNDO_ACTIVITY, undoableAction } from '#shared/creator-actions.ts';
import type { MessageKey } from '#shared/messages/message.ts';
import type { Creator } from '#shared/replies/creators.ts';
import { cancelUnsentLinkMail, recordEvent } from '../alerts/outbox.ts';
import { creatorColumns, toCreator } from './creator-dto.ts';
import { findCreatorRow } from './creators.service.ts';

export const UNDO_KEYS = {
  changeNotFound: 'creators.changeNotFound',
  cannotUndo: 'creators.cannotUndo',
  alreadyUndone: 'creators.alreadyUndone',
  changedSince: 'creators.changedSince',
  forbidden: 'auth.forbidden',
} as const satisfies Record<string, MessageKey>;

export interface UndoInput {
  publicId: string;
  /** The change's id: its activity entry's, as the call that made it answered. */
  change: string;
  performedBy: string;
  role: AdminRole;
}

const u = creatorChangeUndo;

/**
 * Puts back exactly one staff change (docs/decisions/033): the status and every field the change set (the
 * listing, the stage-2 link it issued or ended, the first staff action's time), as they were before it. Only
 * while nothing else changed the creator since: one conditional update, on the creator's `updated_at` still
 * being the one the change wrote, so of an undo and any other change at once only the first counts. The undo
 * writes its own activity entry, and its status event when the status moves, in the same transaction, and drops
 * the stage-2 link e-mail the change queued if it has not gone out yet.
 */
export async function undoCreatorChange(db: Db, input: UndoInput): Promise<Creator> {
  return db.transaction(async (tx) => {
    const current = await findCreatorRow(tx, input.publicId);
    const [record] = await tx
      .select({ action: u.action, undoneAt: u.undoneAt, activity: activityLog.action })
      .from(u)
      .innerJoin(activityLog, eq(activityLog.id, u.activityId))
      .where(and(eq(u.activityId, input.change), eq(u.creatorId, current.id)));
    if (!record) throw notFound(UNDO_KEYS.changeNotFound);
    const rule = undoableAction(record.action);
    if (!rule) throw new AppError('CONFLICT', UNDO_KEYS.cannotUndo);
    // Taking a change back needs what making it needs (shared/creator-actions.ts).
    if (rule.permission && !can(input.role, rule.permission)) throw new AppError('FORBIDDEN', UNDO_KEYS.forbidden);
    if (record.undoneAt) throw new AppError('CONFLICT', UNDO_KEYS.alreadyUndone);

    const [row] = await tx
      .update(creators)
      .set({
        status: sql`${u.beforeStatus}`,
        rollickListingUrl: sql`${u.beforeListingUrl}`,
        rollickCreatorHubId: sql`${u.beforeHubId}`,
        stage2TokenHash: sql`${u.beforeTokenHash}`,
        stage2TokenExpiresAt: sql`${u.beforeTokenExpiresAt}`,
        stage2LinkSentAt: sql`${u.beforeLinkSentAt}`,
        firstStaffActionAt: sql`${u.beforeFirstStaffActionAt}`,
        cancelReasonId: sql`${u.beforeCancelReasonId}`,
        cancelNote: sql`${u.beforeCancelNote}`,
        updatedAt: sql`now()`,
      })
      .from(u)
      .where(
        and(
          eq(u.activityId, input.change),
          eq(creators.id, u.creatorId),
          eq(creators.updatedAt, u.changedAt),
          isNull(u.undoneAt),
        ),
      )
      .returning(creatorColumns);
    if (!row) throw new AppError('CONFLICT', UNDO_KEYS.changedSince);

    await tx.update(u).set({ undoneAt: sql`now()` }).where(eq(u.activityId, input.change));
    // A link the change e-mailed and the outbox still holds must not reach her now that it no longer opens.
    await cancelUnsentLinkMail(tx, { activityId: input.change, creatorId: row.id });
    await tx.insert(activityLog).values({
      creatorId: row.id,
      performedBy: input.performedBy,
      action: UNDO_ACTIVITY,
      additionalInfo: { change: input.change, undid: record.activity, from: current.status, to: row.status },
    });
    if (current.status !== row.status) {
      await recordEvent(tx, 'creator.status_changed', row, { previousStatus: current.status });
    }
    return toCreator(row);
  });
}
