import { z } from 'zod';
import { LANGUAGE_CODES } from '../languages.ts';
import { MESSAGE_PURPOSES } from '../message-templates.ts';
import { activityEntrySchema } from './creators.ts';

/** The replies of message templates and contact from the record (decision 060). */

const language = z.enum(LANGUAGE_CODES as [string, ...string[]]);

export const TEMPLATE_SOURCES = ['default', 'custom', 'english'] as const;

export const messageTemplateSchema = z
  .object({
    purpose: z.enum(MESSAGE_PURPOSES),
    language,
    source: z
      .enum(TEMPLATE_SOURCES)
      .describe("default: the shipped text; custom: the owners' own; english: removed, English is sent instead"),
    subject: z.string().nullable().describe('Null when the translation was removed'),
    body: z.string().nullable(),
    updatedBy: z.string().nullable(),
    updatedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'MessageTemplate' });

export const messageTemplateListSchema = z
  .object({
    templates: z.array(messageTemplateSchema).describe('Every purpose in every language'),
    canEmail: z.boolean().describe('SMTP_URL is set: the server can send e-mail contacts and reminders'),
  })
  .meta({ id: 'MessageTemplateList' });

export const contactResultSchema = z
  .object({
    entry: activityEntrySchema,
    message: z.object({
      subject: z.string(),
      text: z.string(),
      language,
      isFallback: z.boolean().describe('Her language has no translation: the text is in English'),
    }),
  })
  .meta({ id: 'ContactResult' });

const bulkContactCreator = {
  creatorId: z.string(),
  name: z.string(),
  language,
};

export const bulkContactResultSchema = z
  .object({
    sent: z.boolean().describe('The e-mails went out (send: true); otherwise this is what would happen'),
    emails: z.array(z.object(bulkContactCreator)).describe('Creators the server e-mails'),
    links: z
      .array(
        z.object({
          ...bulkContactCreator,
          channel: z.enum(['whatsapp', 'telegram', 'sms', 'mailto']),
          href: z.string(),
          text: z.string(),
        }),
      )
      .describe('Prepared links for the other methods; opening one is recorded by the contact call'),
    skipped: z.array(z.object({ ...bulkContactCreator, reason: z.string() })).describe('Cannot be reached so'),
  })
  .meta({ id: 'BulkContactResult' });

export type BulkContactResult = z.output<typeof bulkContactResultSchema>;
export type MessageTemplate = z.output<typeof messageTemplateSchema>;
export type MessageTemplateList = z.output<typeof messageTemplateListSchema>;
export type ContactResult = z.output<typeof contactResultSchema>;
