import { z } from 'zod';
import { CREATOR_STATUSES } from '../creator-status.ts';
import { FILTERED_COUNT_MAX, SHORT_TEXT_MAX_LENGTH } from '../limits.ts';
import { englishTexts } from '../messages/english.ts';
import type { MessageKey } from '../messages/message.ts';
import { cleanString } from './fields.ts';
import { checkDateRange, listFilterFields } from './list-filters.ts';

/**
 * The admin creator lists' queries, and what the admin API answers (product §3 and §7;
 * docs/decisions/007-admin-api-shapes.md). The creator replies are declared by their schemas in
 * `replies/creators.ts`; replies import from schemas, never the reverse. Stored files travel as
 * `/api/admin/files/<key>` URLs.
 */

export const ADMIN_FILE_URL_PREFIX = '/api/admin/files/';

export const CREATOR_QUERY_KEYS = {
  page: 'creators.page',
  cursor: 'creators.cursor',
  status: 'creators.status',
  sort: 'creators.sort',
  sla: 'creators.sla',
  assignee: 'creators.assignee',
  slaStatus: 'creators.slaStatus',
  countUpTo: 'creators.countUpTo',
} as const satisfies Record<string, MessageKey>;

/** The same messages in English, as the API writes them. */
export const CREATOR_QUERY_MESSAGES = /* @__PURE__ */ englishTexts(CREATOR_QUERY_KEYS);

/** Where a page starts: an end of the list, or a cursor taken from a previous page's `next` or `prev`. */
export type PageStart = 'first' | 'last' | { cursor: string };

/** Cursors are base64url; anything longer than a timestamp and an id is not one of ours. */
const CURSOR_PATTERN = /^[A-Za-z0-9_-]{1,120}$/;

/** `?page=first|last` or `?cursor=`: either one asks for a page instead of the spec's whole array. */
const pagingFields = {
  // `1` is the first page, as links from before keyset paging wrote it.
  page: z
    .enum(['first', 'last', '1'], { error: CREATOR_QUERY_KEYS.page })
    .transform((page) => (page === '1' ? 'first' : page))
    .optional(),
  cursor: z.string({ error: CREATOR_QUERY_KEYS.cursor }).regex(CURSOR_PATTERN, CREATOR_QUERY_KEYS.cursor).optional(),
};

/** The page a query asks for, or undefined when it asks for the whole list. */
export function pageStartOf(query: {
  page?: 'first' | 'last' | undefined;
  cursor?: string | undefined;
}): PageStart | undefined {
  if (query.cursor !== undefined) return { cursor: query.cursor };
  return query.page;
}

/** A status list's order: newest first (the default), or oldest first, those waiting longest on top. */
export const CREATOR_SORTS = ['newest', 'oldest'] as const;
export type CreatorSort = (typeof CREATOR_SORTS)[number];

/** The pending list narrowed to the creators whose 24–48 hour clock is due or overdue (docs/decisions/025). */
export const SLA_FILTERS = ['due', 'overdue'] as const;
export type SlaFilter = (typeof SLA_FILTERS)[number];

/** Paging and search on a status list; sending any of them switches the reply to the paged form. */
export const creatorListQuerySchema = z
  .object({
    ...pagingFields,
    q: cleanString().trim().max(SHORT_TEXT_MAX_LENGTH).optional(),
    sort: z.enum(CREATOR_SORTS, { error: CREATOR_QUERY_KEYS.sort }).optional(),
    sla: z.enum(SLA_FILTERS, { error: CREATOR_QUERY_KEYS.sla }).optional(),
    ...listFilterFields,
    countUpTo: z.coerce
      .number({ error: CREATOR_QUERY_KEYS.countUpTo })
      .int(CREATOR_QUERY_KEYS.countUpTo)
      .min(1, CREATOR_QUERY_KEYS.countUpTo)
      .max(FILTERED_COUNT_MAX, CREATOR_QUERY_KEYS.countUpTo)
      .optional()
      .describe('A filtered page counts its matches up to this many (1–1,000; 1,000 unless given)'),
  })
  .superRefine(checkDateRange);

export const creatorStatusParamSchema = z.enum(CREATOR_STATUSES, { error: CREATOR_QUERY_KEYS.status });

/** `?status=` on the recruiter listings; absent or blank means all statuses. Paging as on a status list. */
export const recruiterListingsQuerySchema = z.object({
  ...pagingFields,
  status: z
    .string({ error: CREATOR_QUERY_KEYS.status })
    .optional()
    .transform((value) => value || undefined)
    .pipe(creatorStatusParamSchema.optional()),
});

export type CreatorListQuery = z.output<typeof creatorListQuerySchema>;
