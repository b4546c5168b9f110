import { z } from 'zod';
import { SHORT_TEXT_MAX_LENGTH } from '../limits.ts';
import type { MessageKey } from '../messages/message.ts';
import { SAVED_VIEW_LISTS, SAVED_VIEW_NAME_MAX_LENGTH } from '../saved-views.ts';
import { CREATOR_SORTS, SLA_FILTERS } from './creator.ts';
import { cleanString, requiredText } from './fields.ts';
import { checkDateRange, listFilterFields } from './list-filters.ts';

/** The calls of saved views (decision 063). */

export const SAVED_VIEW_KEYS = {
  name: 'views.name',
  list: 'views.list',
  taken: 'views.taken',
  tooMany: 'views.tooMany',
  notFound: 'views.notFound',
  notYours: 'views.notYours',
  nothing: 'views.nothing',
} as const satisfies Record<string, MessageKey>;

export const savedViewParams = z.object({ id: z.uuid({ error: SAVED_VIEW_KEYS.notFound }) });

/** What a view keeps of a list's address: its search, order, waiting filter and list filters. */
export const savedViewQuerySchema = z
  .strictObject({
    q: cleanString().trim().max(SHORT_TEXT_MAX_LENGTH).optional(),
    sort: z.enum(CREATOR_SORTS, { error: 'creators.sort' satisfies MessageKey }).optional(),
    sla: z.enum(SLA_FILTERS, { error: 'creators.sla' satisfies MessageKey }).optional(),
    ...listFilterFields,
  })
  .superRefine(checkDateRange);
export type SavedViewQuery = z.output<typeof savedViewQuerySchema>;

const viewName = requiredText(SAVED_VIEW_KEYS.name, { max: SAVED_VIEW_NAME_MAX_LENGTH });

/** POST /api/admin/views */
export const savedViewCreateSchema = z.strictObject({
  name: viewName,
  list: z.enum(SAVED_VIEW_LISTS, { error: SAVED_VIEW_KEYS.list }),
  query: savedViewQuerySchema,
  shared: z.boolean({ error: SAVED_VIEW_KEYS.nothing }).default(false),
});
export type SavedViewCreateInput = z.output<typeof savedViewCreateSchema>;

/** PATCH /api/admin/views/{id}: a new name, or shared with the team or taken back. */
export const savedViewUpdateSchema = z
  .strictObject({
    name: viewName.optional(),
    shared: z.boolean({ error: SAVED_VIEW_KEYS.nothing }).optional(),
  })
  .refine((change) => change.name !== undefined || change.shared !== undefined, SAVED_VIEW_KEYS.nothing);
export type SavedViewUpdateInput = z.output<typeof savedViewUpdateSchema>;
