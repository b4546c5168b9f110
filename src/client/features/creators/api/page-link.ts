import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '#client/lib/api-client.ts';
import { copyText } from '#client/lib/clipboard.ts';
import type { PageLinkResult, RevokeResult } from '#shared/replies/applicant-page.ts';
import { creatorKeys } from './query-keys.ts';

const path = (creatorId: string) => `/api/admin/creators/${encodeURIComponent(creatorId)}/page-link`;

export interface IssuedPageLink extends PageLinkResult {
  /** The site origin plus the link: what she opens. */
  url: string;
  isCopied: boolean;
}

/** A new link to her own page (decision 047): the earlier one dies; the new one is copied for staff to pass on. */
export function useIssuePageLink(creatorId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<IssuedPageLink> => {
      const result = await apiSend<PageLinkResult>('POST', path(creatorId));
      const url = `${window.location.origin}${result.link}`;
      return { ...result, url, isCopied: await copyText(url) };
    },
    // The activity log names the change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: creatorKeys.detail(creatorId) }),
  });
}

/** Her link stops working at once; `revoked` says whether one was live. */
export function useRevokePageLink(creatorId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiSend<RevokeResult>('POST', `${path(creatorId)}/revoke`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: creatorKeys.detail(creatorId) }),
  });
}
