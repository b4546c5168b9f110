import { z } from 'zod';
import { creatorSchema } from './creators.ts';

/** GET /api/admin/creators/search: the creators of any status the query names, most exact first. */
export const creatorFindReplySchema = z
  .object({
    creators: z.array(creatorSchema).describe('At most ten creators, each with its status'),
  })
  .meta({ id: 'CreatorFindReply' });

export type CreatorFindReply = z.output<typeof creatorFindReplySchema>;
