import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '#server/db/client.ts';
import { notifyOnCommit } from '#server/db/commit-notices.ts';
import { creators, deliveries, type OUTBOX_EVENT_TYPES, outboxEvents } from '#server/db/schema.ts';
import { creatorChangeUndo } from '#server/db/staff-work-schema.ts';
import type { CreatorStatus } from '#shared/creator-status.ts';
import { isLanguageCode, type LanguageCode } from '#shared/languages.ts';

export type EventType = (typeof OUTBOX_EVENT_TYPES)[number];

/** The notice that wakes the delivery worker: an event or a delivery became due, and is committed. */
export const OUTBOX_NOTICE = 'outbox';

/** What an event tells, as it was when the change committed. Never the contact details (architecture §5: logs). */
export interface EventPayload {
  creatorId: string;
  status: CreatorStatus;
  name: string;
  recruiter: string;
  contactMethod: string;
  language: string;
  /** The interface language the applicant used; their e-mails are written in it. */
  locale: LanguageCode;
  previousStatus?: CreatorStatus;
  /** `creator.stage2_link` only: the link to e-mail, removed from the row once it is sent. */
  link?: string;
  expiresAt?: string;
  /** `creator.stage2_link` only: when the change that made the link was undone before its e-mail went out. */
  cancelledAt?: string;
  /** `creator.message` only: the rendered e-mail (decision 060), and which template in which language it is. */
  message?: { subject: string; text: string; purpose: string; language: LanguageCode };
  /** `creator.status_changed` to cancelled: why (decision 063), in English, and the note given with it. */
  cancelReason?: string;
  cancelNote?: string;
  /** `creator.assigned` only: the admin she is assigned to now (null: nobody) and before (decision 063). */
  assignee?: string | null;
  previousAssignee?: string | null;
}

/** The creator's columns an event is made from. */
export interface EventCreator {
  id: string;
  creatorId: string;
  status: CreatorStatus;
  name: string;
  recruiterName: string;
  contactMethod: string;
  language: string;
  locale: string | null;
}

/** The creator's columns an event tells about: what a change's `returning` reads for `recordEvent`. */
export const EVENT_CREATOR_COLUMNS = {
  id: creators.id,
  creatorId: creators.creatorId,
  status: creators.status,
  name: creators.name,
  recruiterName: creators.recruiterName,
  contactMethod: creators.contactMethod,
  language: creators.language,
  locale: creators.locale,
};

/**
 * Writes an event to the outbox. Call it inside the transaction of the change it tells about, so the event
 * exists exactly when the change does (docs/decisions/024); that commit wakes the delivery worker.
 */
export async function recordEvent(
  tx: DbOrTx,
  type: EventType,
  creator: EventCreator,
  extra: Pick<
    EventPayload,
    | 'previousStatus'
    | 'link'
    | 'expiresAt'
    | 'message'
    | 'cancelReason'
    | 'cancelNote'
    | 'assignee'
    | 'previousAssignee'
  > = {},
): Promise<string> {
  const payload: EventPayload = {
    creatorId: creator.creatorId,
    status: creator.status,
    name: creator.name,
    recruiter: creator.recruiterName,
    contactMethod: creator.contactMethod,
    language: creator.language,
    locale: applicantLanguage(creator.locale, creator.language),
    ...extra,
  };
  const [row] = await tx
    .insert(outboxEvents)
    .values({ type, creatorId: creator.id, payload: { ...payload } })
    .returning({ id: outboxEvents.id });
  if (!row) throw new Error('the outbox refused an event');
  notifyOnCommit(tx, OUTBOX_NOTICE);
  return row.id;
}

/**
 * Called in an undo's transaction (docs/decisions/033): the stage-2 link e-mail the undone change queued is
 * dropped unless it already went out, so the applicant never receives a link that no longer opens anything.
 * The change's event is the one its transaction wrote, so its `created_at` is the change's `changed_at`. The
 * event stays, marked `cancelledAt`, without its link and closed for the worker; its deliveries not sent (due,
 * or failed and retryable from the screen) are removed. Returns whether an e-mail was cancelled. A delivery a
 * worker is sending at this very moment cannot be called back; its success then updates nothing.
 */
export async function cancelUnsentLinkMail(
  tx: Tx,
  change: { activityId: string; creatorId: string },
): Promise<boolean> {
  const events = await tx
    .select({ id: outboxEvents.id })
    .from(outboxEvents)
    .where(
      and(
        eq(outboxEvents.creatorId, change.creatorId),
        eq(outboxEvents.type, 'creator.stage2_link'),
        sql`${outboxEvents.createdAt} = (select ${creatorChangeUndo.changedAt} from ${creatorChangeUndo} where ${creatorChangeUndo.activityId} = ${change.activityId})`,
        sql`not exists (select 1 from ${deliveries} where ${deliveries.eventId} = ${outboxEvents.id} and ${deliveries.status} = 'sent')`,
        sql`${outboxEvents.payload} -> 'cancelledAt' is null`,
      ),
    )
    .for('update');
  if (events.length === 0) return false;
  const ids = events.map((event) => event.id);
  await tx.delete(deliveries).where(and(inArray(deliveries.eventId, ids), ne(deliveries.status, 'sent')));
  await tx
    .update(outboxEvents)
    .set({
      payload: sql`(${outboxEvents.payload} - 'link') || jsonb_build_object('cancelledAt', now())`,
      fannedOutAt: sql`coalesce(${outboxEvents.fannedOutAt}, now())`,
    })
    .where(inArray(outboxEvents.id, ids));
  return true;
}

const PREFERRED_TO_CODE: Record<string, LanguageCode> = {
  English: 'en',
  Spanish: 'es',
  Portuguese: 'pt',
  German: 'de',
  Russian: 'ru',
  French: 'fr',
};

/** The interface language the application was made in; for older rows the preferred language, else English. */
export function applicantLanguage(locale: string | null, preferred: string): LanguageCode {
  if (isLanguageCode(locale)) return locale;
  return PREFERRED_TO_CODE[preferred] ?? 'en';
}
