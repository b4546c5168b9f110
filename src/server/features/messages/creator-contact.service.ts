import { eq, inArray } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { activityLog, creators } from '#server/db/schema.ts';
import { AppError, conflict } from '#server/lib/app-error.ts';
import type { LanguageCode } from '#shared/languages.ts';
import {
  CONTACT_ACTION,
  CONTACT_PURPOSES,
  type ContactChannel,
  channelsForMethod,
  type MessagePurpose,
  renderMessage,
  resolveTemplate,
  type TemplateValues,
} from '#shared/message-templates.ts';
import { englishOf } from '#shared/messages/english.ts';
import type { BulkContactResult, ContactResult } from '#shared/replies/message-templates.ts';
import type { BulkContactInput, ContactInput } from '#shared/schemas/message-templates.ts';
import { creatorLanguage, messageChannel } from '#shared/stage2-channels.ts';
import { EVENT_CREATOR_COLUMNS, recordEvent } from '../alerts/outbox.ts';
import { toActivityEntry } from '../creators/creator-dto.ts';
import { normaliseCreatorId } from '../creators/creator-id.ts';
import { staffActionAt } from '../creators/creator-status.service.ts';
import { findCreatorRow } from '../creators/creators.service.ts';
import type { MessageInfo } from './creator-messages.service.ts';
import { templateOverrides } from './message-templates.service.ts';

/**
 * Contact from the record (decision 060): a template rendered for one creator in her language, sent through
 * the method she chose. The server sends e-mail itself through the outbox; the other channels are links
 * staff open, and this records that they did. Either way it is an activity entry and a first staff action.
 */

/** The variables a creator fills; `{stage2Link}` only where a link is being made (message-templates.ts). */
export function valuesOf(
  creator: { name: string; creatorId: string; recruiterName: string },
  brand: string,
): TemplateValues {
  return { name: creator.name, creatorId: creator.creatorId, brand, recruiter: creator.recruiterName };
}

export async function contactCreator(
  db: Db,
  input: { publicId: string; performedBy: string; contact: ContactInput; brand: string; canEmail: boolean },
): Promise<ContactResult> {
  const { contact } = input;
  const purpose = contact.purpose as MessagePurpose;
  const language = contact.language as LanguageCode;
  const channel = contact.channel as ContactChannel;
  if (!CONTACT_PURPOSES.includes(purpose)) throw new AppError('VALIDATION_FAILED', 'contact.purpose');
  return db.transaction(async (tx) => {
    const creator = await findCreatorRow(tx, input.publicId);
    const allowed = channelsForMethod(creator.contactMethod);
    if (!allowed.includes(channel)) {
      throw conflict({ key: 'contact.wrongChannel', params: { method: creator.contactMethod, channel } });
    }
    if (channel === 'email' && !input.canEmail) throw conflict('contact.emailNotConfigured');
    const template = resolveTemplate(purpose, language, await templateOverrides(tx));
    const { subject, body } = renderMessage(template, valuesOf(creator, input.brand));
    // A link channel needs an address the method can make (digits for WhatsApp, a username for Telegram).
    if (channel !== 'email' && !messageChannel(creator, { subject, text: body })) {
      throw conflict({ key: 'contact.noAddress', params: { channel } });
    }
    const info: MessageInfo = { channel, purpose, language: template.language };
    if (channel === 'email') {
      const [eventCreator] = await tx.select(EVENT_CREATOR_COLUMNS).from(creators).where(eq(creators.id, creator.id));
      if (!eventCreator) throw new Error('the creator went missing in her own transaction');
      info.eventId = await recordEvent(tx, 'creator.message', eventCreator, {
        message: { subject, text: body, purpose, language: template.language },
      });
    }
    await tx.update(creators).set({ firstStaffActionAt: staffActionAt }).where(eq(creators.id, creator.id));
    const [entry] = await tx
      .insert(activityLog)
      .values({
        creatorId: creator.id,
        action: CONTACT_ACTION,
        performedBy: input.performedBy,
        additionalInfo: { ...info },
      })
      .returning();
    if (!entry) throw new Error('the contact was not recorded');
    return {
      entry: toActivityEntry(entry),
      message: { subject, text: body, language: template.language, isFallback: template.isFallback },
    };
  });
}

/**
 * POST …/creators/bulk-contact (decision 060): the template for each selected creator in her own language. Those
 * who chose e-mail get the server's e-mail when it can send (each through `contactCreator`, so each is its own
 * entry, event and first staff action); the others get a prepared link, recorded when staff open it.
 */
export async function bulkContact(
  db: Db,
  input: { request: BulkContactInput; performedBy: string; brand: string; canEmail: boolean },
): Promise<BulkContactResult> {
  const { request, canEmail, brand } = input;
  const purpose = request.purpose as MessagePurpose;
  if (!CONTACT_PURPOSES.includes(purpose)) throw new AppError('VALIDATION_FAILED', 'contact.purpose');
  const ids = [...new Set(request.creatorIds.map((id) => normaliseCreatorId(id) ?? id))];
  const rows = await db
    .select({
      creatorId: creators.creatorId,
      name: creators.name,
      recruiterName: creators.recruiterName,
      contactMethod: creators.contactMethod,
      contactInfo: creators.contactInfo,
      locale: creators.locale,
      language: creators.language,
    })
    .from(creators)
    .where(inArray(creators.creatorId, ids));
  const overrides = await templateOverrides(db);
  const result: BulkContactResult = { sent: request.send === true, emails: [], links: [], skipped: [] };
  for (const creator of ids.flatMap((id) => rows.filter((row) => row.creatorId === id))) {
    const template = resolveTemplate(purpose, creatorLanguage(creator), overrides);
    const who = { creatorId: creator.creatorId, name: creator.name, language: template.language };
    const { subject, body } = renderMessage(template, valuesOf(creator, brand));
    if (creator.contactMethod === 'Email' && canEmail) {
      result.emails.push(who);
      continue;
    }
    const link = messageChannel(creator, { subject, text: body });
    if (!link) {
      result.skipped.push({
        ...who,
        reason: englishOf({ key: 'contact.noAddress', params: { channel: creator.contactMethod } }),
      });
      continue;
    }
    result.links.push({ ...who, channel: link.kind === 'email' ? 'mailto' : link.kind, href: link.href, text: body });
  }
  const missing = ids.filter((id) => !rows.some((row) => row.creatorId === id));
  for (const creatorId of missing) {
    result.skipped.push({ creatorId, name: '', language: 'en', reason: englishOf('creators.notFound') });
  }
  if (request.send) {
    for (const who of result.emails) {
      await contactCreator(db, {
        publicId: who.creatorId,
        performedBy: input.performedBy,
        contact: { purpose, language: creatorLanguageOf(rows, who.creatorId), channel: 'email' },
        brand,
        canEmail,
      });
    }
  }
  return result;
}

function creatorLanguageOf(
  rows: readonly { creatorId: string; locale: string | null; language: string }[],
  id: string,
) {
  const row = rows.find((candidate) => candidate.creatorId === id);
  return row ? creatorLanguage(row) : 'en';
}
