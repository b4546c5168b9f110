import { z } from 'zod';
import { ASSIGNEE_ME, ASSIGNEE_NONE } from '../assignees.ts';
import type { MessageKey } from '../messages/message.ts';
import { LANGUAGES } from '../options.ts';

/**
 * The filters every creator list shares (decision 063): the status lists, the board's columns, "all matching"
 * bulk actions, the CSV export and saved views. Each lives in the address under its own name, so a shared link
 * opens the same list. Dates are whole days in UTC, both ends included.
 */

export const LIST_FILTER_KEYS = {
  recruiterId: 'recruiters.invalid',
  language: 'creators.languageFilter',
  duplicates: 'creators.duplicatesFilter',
  date: 'creators.dateFilter',
  dateRange: 'creators.dateRange',
} as const satisfies Record<string, MessageKey>;

/** `?duplicates=only`: the creators whose contact matches another creator's. */
export const DUPLICATES_ONLY = 'only';

/**
 * Whose creators a list shows (decision 063): one admin's by id, the signed-in admin's (`me`), or nobody's (`none`).
 */
export const assigneeFilter = z
  .union([z.literal(ASSIGNEE_ME), z.literal(ASSIGNEE_NONE), z.uuid()], {
    error: 'creators.assignee' satisfies MessageKey,
  })
  .optional()
  .describe("An admin's id, `me` for your own creators, or `none` for nobody's");
export type AssigneeFilter = z.output<typeof assigneeFilter>;

/** The creators carrying one tag (decision 063). */
export const tagFilter = z
  .uuid({ error: 'tags.unknown' satisfies MessageKey })
  .optional()
  .describe('A tag of GET /api/admin/tags');

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day as YYYY-MM-DD that exists (no 31 February). */
export function isIsoDay(value: string): boolean {
  if (!ISO_DAY.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
}

const isoDay = z
  .string({ error: LIST_FILTER_KEYS.date })
  .refine(isIsoDay, LIST_FILTER_KEYS.date)
  .optional()
  .describe('A day as YYYY-MM-DD (UTC), included');

/** The list filters as fields, for the schemas that carry them beside their own. */
export const listFilterFields = {
  /** One recruiter's creators. */
  recruiterId: z
    .uuid({ error: LIST_FILTER_KEYS.recruiterId })
    .optional()
    .describe('A recruiter of GET /api/admin/recruiters'),
  /** The applicants of one language (the form's list). */
  language: z.enum(LANGUAGES, { error: LIST_FILTER_KEYS.language }).optional().describe('One of the form’s languages'),
  duplicates: z
    .literal(DUPLICATES_ONLY, { error: LIST_FILTER_KEYS.duplicates })
    .optional()
    .describe('`only`: the possible duplicates'),
  /** Applied on or after this day. */
  from: isoDay,
  /** Applied on or before this day. */
  to: isoDay,
  assignee: assigneeFilter,
  tag: tagFilter,
};

export type ListFilters = {
  [K in keyof typeof listFilterFields]?: z.output<(typeof listFilterFields)[K]>;
};

export const LIST_FILTER_NAMES = Object.keys(listFilterFields) as (keyof ListFilters)[];

/** A range whose start is after its end is refused rather than answered with nobody. */
export function checkDateRange(filter: { from?: string | undefined; to?: string | undefined }, ctx: z.RefinementCtx) {
  if (filter.from && filter.to && filter.from > filter.to) {
    ctx.addIssue({ code: 'custom', message: LIST_FILTER_KEYS.dateRange, path: ['to'] });
  }
}

/** Whether any list filter is set. */
export function hasListFilter(filters: ListFilters): boolean {
  return LIST_FILTER_NAMES.some((name) => filters[name] !== undefined);
}

/** Only the list filters of a wider object, absent ones left out. */
export function pickListFilters(source: ListFilters): ListFilters {
  const picked: Record<string, string> = {};
  for (const name of LIST_FILTER_NAMES) {
    const value = source[name];
    if (value !== undefined) picked[name] = value;
  }
  return picked as ListFilters;
}

/**
 * The filters an address holds; a value the server would refuse is no filter, so a mistyped link shows the
 * whole list rather than an error.
 */
export function readListFilters(params: URLSearchParams): ListFilters {
  const read: Record<string, string> = {};
  for (const name of LIST_FILTER_NAMES) {
    const value = params.get(name);
    if (value !== null && listFilterFields[name].safeParse(value).success) read[name] = value;
  }
  const filters = read as ListFilters;
  if (filters.from && filters.to && filters.from > filters.to) delete filters.to;
  return filters;
}

/** The filters as address parameters, in a fixed order so equal filters give equal addresses. */
export function listFilterParams(filters: ListFilters): Record<string, string> {
  const params: Record<string, string> = {};
  for (const name of LIST_FILTER_NAMES) {
    const value = filters[name];
    if (value) params[name] = value;
  }
  return params;
}
