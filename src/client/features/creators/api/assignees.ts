import { mutationOptions, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiGet, apiSend } from '#client/lib/api-client.ts';
import { invalidateKeys, queryRoots } from '#client/lib/query-keys.ts';
import type { Assignee, BulkAssignResult } from '#shared/replies/assignees.ts';

/** GET /api/admin/assignees: the team a creator may belong to (decision 063). */
export const assigneesQueryOptions = queryOptions({
  queryKey: queryRoots.assignees,
  queryFn: ({ signal }) => apiGet<{ assignees: Assignee[] }>('/api/admin/assignees', { signal }),
  staleTime: 60_000,
});

export const useAssignees = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...assigneesQueryOptions, enabled });

/** After a change of owner: every creator read that shows it (lists, details, listings), the team's counts, the dashboard. */
const afterAssigning = (client: Parameters<typeof invalidateKeys>[0]) =>
  invalidateKeys(client, [
    queryRoots.creators,
    queryRoots.recruiterListings,
    queryRoots.assignees,
    queryRoots.dashboard,
  ]);

/** PUT …/creators/{creatorId}/assignee */
export const assignCreatorMutation = mutationOptions({
  mutationFn: ({ creatorId, adminId }: { creatorId: string; adminId: string | null }) =>
    apiSend<{ assigneeId: string | null; assignee: string | null }>(
      'PUT',
      `/api/admin/creators/${encodeURIComponent(creatorId)}/assignee`,
      { adminId },
    ),
  onSuccess: (_result, _input, _onMutate, { client }) => afterAssigning(client),
});

export const useAssignCreator = () => useMutation(assignCreatorMutation);

/** POST …/creators/bulk-assign */
export const bulkAssignMutation = mutationOptions({
  mutationFn: (input: { creatorIds: string[]; adminId: string | null }) =>
    apiSend<BulkAssignResult>('POST', '/api/admin/creators/bulk-assign', input),
  onSuccess: (_result, _input, _onMutate, { client }) => afterAssigning(client),
});

export const useBulkAssign = () => useMutation(bulkAssignMutation);
