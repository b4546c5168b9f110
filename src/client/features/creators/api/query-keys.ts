import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { invalidateKeys, queryRoots, recruiterListingsRoot } from '#client/lib/query-keys.ts';
import type { CreatorStatus } from '#shared/creator-status.ts';
import type { BulkRequest } from '#shared/schemas/bulk.ts';
import type { CreatorSort, PageStart, SlaFilter } from '#shared/schemas/creator.ts';

const STATUS_LISTS = [...queryRoots.creators, 'status'] as const;
const DETAILS = [...queryRoots.creators, 'detail'] as const;
const BULK_PREVIEWS = [...queryRoots.creators, 'bulk-preview'] as const;

/** Creator reads sit under ['admin', 'creators']: the status pages and the details. */
export const creatorKeys = {
  /** Every status page, whatever its page, search or order. */
  lists: () => STATUS_LISTS,
  byStatus: (
    status: CreatorStatus,
    start: PageStart,
    q: string,
    view: { sort: CreatorSort; sla: SlaFilter | null } & Record<string, string | null> = {
      sort: 'newest',
      sla: null,
    },
  ) => [...STATUS_LISTS, status, { start, q, ...view }] as const,
  /** A board column (its pages so far, under the filters): a status list, so every change that refreshes those does it. */
  boardColumn: (status: CreatorStatus, filters: Record<string, string>) =>
    [...STATUS_LISTS, status, { board: true, ...filters }] as const,
  details: () => DETAILS,
  detail: (creatorId: string) => [...DETAILS, creatorId] as const,
  /** A bulk job's progress (docs/decisions/034); no change to creators makes it stale, only time. */
  bulkJob: (jobId: string) => [...queryRoots.creators, 'bulk-job', jobId] as const,
  /** What a bulk request would do, asked as its confirmation opens (docs/decisions/033). */
  bulkPreview: (request: BulkRequest) => [...BULK_PREVIEWS, request] as const,
};

/**
 * The listings that show a creator: its recruiter's, none when it has no recruiter (theirs was deleted), or
 * every recruiter's when the reply does not say.
 */
function listingsShowing(recruiterId: string | null | undefined): QueryKey[] {
  if (recruiterId === undefined) return [queryRoots.recruiterListings];
  return recruiterId === null ? [] : [recruiterListingsRoot(recruiterId)];
}

/**
 * A note is an activity entry and a first staff action, which stops the creator's 24–48 hour clock (decision
 * 025): the details, the status pages' waiting badges and filter, and the dashboard's waiting counts change.
 * The listings show no clock and the insights count no notes.
 */
export function invalidateAfterNote(queryClient: QueryClient, creatorId: string): Promise<void> {
  return invalidateKeys(queryClient, [creatorKeys.detail(creatorId), STATUS_LISTS, queryRoots.dashboard]);
}

/**
 * A message sent from the record (decision 060) is an activity entry and a first staff action, as a note is;
 * an e-mail is also a delivery on the deliveries screen.
 */
export function invalidateAfterContact(queryClient: QueryClient, creatorId: string): Promise<void> {
  return invalidateKeys(queryClient, [
    creatorKeys.detail(creatorId),
    STATUS_LISTS,
    queryRoots.dashboard,
    queryRoots.deliveries,
  ]);
}

/**
 * A status move (a button, listing directly, a stage-2 link) with its activity entry and first staff action:
 * the details, the status pages, the dashboard, the insights (milestones and time in each status) and the
 * listings of the creator's recruiter. The recruiter list counts applications of every status, so it stays;
 * alerts are made by the delivery worker after the change, and the deliveries screen reads afresh when opened.
 * Other creators' details that name this one as a possible duplicate are read afresh when opened too.
 */
export function invalidateAfterStatusChange(
  queryClient: QueryClient,
  creatorId: string,
  recruiterId: string | null | undefined,
): Promise<void> {
  return invalidateKeys(queryClient, [
    creatorKeys.detail(creatorId),
    STATUS_LISTS,
    queryRoots.dashboard,
    queryRoots.insights,
    ...listingsShowing(recruiterId),
  ]);
}

/**
 * Deleted creators' details are gone (asking again would earn a 404); the status pages, the dashboard, the
 * listings and the recruiter list's application counts change, and their alerts go with them. The insights'
 * daily counts name no one and stay (product §9).
 */
export function invalidateAfterDelete(queryClient: QueryClient, creatorIds: readonly string[]): Promise<void> {
  for (const creatorId of creatorIds) queryClient.removeQueries({ queryKey: creatorKeys.detail(creatorId) });
  return invalidateKeys(queryClient, [
    STATUS_LISTS,
    queryRoots.dashboard,
    queryRoots.recruiterListings,
    queryRoots.recruiters,
    queryRoots.deliveries,
  ]);
}

/**
 * A merge (decision 062) removes one record, as a deletion does, and changes the one that stays: its fields, log,
 * messages and duplicates, and the duplicates of every record that matched either. All details are read afresh,
 * the removed one is dropped; its status page, the dashboard, the insights, the listings and their counts change.
 */
export function invalidateAfterMerge(queryClient: QueryClient, removedCreatorId: string): Promise<void> {
  queryClient.removeQueries({ queryKey: creatorKeys.detail(removedCreatorId) });
  return invalidateKeys(queryClient, [
    DETAILS,
    STATUS_LISTS,
    queryRoots.dashboard,
    queryRoots.insights,
    queryRoots.recruiterListings,
    queryRoots.recruiters,
    queryRoots.deliveries,
  ]);
}

/** A bulk status move or stage-2 links: as one status change, for creators of any recruiter. */
export function invalidateAfterBulkStatusChange(queryClient: QueryClient): Promise<void> {
  return invalidateKeys(queryClient, [
    DETAILS,
    STATUS_LISTS,
    queryRoots.dashboard,
    queryRoots.insights,
    queryRoots.recruiterListings,
  ]);
}
