import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '#client/lib/api-client.ts';
import type { AdminRecruiter } from '#shared/schemas/creator.ts';

/** Product §7 GET /api/admin/recruiters, with e-mails and application counts (decision 007). */
export function getAdminRecruiters(signal?: AbortSignal): Promise<AdminRecruiter[]> {
  return apiGet<AdminRecruiter[]>('/api/admin/recruiters', { signal });
}

/** Under 'admin' so every admin change refreshes it; the public form's list has its own key. */
export const adminRecruitersQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'recruiters'],
    queryFn: ({ signal }) => getAdminRecruiters(signal),
  });

export function useAdminRecruiters() {
  return useQuery(adminRecruitersQueryOptions());
}
