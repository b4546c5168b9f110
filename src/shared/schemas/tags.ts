import { z } from 'zod';
import { BULK_ASSIGN_MAX } from '../limits.ts';
import type { MessageKey } from '../messages/message.ts';
import { TAG_COLORS, TAG_NAME_MAX_LENGTH, TAGS_MAX } from '../tags.ts';
import { choice, requiredText } from './fields.ts';

/** The calls of tags (decision 063). */

export const TAG_KEYS = {
  name: 'tags.name',
  color: 'tags.color',
  taken: 'tags.taken',
  tooMany: 'tags.tooMany',
  notFound: 'tags.notFound',
  unknown: 'tags.unknown',
  nothing: 'tags.nothing',
  tooManyCreators: 'tags.tooManyCreators',
} as const satisfies Record<string, MessageKey>;

export const tagParams = z.object({ id: z.uuid({ error: TAG_KEYS.notFound }) });

/** POST /api/admin/tags and PATCH …/{id} (owners). */
export const tagSaveSchema = z.strictObject({
  name: requiredText(TAG_KEYS.name, { max: TAG_NAME_MAX_LENGTH }),
  color: choice(TAG_COLORS, TAG_KEYS.color),
});

const tagIds = z
  .array(z.uuid({ error: TAG_KEYS.unknown }), { error: TAG_KEYS.unknown })
  .max(TAGS_MAX, TAG_KEYS.unknown)
  .default([]);

/** What a change of tags does: the tags to put on and to take off. */
const tagChange = { add: tagIds, remove: tagIds };

/** POST /api/admin/creators/{creatorId}/tags */
export const creatorTagsSchema = z.strictObject(tagChange);

/** POST /api/admin/creators/bulk-tags */
export const bulkTagsSchema = z.strictObject({
  creatorIds: z
    .array(z.string({ error: 'bulk.creatorId' }).max(40, 'bulk.creatorId'), { error: 'bulk.noTargets' })
    .min(1, 'bulk.noTargets')
    .max(BULK_ASSIGN_MAX, TAG_KEYS.tooManyCreators),
  ...tagChange,
});

export type TagSaveInput = z.output<typeof tagSaveSchema>;
export type TagChangeInput = z.input<typeof creatorTagsSchema>;
