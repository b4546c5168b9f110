import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiSend } from '#client/lib/api-client.ts';
import type { MessageResult } from '#shared/replies/creators.ts';
import { invalidateAfterDelete } from './query-keys.ts';

/** DELETE …/{creatorId}: the application, stage 2 data, activity and files, for good (product §9). */
export function deleteCreator(creatorId: string): Promise<MessageResult> {
  return apiSend<MessageResult>('DELETE', `/api/admin/creators/${encodeURIComponent(creatorId)}`);
}

export const deleteCreatorMutation = mutationOptions({
  mutationFn: deleteCreator,
  onSuccess: (_result, creatorId, _onMutate, { client }) => invalidateAfterDelete(client, [creatorId]),
});

export const useDeleteCreator = () => useMutation(deleteCreatorMutation);
