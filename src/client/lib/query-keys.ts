import type { QueryClient, QueryKey } from '@tanstack/react-query';

/** Every admin read sits under it, so signing out or in forgets them together. */
export const ADMIN_QUERY_ROOT = ['admin'] as const;

/**
 * Where each feature's reads sit in the query cache. A feature builds its keys under its root (its
 * `api/query-keys.ts`); a change whose effect shows in another feature's reads (a status change in the
 * dashboard's counts) invalidates that feature's root from here, since client features do not import each
 * other (architecture §9.1).
 */
export const queryRoots = {
  authStatus: [...ADMIN_QUERY_ROOT, 'auth-status'],
  account: [...ADMIN_QUERY_ROOT, 'account'],
  admins: [...ADMIN_QUERY_ROOT, 'admins'],
  creators: [...ADMIN_QUERY_ROOT, 'creators'],
  dashboard: [...ADMIN_QUERY_ROOT, 'dashboard'],
  insights: [...ADMIN_QUERY_ROOT, 'insights'],
  /** The admin recruiter list, with e-mails and application counts (lib/admin-recruiters.ts). */
  recruiters: [...ADMIN_QUERY_ROOT, 'recruiters'],
  recruiterListings: [...ADMIN_QUERY_ROOT, 'recruiter-listings'],
  deliveries: [...ADMIN_QUERY_ROOT, 'deliveries'],
  /** The message templates (decision 060): the owners' screen edits them, every contact renders them. */
  messageTemplates: [...ADMIN_QUERY_ROOT, 'message-templates'],
  /** The cancel reasons (decision 063): the owners' lists screen keeps them, every cancellation asks one. */
  cancelReasons: [...ADMIN_QUERY_ROOT, 'cancel-reasons'],
  /** The team a creator may belong to, with their counts (decision 063). */
  assignees: [...ADMIN_QUERY_ROOT, 'assignees'],
  /** The tags owners define (decision 063). */
  tags: [...ADMIN_QUERY_ROOT, 'tags'],
  /**
   * The saved views with their counts (decision 063): under the dashboard's root, so every change that refreshes
   * the dashboard's counts refreshes theirs.
   */
  savedViews: [...ADMIN_QUERY_ROOT, 'dashboard', 'saved-views'],
  /** The public form's recruiter select: id and name only, never mixed with the admin list. */
  publicRecruiters: ['public', 'recruiters'],
  stage2: ['stage2'],
  /** Her own page per link (features/applicant-page). */
  applicantPage: ['me'],
} as const satisfies Record<string, QueryKey>;

/** One recruiter's listings, every filter and page: a creator's change names its recruiter's. */
export const recruiterListingsRoot = (recruiterId: string) => [...queryRoots.recruiterListings, recruiterId] as const;

/** Marks every query under each key stale and refetches those on screen; settles once they are back. */
export async function invalidateKeys(queryClient: QueryClient, keys: readonly QueryKey[]): Promise<void> {
  await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
