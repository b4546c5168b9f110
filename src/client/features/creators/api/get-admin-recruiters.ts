import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '#client/lib/api-client.ts';
import type { AdminRecruiter } from '#shared/schemas/creator.ts';

/** Product §9: the status page keeps the recruiter list (for e-mails) for ten minutes. */
export const ADMIN_RECRUITERS_STALE_TIME_MS = 10 * 60 * 1000;

/** Product §7 GET /api/admin/recruiters, read here for the recruiter's e-mail in the details dialog. */
export function getAdminRecruiters(signal?: AbortSignal): Promise<AdminRecruiter[]> {
  return apiGet<AdminRecruiter[]>('/api/admin/recruiters', { signal });
}

/** The same key and shape as the recruiters screen's list, so both share one cached copy. */
export const adminRecruitersQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'recruiters'],
    queryFn: ({ signal }) => getAdminRecruiters(signal),
    staleTime: ADMIN_RECRUITERS_STALE_TIME_MS,
  });

export function useAdminRecruiters({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...adminRecruitersQueryOptions(), enabled });
}
