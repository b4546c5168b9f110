import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '#client/lib/api-client.ts';
import type { AdminRecruiter } from '#shared/replies/recruiters.ts';
import { queryRoots } from './query-keys.ts';

/** Product §9: the admin screens keep the recruiter list for ten minutes. */
export const ADMIN_RECRUITERS_STALE_TIME_MS = 10 * 60 * 1000;

/** Product §7 GET /api/admin/recruiters, with e-mails and application counts (decision 007). */
export function getAdminRecruiters(signal?: AbortSignal): Promise<AdminRecruiter[]> {
  return apiGet<AdminRecruiter[]>('/api/admin/recruiters', { signal });
}

/**
 * One key and one lifetime for one cached copy: the recruiters screen reads it, and so does the creators'
 * details dialog, through the recruiter e-mail the route screens hand it (recruiter-email-of.tsx).
 */
export const adminRecruitersQueryOptions = () =>
  queryOptions({
    queryKey: queryRoots.recruiters,
    queryFn: ({ signal }) => getAdminRecruiters(signal),
    staleTime: ADMIN_RECRUITERS_STALE_TIME_MS,
  });

export function useAdminRecruiters({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...adminRecruitersQueryOptions(), enabled });
}
