import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiSend } from '#client/lib/api-client.ts';
import { queryRoots } from '#client/lib/query-keys.ts';
import type { ApplicantPage } from '#shared/replies/applicant-page.ts';

/** Her page's link: the Creator ID and the token from its address. */
export interface PageLink {
  creatorId: string;
  token: string;
}

const base = ({ creatorId }: PageLink) => `/api/me/${encodeURIComponent(creatorId)}`;
const withToken = (link: PageLink, path = '') => `${base(link)}${path}?token=${encodeURIComponent(link.token)}`;

/** Her data zip: a plain link the browser downloads, so no script holds the file. */
export const dataZipHref = (link: PageLink) => withToken(link, '/data.zip');

/** Her page per link: a new link (a new token) is another read. */
export const applicantPageKeys = {
  page: ({ creatorId, token }: PageLink) => [...queryRoots.applicantPage, creatorId, token] as const,
};

export const applicantPageQueryOptions = (link: PageLink) =>
  queryOptions({
    queryKey: applicantPageKeys.page(link),
    queryFn: ({ signal }) => apiGet<ApplicantPage>(withToken(link), { signal }),
  });

export function useApplicantPage(link: PageLink) {
  return useQuery(applicantPageQueryOptions(link));
}

/** POST …/withdraw; her page is read again to show the application withdrawn. */
export function useWithdraw(link: PageLink) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiSend<{ success: true }>('POST', withToken(link, '/withdraw')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: applicantPageKeys.page(link) }),
  });
}

/** POST …/erase with her typed Creator ID; nothing is read again: there is nothing left to read. */
export function useErase(link: PageLink) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (confirmation: string) =>
      apiSend<{ success: true }>('POST', withToken(link, '/erase'), { confirmation }),
    onSuccess: () => queryClient.removeQueries({ queryKey: applicantPageKeys.page(link) }),
  });
}
