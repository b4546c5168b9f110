import { z } from 'zod';
import { CREATOR_STATUSES, type CreatorStatus } from '../creator-status.ts';
import { SHORT_TEXT_MAX_LENGTH } from '../limits.ts';
import type { CompensationType, YesNo } from '../options.ts';
import { cleanString } from './fields.ts';

/**
 * What the admin API answers (product §3 and §7; docs/decisions/007-admin-api-shapes.md). Dates travel as
 * ISO strings; stored files as `/api/admin/files/<key>` URLs, never as keys or token hashes.
 */

export const ADMIN_FILE_URL_PREFIX = '/api/admin/files/';

export interface Creator {
  id: string;
  creatorId: string;
  name: string;
  language: string;
  gender: string;
  contactMethod: string;
  contactInfo: string;
  hasOnlyFans: string | null;
  averageMonthlyRange: string | null;
  age: number | null;
  country: string | null;
  agencyGoals: string;
  instagram: string | null;
  tiktok: string | null;
  twitter: string | null;
  additionalInfo: string | null;
  /** The recruiter's name as submitted; kept when the recruiter is deleted. */
  recruiter: string;
  recruiterId: string | null;
  status: CreatorStatus;
  confirmationPhotoUrl: string | null;
  rollickCreatorHubId: string | null;
  rollickListingUrl: string | null;
  createdAt: string;
  updatedAt: string;
  /** When staff first acted on this creator; the 24–48 hour clock runs while it is null (docs/decisions/025). */
  firstStaffActionAt: string | null;
  /** Another creator shares this one's contact or photo: the "Possible duplicate" badge. */
  hasDuplicates: boolean;
}

export type DuplicateReason = 'contact' | 'photo';

/** Another creator who may be the same person, and why (docs/decisions/025). */
export interface PossibleDuplicate {
  creatorId: string;
  name: string;
  status: CreatorStatus;
  reasons: DuplicateReason[];
}

export interface Stage2Data {
  id: string;
  /** The public Creator ID (RC-…), not the row id. */
  creatorId: string;
  country: string;
  age: number;
  englishLevel: number;
  compensationType: CompensationType;
  monthlySalary: number | null;
  revenueShare: number | null;
  isVerifiedOnlyFans: YesNo;
  onlyFansRevenue: number | null;
  revenueScreenshotUrl: string | null;
  hasExistingContent: boolean;
  contentType: string[];
  agencyPitch: string;
  imageUrls: string[];
  createdAt: string;
  updatedAt: string;
}

export interface ActivityEntry {
  id: string;
  action: string;
  timestamp: string;
  performedBy: string;
  additionalInfo: Record<string, unknown> | null;
}

/** GET /api/admin/creators/{creatorId}; the activity log is oldest first. */
export interface CreatorDetail {
  creator: Creator;
  stage2Data: Stage2Data | null;
  activityLog: ActivityEntry[];
  duplicates: PossibleDuplicate[];
}

export type StatusCounts = Record<CreatorStatus, number>;

/** GET /api/admin/creators/summary: the dashboard in one call. */
export interface CreatorSummary {
  counts: StatusCounts;
  recent: Creator[];
  /** Pending creators no one has acted on: waiting 24–48 hours (due) and longer (overdue). */
  sla: SlaCounts;
}

export interface SlaCounts {
  due: number;
  overdue: number;
}

/**
 * One page of a list, read by keyset (docs/decisions/014): `next` and `prev` are opaque cursors to pass back
 * as `?cursor=`, null at either end. `total` is exact unless `totalIsExact` is false, when at least that many
 * match (a search stops counting there, so it never reads the whole table).
 */
export interface CreatorPage {
  items: Creator[];
  pageSize: number;
  total: number;
  totalIsExact: boolean;
  next: string | null;
  prev: string | null;
}

/** POST /api/admin/creators/{creatorId}/send-stage2: a path; the browser prefixes the site origin (product §7). */
export interface Stage2LinkResult {
  link: string;
  expiresAt: string;
}

/** PATCH …/status and …/list-directly. */
export interface CreatorChangeResult {
  creator: Creator;
}

export interface MessageResult {
  message: string;
}

/** A recruiter as the admin sees it: the spec's id, name, email plus how many applications name them. */
export interface AdminRecruiter {
  id: string;
  name: string;
  email: string | null;
  createdAt: string;
  applicationsCount: number;
}

/** GET /api/admin/recruiters/{id}/listings: `totalCount` counts all of them, whatever the filter. */
export interface RecruiterListings {
  listings: Creator[];
  totalCount: number;
}

/** The same with `?page=` or `?cursor=`: one page of the filtered listings, as a status list's page. */
export interface RecruiterListingsPage extends RecruiterListings, Omit<CreatorPage, 'items'> {}

export interface DeleteRecruiterResult {
  associatedApplicationsCount: number;
  message: string;
}

export const CREATOR_QUERY_MESSAGES = {
  page: "Page must be 'first' or 'last'; follow a reply's next and prev cursors for the others",
  cursor: 'This page link is no longer valid; start again from the first page',
  status: 'Please choose a valid status',
  sort: "Sort must be 'newest' or 'oldest'",
  sla: "The waiting filter must be 'due' or 'overdue'",
  slaStatus: 'Only the pending list can be filtered by waiting time',
} as const;

/** Where a page starts: an end of the list, or a cursor taken from a previous page's `next` or `prev`. */
export type PageStart = 'first' | 'last' | { cursor: string };

/** Cursors are base64url; anything longer than a timestamp and an id is not one of ours. */
const CURSOR_PATTERN = /^[A-Za-z0-9_-]{1,120}$/;

/** `?page=first|last` or `?cursor=`: either one asks for a page instead of the spec's whole array. */
const pagingFields = {
  // `1` is the first page, as links from before keyset paging wrote it.
  page: z
    .enum(['first', 'last', '1'], { error: CREATOR_QUERY_MESSAGES.page })
    .transform((page) => (page === '1' ? 'first' : page))
    .optional(),
  cursor: z
    .string({ error: CREATOR_QUERY_MESSAGES.cursor })
    .regex(CURSOR_PATTERN, CREATOR_QUERY_MESSAGES.cursor)
    .optional(),
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
export const creatorListQuerySchema = z.object({
  ...pagingFields,
  q: cleanString().trim().max(SHORT_TEXT_MAX_LENGTH).optional(),
  sort: z.enum(CREATOR_SORTS, { error: CREATOR_QUERY_MESSAGES.sort }).optional(),
  sla: z.enum(SLA_FILTERS, { error: CREATOR_QUERY_MESSAGES.sla }).optional(),
});

export const creatorStatusParamSchema = z.enum(CREATOR_STATUSES, { error: CREATOR_QUERY_MESSAGES.status });

/** `?status=` on the recruiter listings; absent or blank means all statuses. Paging as on a status list. */
export const recruiterListingsQuerySchema = z.object({
  ...pagingFields,
  status: z
    .string({ error: CREATOR_QUERY_MESSAGES.status })
    .optional()
    .transform((value) => value || undefined)
    .pipe(creatorStatusParamSchema.optional()),
});

export type CreatorListQuery = z.output<typeof creatorListQuerySchema>;
