import { mutationOptions } from '@tanstack/react-query';
import { apiSend } from '#client/lib/api-client.ts';
import { invalidateKeys, queryRoots } from '#client/lib/query-keys.ts';
import type { TagChangeResult } from '#shared/replies/tags.ts';

/**
 * POST …/creators/bulk-tags (also for one creator): the tags to put on and take off; the lists, details and the
 * tags' counts show it.
 */
export const changeTagsMutation = mutationOptions({
  mutationFn: (request: { creatorIds: string[]; add: string[]; remove: string[] }) =>
    apiSend<TagChangeResult>('POST', '/api/admin/creators/bulk-tags', request),
  onSuccess: (_result, _request, _onMutate, { client }) =>
    invalidateKeys(client, [queryRoots.creators, queryRoots.recruiterListings, queryRoots.tags]),
});
