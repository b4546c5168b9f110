import { z } from 'zod';
import { TAG_COLORS } from '../tags.ts';

/** The replies of tags (decision 063). */

export const tagSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    color: z.enum(TAG_COLORS),
    count: z.number().int().nonnegative().describe('How many creators carry it'),
  })
  .meta({ id: 'Tag' });
export type Tag = z.output<typeof tagSchema>;

export const tagListSchema = z.object({ tags: z.array(tagSchema) });

export const tagChangeResultSchema = z.object({
  changed: z.array(z.string()).describe('Creator IDs whose tags changed'),
  unchanged: z.array(z.string()).describe('Already as asked'),
  notFound: z.array(z.string()),
});
export type TagChangeResult = z.output<typeof tagChangeResultSchema>;
