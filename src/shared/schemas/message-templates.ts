import { z } from 'zod';
import { LANGUAGE_CODES } from '../languages.ts';
import { BULK_CONTACT_MAX } from '../limits.ts';
import { BODY_MAX_LENGTH, CONTACT_CHANNELS, MESSAGE_PURPOSES, SUBJECT_MAX_LENGTH } from '../message-templates.ts';
import { englishTexts } from '../messages/english.ts';
import type { MessageKey } from '../messages/message.ts';
import { choice, requiredText } from './fields.ts';

/** The calls of message templates and contact from the record (decision 060). */

export const MESSAGE_KEYS = {
  purpose: 'templates.purpose',
  language: 'templates.language',
  subject: 'templates.subject',
  body: 'templates.body',
  channel: 'contact.channel',
} as const satisfies Record<string, MessageKey>;

export const MESSAGE_MESSAGES = /* @__PURE__ */ englishTexts(MESSAGE_KEYS);

const purpose = choice(MESSAGE_PURPOSES, MESSAGE_KEYS.purpose);
const language = choice(LANGUAGE_CODES as [string, ...string[]], MESSAGE_KEYS.language);

/** …/message-templates/{purpose}/{language} */
export const templateParams = z.object({ purpose, language });

/** PUT …/message-templates/{purpose}/{language}: the owners' wording, or English in its place. */
export const templateSaveSchema = z.union([
  z.strictObject({
    subject: requiredText(MESSAGE_KEYS.subject, { max: SUBJECT_MAX_LENGTH }),
    body: requiredText(MESSAGE_KEYS.body, { max: BODY_MAX_LENGTH, isMultiline: true }),
  }),
  z.strictObject({ useEnglish: z.literal(true) }).describe('Remove this translation: English is sent instead'),
]);

/** POST /api/admin/creators/{creatorId}/contact */
export const contactSchema = z.strictObject({
  purpose,
  language,
  channel: choice(CONTACT_CHANNELS, MESSAGE_KEYS.channel).describe(
    'email: the server sends it (SMTP_URL); the others are links staff open, recorded here',
  ),
});

/**
 * POST /api/admin/creators/bulk-contact: the template for the selected creators, each in her own language. Without
 * `send` it only prepares: who gets the server's e-mail, the links for the others, and who cannot be reached.
 */
export const bulkContactSchema = z.strictObject({
  creatorIds: z
    .array(z.string({ error: 'bulk.creatorId' }).max(40, 'bulk.creatorId'), { error: 'bulk.noTargets' })
    .min(1, 'bulk.noTargets')
    .max(BULK_CONTACT_MAX, 'contact.tooMany'),
  purpose,
  send: z.boolean().optional().describe('true: the e-mails go out now; the links are still opened by staff'),
});

export type BulkContactInput = z.output<typeof bulkContactSchema>;
export type TemplateSaveInput = z.output<typeof templateSaveSchema>;
export type ContactInput = z.output<typeof contactSchema>;
