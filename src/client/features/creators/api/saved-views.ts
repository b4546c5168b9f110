import { mutationOptions, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiGet, apiRequest, apiSend } from '#client/lib/api-client.ts';
import { invalidateKeys, queryRoots } from '#client/lib/query-keys.ts';
import type { SavedView } from '#shared/replies/saved-views.ts';
import type { SavedViewList } from '#shared/saved-views.ts';

/** GET /api/admin/views: your views and the team's shared ones, with their counts (decision 063). */
export const savedViewsQueryOptions = queryOptions({
  queryKey: queryRoots.savedViews,
  queryFn: ({ signal }) => apiGet<{ views: SavedView[] }>('/api/admin/views', { signal }),
  // The counts are of the team's work, which moves while the sidebar stays open.
  staleTime: 30_000,
  refetchInterval: 120_000,
});

export const useSavedViews = () => useQuery(savedViewsQueryOptions);

/** Two addresses are one view when they hold the same parameters, whatever their order. */
export function sameQuery(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

const afterChange = (client: Parameters<typeof invalidateKeys>[0]) => invalidateKeys(client, [queryRoots.savedViews]);

/** POST /api/admin/views */
export const saveViewMutation = mutationOptions({
  mutationFn: (input: { name: string; list: SavedViewList; query: Record<string, string>; shared: boolean }) =>
    apiSend<SavedView>('POST', '/api/admin/views', input),
  onSuccess: (_result, _input, _onMutate, { client }) => afterChange(client),
});

/** PATCH /api/admin/views/{id} */
export const updateViewMutation = mutationOptions({
  mutationFn: ({ id, ...change }: { id: string; name?: string; shared?: boolean }) =>
    apiSend<SavedView>('PATCH', `/api/admin/views/${encodeURIComponent(id)}`, change),
  onSuccess: (_result, _input, _onMutate, { client }) => afterChange(client),
});

/** DELETE /api/admin/views/{id} */
export const deleteViewMutation = mutationOptions({
  mutationFn: async (id: string) => {
    await apiRequest('DELETE', `/api/admin/views/${encodeURIComponent(id)}`);
  },
  onSuccess: (_result, _input, _onMutate, { client }) => afterChange(client),
});

export const useSaveView = () => useMutation(saveViewMutation);
export const useUpdateView = () => useMutation(updateViewMutation);
export const useDeleteView = () => useMutation(deleteViewMutation);
