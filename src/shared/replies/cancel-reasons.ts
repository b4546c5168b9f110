import { z } from 'zod';
import { CANCEL_REASON_CODES } from '../cancel-reasons.ts';

/** The replies of cancel reasons (decision 063). */

export const cancelReasonSchema = z
  .object({
    id: z.uuid(),
    code: z
      .enum(CANCEL_REASON_CODES)
      .nullable()
      .describe('A shipped reason, translated on screen; null for one the owners added'),
    label: z.string().nullable().describe("The owners' wording; null while a shipped reason keeps its own"),
    english: z.string().describe('The reason as the CSV, the activity log and webhook events write it'),
    removed: z.boolean().describe('No longer offered; kept for the cancellations that gave it'),
    inUse: z.number().int().nonnegative().describe('How many cancelled creators give this reason now'),
  })
  .meta({ id: 'CancelReason' });
export type CancelReason = z.output<typeof cancelReasonSchema>;

export const cancelReasonListSchema = z.object({ reasons: z.array(cancelReasonSchema) });
