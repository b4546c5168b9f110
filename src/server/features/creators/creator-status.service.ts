import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '#server/db/client.ts';
import { activityLog, creators } from '#server/db/schema.ts';
import { AppError, notFound } from '#server/lib/app-error.ts';
import { hashToken, newToken } from '#server/lib/tokens.ts';
import { type ActionCall, CREATOR_MACHINE } from '#shared/creator-actions.ts';
import type { CreatorStatus } from '#shared/creator-status.ts';
import type { Message, MessageKey } from '#shared/messages/message.ts';
import type { Creator, Stage2LinkResult } from '#shared/replies/creators.ts';
import { CANCEL_REASON_KEYS } from '#shared/schemas/cancel-reasons.ts';
import { LISTING_KEYS, type Listing, type StatusChange } from '#shared/schemas/listing.ts';
import { recordEvent } from '../alerts/outbox.ts';
import { checkCancelReason, reasonEvent, reasonInfo } from '../cancel-reasons/cancel-reasons.service.ts';
import { type CreatorRow, creatorColumns, toCreator } from './creator-dto.ts';
import { rememberForUndo } from './creator-undo-record.ts';
import { CREATOR_NOT_FOUND, findCreatorRow } from './creators.service.ts';

/** The first staff action's time, kept once set. */
export const staffActionAt = sql`coalesce(${creators.firstStaffActionAt}, now())`;

/** A creator as a change left them, and the change's id, to take it back (docs/decisions/033). */
export interface MadeChange {
  creator: Creator;
  change: string;
}

export const STALE_STATUS_MESSAGE = 'creators.statusChanged' satisfies MessageKey;

type CreatorUpdate = Partial<typeof creators.$inferInsert>;

interface Change {
  /** The call making it, checked against the actions table (shared/creator-actions.ts). */
  call: ActionCall;
  /** The target, where the call names one (PATCH …/status). */
  to?: CreatorStatus;
  refusal(from: CreatorStatus): Message;
  set?: CreatorUpdate;
  /** The activity entry's details; its `action` text is the table's. */
  additionalInfo(from: CreatorStatus): Record<string, unknown>;
  /** More outbox events of this change, beyond `creator.status_changed` (written when the status moves). */
  events?: (tx: Tx, row: CreatorRow) => Promise<void>;
  /** What `creator.status_changed` says besides the move: a cancellation's reason (decision 063). */
  eventInfo?: { cancelReason?: string; cancelNote?: string };
}

/**
 * architecture §4: one conditional update (`status = <the status we read>`) and its activity entry in one
 * transaction. Of two admins acting at once, the second finds the status moved and gets a 409; nothing
 * of theirs is written.
 */
async function applyChange(
  db: Db,
  publicId: string,
  performedBy: string,
  change: Change,
): Promise<{ row: CreatorRow; from: CreatorStatus; changeId: string }> {
  return db.transaction(async (tx) => {
    const current = await findCreatorRow(tx, publicId);
    const from = current.status;
    const action = CREATOR_MACHINE.moveMaking(change.call, from, change.to);
    if (!action) throw new AppError('INVALID_TRANSITION', change.refusal(from));
    // The activity entry comes first, so what the change replaces can be copied under its id before the update.
    const [entry] = await tx
      .insert(activityLog)
      .values({
        creatorId: current.id,
        performedBy,
        action: action.activity,
        additionalInfo: change.additionalInfo(from),
      })
      .returning({ id: activityLog.id });
    if (!entry) throw new Error('the activity log refused an entry');
    await rememberForUndo(tx, { activityId: entry.id, creatorId: current.id, action });
    const [row] = await tx
      .update(creators)
      // Any of these actions is a first staff action: it stops the 24–48 hour clock (docs/decisions/025).
      .set({ ...change.set, status: action.to, updatedAt: sql`now()`, firstStaffActionAt: staffActionAt })
      .where(and(eq(creators.id, current.id), eq(creators.status, from)))
      .returning(creatorColumns);
    if (!row) {
      const [stillThere] = await tx.select({ id: creators.id }).from(creators).where(eq(creators.id, current.id));
      throw stillThere ? new AppError('INVALID_TRANSITION', STALE_STATUS_MESSAGE) : notFound(CREATOR_NOT_FOUND);
    }
    if (from !== row.status) {
      await recordEvent(tx, 'creator.status_changed', row, { previousStatus: from, ...change.eventInfo });
    }
    await change.events?.(tx, row);
    return { row, from, changeId: entry.id };
  });
}

const linkOf = (creatorId: string, token: string) => `/stage2/${creatorId}?token=${token}`;

export const cannotMove =
  (to: CreatorStatus) =>
  (from: CreatorStatus): Message => ({
    key: 'creators.cannotMove',
    params: { from, to },
  });

export const cannotSendStage2 = (from: CreatorStatus): Message => ({
  key: 'creators.cannotSendStage2',
  params: { status: from },
});

/** Listing stores the marketplace details and ends the stage-2 link (architecture §4: it dies once listed). */
function listingUpdate(listing: { rollickListingUrl: string; rollickCreatorHubId: string | null }): CreatorUpdate {
  return {
    rollickListingUrl: listing.rollickListingUrl,
    // A relist without a hub id keeps the one recorded before.
    ...(listing.rollickCreatorHubId ? { rollickCreatorHubId: listing.rollickCreatorHubId } : {}),
    stage2TokenHash: null,
    stage2TokenExpiresAt: null,
  };
}

