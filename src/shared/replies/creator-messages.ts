import { z } from 'zod';
import { LANGUAGE_CODES } from '../languages.ts';
import { CONTACT_CHANNELS, MESSAGE_PURPOSES } from '../message-templates.ts';
import { DELIVERY_STATUS_NAMES } from '../schemas/delivery.ts';

/** One message in a creator's history: who sent which template how, and for e-mail where its delivery stands. */
export const creatorMessageSchema = z
  .object({
    id: z.uuid().describe('The activity entry'),
    sentAt: z.iso.datetime(),
    sentBy: z.string().describe('The admin, or "system" for a reminder'),
    channel: z.enum(CONTACT_CHANNELS),
    purpose: z.enum(MESSAGE_PURPOSES),
    language: z.enum(LANGUAGE_CODES as [string, ...string[]]),
    delivery: z
      .object({
        status: z.enum(DELIVERY_STATUS_NAMES),
        sentAt: z.iso.datetime().nullable(),
        lastError: z.string().nullable(),
      })
      .nullable()
      .describe('E-mail sent by the server only; null for links'),
  })
  .meta({ id: 'CreatorMessage' });

export type CreatorMessage = z.output<typeof creatorMessageSchema>;
