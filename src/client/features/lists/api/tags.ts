import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiSend } from '#client/lib/api-client.ts';
import { invalidateKeys, queryRoots } from '#client/lib/query-keys.ts';
import type { Tag } from '#shared/replies/tags.ts';
import type { TagColor } from '#shared/tags.ts';

const path = (id: string) => `/api/admin/tags/${encodeURIComponent(id)}`;

type TagChange =
  | { kind: 'add'; name: string; color: TagColor }
  | { kind: 'update'; id: string; name: string; color: TagColor }
  | { kind: 'delete'; id: string };

/** POST, PATCH or DELETE …/tags: every change reloads the tags and the creators that show them. */
export const changeTagMutation = mutationOptions({
  mutationFn: (change: TagChange) => {
    switch (change.kind) {
      case 'add':
        return apiSend<Tag>('POST', '/api/admin/tags', { name: change.name, color: change.color });
      case 'update':
        return apiSend<Tag>('PATCH', path(change.id), { name: change.name, color: change.color });
      case 'delete':
        return apiSend<null>('DELETE', path(change.id));
    }
  },
  onSuccess: (_result, _change, _onMutate, { client }) =>
    invalidateKeys(client, [queryRoots.tags, queryRoots.creators, queryRoots.recruiterListings]),
});

export const useChangeTag = () => useMutation(changeTagMutation);
