import { z } from 'zod';
import { MERGE_FIELDS, MERGE_SIDES, type MergeField } from '../creator-merge.ts';
import type { MessageKey } from '../messages/message.ts';
import { choice } from './fields.ts';

/** Merging a possible duplicate into a creator (decision 062). */

const FROM: MessageKey = 'merge.from';
const side = choice(MERGE_SIDES, 'merge.side');

/** One optional choice per field; a field left out takes the newer record's value ("newest wins"). */
const fieldChoices = z.strictObject(
  Object.fromEntries(MERGE_FIELDS.map((field) => [field, side.optional()])) as Record<
    MergeField,
    z.ZodOptional<typeof side>
  >,
);

/** POST /api/admin/creators/{creatorId}/merge: the record in the URL stays; `from` is merged into it and removed. */
export const mergeRequestSchema = z.strictObject({
  from: z
    .string({ error: FROM })
    .trim()
    .min(1, FROM)
    .max(40, FROM)
    .describe('The Creator ID of the record to merge into this one and remove, e.g. RC-7KX3P9QD'),
  fields: fieldChoices
    .optional()
    .describe(
      "Per field, 'into' keeps this record's value and 'from' takes the removed one's; left out, the newer application's value wins (for stage2, the later answers), or the only one there is",
    ),
});

export type MergeRequest = z.output<typeof mergeRequestSchema>;
