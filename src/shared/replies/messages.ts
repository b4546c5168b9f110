import { z } from 'zod';

/**
 * How a reply carries a message by key beside its English (docs/decisions/031): the error body and each
 * creator a bulk action left unchanged use the same two fields.
 */
export const messageParamsSchema = z
  .record(z.string(), z.union([z.string(), z.number()]))
  .describe("Values for the message's {{placeholders}}");

export const messageKeyFields = {
  messageKey: z.string().optional().describe('`message` by key, to show it in another language (docs/decisions/031)'),
  messageParams: messageParamsSchema.optional(),
};
