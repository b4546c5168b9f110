import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { deliveries } from '#server/db/schema.ts';
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

/**
 * The messages among a creator's activity entries, with each e-mail's delivery as the Deliveries screen shows
 * it; a message whose delivery was never made (no SMTP then) shows none.
 */
export async function creatorMessagesOf(db: DbOrTx, entries: readonly ActivityEntry[]): Promise<CreatorMessage[]> {
  const sent = entries.filter((entry) => entry.action === CONTACT_ACTION && entry.additionalInfo);
  if (sent.length === 0) return [];
  const eventIds = sent.flatMap((entry) => {
    const eventId = (entry.additionalInfo as Partial<MessageInfo>).eventId;
    return eventId ? [eventId] : [];
  });
  const rows =
    eventIds.length === 0
      ? []
      : await db
          .select({
            eventId: deliveries.eventId,
            status: deliveries.status,
            sentAt: deliveries.sentAt,
            lastError: deliveries.lastError,
          })
          .from(deliveries)
          .where(and(inArray(deliveries.eventId, eventIds), eq(deliveries.channel, 'email-applicant')));
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
      delivery: delivery
        ? {
            status: delivery.status,
            sentAt: delivery.sentAt?.toISOString() ?? null,
            lastError: delivery.lastError,
          }
        : info.eventId
          ? { status: 'pending', sentAt: null, lastError: null }
          : null,
    };
  });
}
