import { z } from 'zod';
import { MERGE_FIELDS } from '../creator-merge.ts';
import { creatorSchema } from './creators.ts';

/** POST /api/admin/creators/{creatorId}/merge (decision 062): the record that stays, as the merge left it. */
export const mergeResultSchema = z
  .object({
    creator: creatorSchema,
    merged: z.string().describe('The Creator ID of the record merged in and removed'),
    fromMerged: z.array(z.enum(MERGE_FIELDS)).describe('The fields whose value came from the removed record'),
  })
  .meta({ id: 'CreatorMergeResult' });

export type MergeResult = z.output<typeof mergeResultSchema>;
