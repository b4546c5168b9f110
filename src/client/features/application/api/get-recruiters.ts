import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '#client/lib/api-client.ts';
import type { PublicRecruiter } from '#shared/replies/recruiters.ts';
import { applicationKeys } from './query-keys.ts';

export type { PublicRecruiter };

/** Product §9: the public form keeps the list for five minutes. */
export const RECRUITERS_STALE_TIME_MS = 5 * 60 * 1000;

/** Product §7 GET /api/recruiters: id and name only. */
export function getRecruiters(signal?: AbortSignal): Promise<PublicRecruiter[]> {
  return apiGet<PublicRecruiter[]>('/api/recruiters', { signal });
}

/** Its own key: the admin screens list recruiters with e-mails under theirs, and the two must never mix. */
export const recruitersQueryOptions = () =>
  queryOptions({
    queryKey: applicationKeys.recruiters(),
    queryFn: ({ signal }) => getRecruiters(signal),
    staleTime: RECRUITERS_STALE_TIME_MS,
    refetchOnWindowFocus: false,
  });

export function useRecruiters() {
  return useQuery(recruitersQueryOptions());
}
