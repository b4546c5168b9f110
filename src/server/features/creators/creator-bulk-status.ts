import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import { notifyOnCommit } from '#server/db/commit-notices.ts';
import { activityLog, creators, outboxEvents } from '#server/db/schema.ts';
import { creatorChangeUndo } from '#server/db/staff-work-schema.ts';
import { actionNameOf, type BulkTargetStatus, CREATOR_MACHINE } from '#shared/creator-actions.ts';
import type { CreatorStatus } from '#shared/creator-status.ts';
import type { ErrorCode } from '#shared/error-codes.ts';
import { type Message, messageOf } from '#shared/messages/message.ts';
import { applicantLanguage, type EventCreator, type EventPayload, OUTBOX_NOTICE } from '../alerts/outbox.ts';
import { type GivenCancelReason, reasonEvent, reasonInfo } from '../cancel-reasons/cancel-reasons.service.ts';
import { cannotMove } from './creator-status.service.ts';
import { CREATOR_NOT_FOUND } from './creators.service.ts';

/** A locked creator: the columns its event is made from, which also judge its move. */
type Locked = EventCreator;

interface Move {
  activityId: string;
  row: Locked;
  action: string;
  undoAs: string | null;
}

/** Each creator's verdict, in the order asked: the change made (its activity entry's id), or the refusal. */
export type BulkVerdict =
  | { creatorId: string; change: string }
  | { creatorId: string; refusal: { code: ErrorCode; reason: Message } };

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

/**
 * One batch of a bulk status change, set-based (docs/decisions/053), in the batch's transaction: one statement
 * locks and reads the creators, the status machine judges each in memory exactly as `changeCreatorStatus` does,
 * then one insert writes every activity entry, one copies what undo needs, one update moves every creator and
 * one insert writes the outbox events. What each creator gets is what a click would have written.
 */
export async function changeStatusInBulk(
  tx: Tx,
  input: { ids: readonly string[]; to: BulkTargetStatus; performedBy: string; cancelReason?: GivenCancelReason | null },
): Promise<BulkVerdict[]> {
  const { ids, to, performedBy } = input;
  // Only a cancellation gives a reason (decision 063); the bulk route refuses one with any other move.
  const reason = to === 'cancelled' ? (input.cancelReason ?? null) : null;
  const info = reason ? reasonInfo(reason) : {};
  // Locked in id order, so two bulk actions over the same creators wait for each other rather than deadlock.
  const result = (await tx.execute(sql`select ${creators.id} as "id", ${creators.creatorId} as "creatorId",
      ${creators.status} as "status", ${creators.name} as "name", ${creators.recruiterName} as "recruiterName",
      ${creators.contactMethod} as "contactMethod", ${creators.language} as "language", ${creators.locale} as "locale"
    from ${creators}
    where ${creators.creatorId} in (select jsonb_array_elements_text(${json(ids)}))
    order by ${creators.id} for update`)) as unknown as { rows: Locked[] };
  const byCreatorId = new Map(result.rows.map((row) => [row.creatorId, row]));

  const moves: Move[] = [];
  const verdicts: BulkVerdict[] = [];
  for (const creatorId of ids) {
    const row = byCreatorId.get(creatorId);
    if (!row) {
      verdicts.push({ creatorId, refusal: { code: 'NOT_FOUND', reason: messageOf(CREATOR_NOT_FOUND) } });
      continue;
    }
    const rule = CREATOR_MACHINE.moveMaking('status', row.status, to);
    if (!rule) {
      verdicts.push({ creatorId, refusal: { code: 'INVALID_TRANSITION', reason: cannotMove(to)(row.status) } });
      continue;
    }
    const name = actionNameOf(rule);
    const move: Move = {
      activityId: randomUUID(),
      row,
      action: rule.activity,
      undoAs: name && rule.by === 'admin' ? name : null,
    };
    moves.push(move);
    verdicts.push({ creatorId, change: move.activityId });
  }

  if (moves.length > 0) {
    await tx.execute(sql`insert into ${activityLog} (id, creator_id, action, performed_by, additional_info)
      select m.activity_id, m.creator_id, m.action, ${performedBy},
        jsonb_build_object('from', m.from_status, 'to', ${to}::text) || ${json(info)}
      from jsonb_to_recordset(${json(moves.map(recordOf))})
        as m(activity_id uuid, creator_id uuid, action text, from_status text, undo_as text)`);
    // Before the update: what it replaces is copied under each entry's id, inside the database (creator-undo-record.ts).
    await tx.execute(sql`insert into ${creatorChangeUndo} (activity_id, creator_id, action, changed_at, undone_at,
        before_status, before_listing_url, before_hub_id, before_token_hash, before_token_expires_at,
        before_link_sent_at, before_first_staff_action_at, before_cancel_reason_id, before_cancel_note)
      select m.activity_id, c.id, m.undo_as, now(), null, c.status, c.rollick_listing_url, c.rollick_creator_hub_id,
        c.stage2_token_hash, c.stage2_token_expires_at, c.stage2_link_sent_at, c.first_staff_action_at,
        c.cancel_reason_id, c.cancel_note
      from jsonb_to_recordset(${json(moves.map(recordOf))})
        as m(activity_id uuid, creator_id uuid, action text, from_status text, undo_as text)
      join ${creators} c on c.id = m.creator_id
      where m.undo_as is not null`);
    // Any of these actions is a first staff action: it stops the 24–48 hour clock (docs/decisions/025).
    const reasonSet =
      to === 'cancelled'
        ? sql`, cancel_reason_id = ${reason?.id ?? null}::uuid, cancel_note = ${reason?.note ?? null}`
        : sql``;
    await tx.execute(sql`update ${creators} set status = ${to}, updated_at = now(),
        first_staff_action_at = coalesce(first_staff_action_at, now())${reasonSet}
      where id in (select (jsonb_array_elements_text(${json(moves.map((move) => move.row.id))}))::uuid)`);
    const events = moves.filter((move) => move.row.status !== to);
    if (events.length > 0) {
      await tx.execute(sql`insert into ${outboxEvents} (type, creator_id, payload)
        select 'creator.status_changed', e.creator_id, e.payload
        from jsonb_to_recordset(${json(events.map((move) => ({ creator_id: move.row.id, payload: { ...payloadOf(move.row, to), ...(reason ? reasonEvent(reason) : {}) } })))})
          as e(creator_id uuid, payload jsonb)`);
      notifyOnCommit(tx, OUTBOX_NOTICE);
    }
  }

  return verdicts;
}

const recordOf = (move: Move) => ({
  activity_id: move.activityId,
  creator_id: move.row.id,
  action: move.action,
  from_status: move.row.status,
  undo_as: move.undoAs,
});

/** The event `recordEvent` writes for this creator after the move (alerts/outbox.ts). */
function payloadOf(row: Locked, to: CreatorStatus): EventPayload {
  return {
    creatorId: row.creatorId,
    status: to,
    name: row.name,
    recruiter: row.recruiterName,
    contactMethod: row.contactMethod,
    language: row.language,
    locale: applicantLanguage(row.locale, row.language),
    previousStatus: row.status,
  };
}
