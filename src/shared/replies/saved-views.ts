import { z } from 'zod';
import { SAVED_VIEW_LISTS } from '../saved-views.ts';

/** The replies of saved views (decision 063). */

export const savedViewSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    list: z.enum(SAVED_VIEW_LISTS).describe('A creator status, or `board`'),
    query: z.record(z.string(), z.string()).describe('The address parameters the view opens with'),
    shared: z.boolean().describe('Listed for every admin, not only its own'),
    mine: z.boolean().describe('Made by the admin asking, who alone may rename, share or delete it'),
    ownerName: z.string().describe('Who made it'),
    count: z.number().int().nonnegative().describe('How many creators it shows now, counted up to 1,000'),
    countIsExact: z.boolean().describe('False when there are more than `count`'),
  })
  .meta({ id: 'SavedView' });
export type SavedView = z.output<typeof savedViewSchema>;

export const savedViewListSchema = z.object({ views: z.array(savedViewSchema) });
