import { z } from 'zod';
import { LANGUAGE_CODES } from '../languages.ts';
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

export type TemplateSaveInput = z.output<typeof templateSaveSchema>;
export type ContactInput = z.output<typeof contactSchema>;