function listingInfo(listing: { rollickListingUrl: string; rollickCreatorHubId: string | null }) {
  return {
    rollickListingUrl: listing.rollickListingUrl,
    ...(listing.rollickCreatorHubId ? { rollickCreatorHubId: listing.rollickCreatorHubId } : {}),
  };
}

export const STAGE2_EMAIL_NOT_POSSIBLE = 'creators.stage2EmailNotPossible' satisfies MessageKey;
export const STAGE2_EMAIL_NOT_CONFIGURED = 'creators.stage2EmailNotConfigured' satisfies MessageKey;

/**
 * POST …/send-stage2. Only the token's hash is stored; the token itself exists in this reply and nowhere
 * else (not in the activity log, not in the server log), unless the admin asks for it to be e-mailed: then
 * the outbox holds the link until the e-mail is sent (docs/decisions/024).
 */
export async function sendStage2Link(
  db: Db,
  input: {
    publicId: string;
    performedBy: string;
    linkTtlMs: number;
    now?: Date;
    /** Also e-mail the link to the applicant; `canEmail` says whether SMTP is configured. */
    email?: { canEmail: boolean };
  },
): Promise<Stage2LinkResult & { change: string; creator: CreatorRow }> {
  if (input.email && !input.email.canEmail) throw new AppError('CONFLICT', STAGE2_EMAIL_NOT_CONFIGURED);
  const token = newToken();
  const expiresAt = new Date((input.now ?? new Date()).getTime() + input.linkTtlMs);
  const { row, changeId } = await applyChange(db, input.publicId, input.performedBy, {
    call: 'sendStage2',
    refusal: cannotSendStage2,
    set: { stage2TokenHash: hashToken(token), stage2TokenExpiresAt: expiresAt },
    additionalInfo: () => ({ expiresAt: expiresAt.toISOString(), ...(input.email ? { emailed: true } : {}) }),
    ...(input.email
      ? {
          events: async (tx: Tx, created: CreatorRow) => {
            if (created.contactMethod !== 'Email') throw new AppError('CONFLICT', STAGE2_EMAIL_NOT_POSSIBLE);
            await recordEvent(tx, 'creator.stage2_link', created, {
              link: linkOf(created.creatorId, token),
              expiresAt: expiresAt.toISOString(),
            });
          },
        }
      : {}),
  });
  return { link: linkOf(row.creatorId, token), expiresAt: expiresAt.toISOString(), change: changeId, creator: row };
}

/** PATCH …/status (product §4 admin buttons). Listing needs an http(s) URL (product §5 admin listing). */
export async function changeCreatorStatus(
  db: Db,
  input: {
    publicId: string;
    performedBy: string;
    /** The reason is optional in the API (product §7 cancelled without one); the screens always give one. */
    change: Omit<StatusChange, 'cancelReasonId' | 'cancelNote'> &
      Partial<Pick<StatusChange, 'cancelReasonId' | 'cancelNote'>>;
  },
): Promise<MadeChange> {
  const { status: to, rollickListingUrl, rollickCreatorHubId } = input.change;
  let set: CreatorUpdate | undefined;
  let extraInfo: Record<string, unknown> = {};
  const reason = await checkCancelReason(db, input.change);
  if (reason && to !== 'cancelled') {
    throw new AppError('VALIDATION_FAILED', CANCEL_REASON_KEYS.onlyWhenCancelling, {
      cancelReasonId: CANCEL_REASON_KEYS.onlyWhenCancelling,
    });
  }
  if (to === 'listed') {
    if (!rollickListingUrl) {
      throw new AppError('VALIDATION_FAILED', LISTING_KEYS.rollickListingUrl, {
        rollickListingUrl: LISTING_KEYS.rollickListingUrl,
      });
    }
    // A relist ends the cancellation, and with it its reason (the activity log keeps it).
    set = { ...listingUpdate({ rollickListingUrl, rollickCreatorHubId }), cancelReasonId: null, cancelNote: null };
    extraInfo = listingInfo({ rollickListingUrl, rollickCreatorHubId });
  }
  if (to === 'cancelled') {
    set = { cancelReasonId: reason?.id ?? null, cancelNote: reason?.note ?? null };
    extraInfo = reason ? reasonInfo(reason) : {};
  }
  const { row, changeId } = await applyChange(db, input.publicId, input.performedBy, {
    call: 'status',
    to,
    refusal: cannotMove(to),
    ...(set ? { set } : {}),
    additionalInfo: (from) => ({ from, to, ...extraInfo }),
    ...(reason ? { eventInfo: reasonEvent(reason) } : {}),
  });
  return { creator: toCreator(row), change: changeId };
}

/** PATCH …/list-directly: pending → listed, skipping stage 2 (product §4). */
export async function listCreatorDirectly(
  db: Db,
  input: { publicId: string; performedBy: string; listing: Listing },
): Promise<MadeChange> {
  const { row, changeId } = await applyChange(db, input.publicId, input.performedBy, {
    call: 'listDirectly',
    refusal: (from) => ({ key: 'creators.cannotListDirectly', params: { status: from } }),
    set: listingUpdate(input.listing),
    additionalInfo: (from) => ({ from, to: 'listed', ...listingInfo(input.listing) }),
  });
  return { creator: toCreator(row), change: changeId };
}
