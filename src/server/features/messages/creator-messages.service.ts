import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { deliveries, outboxEvents } from '#server/db/schema.ts';
import type { LanguageCode } from '#shared/languages.ts';
import { CONTACT_ACTION, type ContactChannel, type MessagePurpose } from '#shared/message-templates.ts';
import type { CreatorMessage } from '#shared/replies/creator-messages.ts';
import type { ActivityEntry } from '#shared/replies/creators.ts';

/** What an activity entry of a message holds (`additionalInfo`); the history is read back from it. */
export interface MessageInfo {
  channel: ContactChannel;
  purpose: MessagePurpose;
  language: LanguageCode;
  /** E-mail sent by the server: the outbox event whose delivery carries it. */
  eventId?: string;
}

/** Why an e-mail the worker handled without a delivery never went out. */
const NOT_SENT = 'not sent: e-mail was not configured, or the message waited past the retry window';

/**
 * The messages among a creator's activity entries, with each e-mail's delivery as the Deliveries screen shows
 * it; an e-mail the worker handled without a delivery (no SMTP by then) shows as failed, with why.
 */
export async function creatorMessagesOf(db: DbOrTx, entries: readonly ActivityEntry[]): Promise<CreatorMessage[]> {
  const sent = entries.filter((entry) => entry.action === CONTACT_ACTION && entry.additionalInfo);
  if (sent.length === 0) return [];
  const eventIds = sent.flatMap((entry) => {
    const eventId = (entry.additionalInfo as Partial<MessageInfo>).eventId;
    return eventId ? [eventId] : [];
  });
  // Each e-mail's event, with its delivery if the worker made one: an event it handled without one (no SMTP by
  // then, or too old to send) will never be delivered, and says so rather than waiting for ever.
  const rows =
    eventIds.length === 0
      ? []
      : await db
          .select({
            eventId: outboxEvents.id,
            isFannedOut: sql<boolean>`${outboxEvents.fannedOutAt} is not null`,
            status: deliveries.status,
            sentAt: deliveries.sentAt,
            lastError: deliveries.lastError,
          })
          .from(outboxEvents)
          .leftJoin(deliveries, and(eq(deliveries.eventId, outboxEvents.id), eq(deliveries.channel, 'email-applicant')))
          .where(inArray(outboxEvents.id, eventIds));
  return sent.map((entry) => {
    const info = entry.additionalInfo as unknown as MessageInfo;
    const delivery = info.eventId ? rows.find((row) => row.eventId === info.eventId) : undefined;
    return {
      id: entry.id,
      sentAt: entry.timestamp,
      sentBy: entry.performedBy,
      channel: info.channel,
      purpose: info.purpose,
      language: info.language,
      delivery: delivery?.status
        ? { status: delivery.status, sentAt: delivery.sentAt?.toISOString() ?? null, lastError: delivery.lastError }
        : delivery && !delivery.isFannedOut
          ? { status: 'pending', sentAt: null, lastError: null }
          : delivery
            ? { status: 'failed', sentAt: null, lastError: NOT_SENT }
            : null,
    };
  });
}
