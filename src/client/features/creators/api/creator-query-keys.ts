import type { QueryClient } from '@tanstack/react-query';
import type { CreatorStatus } from '#shared/creator-status.ts';
import type { CreatorSort, PageStart, SlaFilter } from '#shared/schemas/creator.ts';

/** Every admin query key starts with 'admin'; creator reads sit under ['admin', 'creators']. */
export const creatorKeys = {
  byStatus: (
    status: CreatorStatus,
    start: PageStart,
    q: string,
    view: { sort: CreatorSort; sla: SlaFilter | null } = { sort: 'newest', sla: null },
  ) => ['admin', 'creators', 'status', status, { start, q, ...view }],
  detail: (creatorId: string) => ['admin', 'creators', 'detail', creatorId],
} as const;

/**
 * After any creator change: every admin read may show the creator (status pages, dashboard counts, the
 * recruiter listings screen, details), so all of them refresh.
 */
export function invalidateAdminQueries(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: ['admin'] });
}
