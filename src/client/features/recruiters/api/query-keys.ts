import { queryRoots, recruiterListingsRoot } from '#client/lib/query-keys.ts';
import type { CreatorStatus } from '#shared/creator-status.ts';
import type { PageStart } from '#shared/schemas/creator.ts';

/** A recruiter's listings by status; no status means every status (product §2 'All'). */
export type ListingsFilter = CreatorStatus | 'all';

/**
 * The admin recruiter list (lib/admin-recruiters.ts, which the creators' details share) and each
 * recruiter's listings, under a root of their own so that a creator's change refreshes listings, not the list.
 */
export const recruiterKeys = {
  list: () => queryRoots.recruiters,
  listingsOf: (recruiterId: string) => recruiterListingsRoot(recruiterId),
  listings: (recruiterId: string, status: ListingsFilter, start: PageStart) =>
    [...recruiterListingsRoot(recruiterId), status, start] as const,
};
