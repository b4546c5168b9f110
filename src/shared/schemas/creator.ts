import { z } from 'zod';
import { CREATOR_STATUSES, type CreatorStatus } from '../creator-status.ts';
import { SHORT_TEXT_MAX_LENGTH } from '../limits.ts';
import type { CompensationType, YesNo } from '../options.ts';

/**
 * What the admin API answers (spec §3 and §7; docs/decisions/007-admin-api-shapes.md). Dates travel as
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
}

export type StatusCounts = Record<CreatorStatus, number>;

/** GET /api/admin/creators/summary: the dashboard in one call. */
export interface CreatorSummary {
  counts: StatusCounts;
  recent: Creator[];
}

/** GET /api/admin/creators/status/{status}?page=&q= (paged form). */
export interface CreatorPage {
  items: Creator[];
  total: number;
  page: number;
  pageSize: number;
}

/** POST /api/admin/creators/{creatorId}/send-stage2: a path; the browser prefixes the site origin (spec §7). */
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

export interface DeleteRecruiterResult {
  associatedApplicationsCount: number;
  message: string;
}

export const CREATOR_QUERY_MESSAGES = {
  page: 'Page must be a whole number from 1',
  status: 'Please choose a valid status',
} as const;

/** Far beyond any real list; stops a huge OFFSET from becoming an expensive scan. */
export const MAX_PAGE = 100_000;

/** Paging and search on a status list; sending either switches the reply to the paged form. */
export const creatorListQuerySchema = z.object({
  page: z
    .string({ error: CREATOR_QUERY_MESSAGES.page })
    .regex(/^\d{1,6}$/, CREATOR_QUERY_MESSAGES.page)
    .transform(Number)
    .pipe(z.number().int().min(1, CREATOR_QUERY_MESSAGES.page).max(MAX_PAGE, CREATOR_QUERY_MESSAGES.page))
    .optional(),
  q: z.string().trim().max(SHORT_TEXT_MAX_LENGTH).optional(),
});

export const creatorStatusParamSchema = z.enum(CREATOR_STATUSES, { error: CREATOR_QUERY_MESSAGES.status });

/** `?status=` on the recruiter listings; absent or blank means all statuses. */
export const recruiterListingsQuerySchema = z.object({
  status: z
    .string({ error: CREATOR_QUERY_MESSAGES.status })
    .optional()
    .transform((value) => value || undefined)
    .pipe(creatorStatusParamSchema.optional()),
});

export type CreatorListQuery = z.output<typeof creatorListQuerySchema>;
