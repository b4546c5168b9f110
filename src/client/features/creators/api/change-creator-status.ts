import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiSend } from '#client/lib/api-client.ts';
import type { CreatorChangeResult } from '#shared/replies/creators.ts';
import type { StatusChangeInput } from '#shared/schemas/listing.ts';
import { invalidateAfterStatusChange } from './query-keys.ts';

export interface StatusChangeRequest extends StatusChangeInput {
  creatorId: string;
}

/** PATCH …/status (product §4 buttons); listing carries the URL and the optional hub ID. */
export function changeCreatorStatus({ creatorId, ...change }: StatusChangeRequest): Promise<CreatorChangeResult> {
  return apiSend<CreatorChangeResult>('PATCH', `/api/admin/creators/${encodeURIComponent(creatorId)}/status`, change);
}

export const changeCreatorStatusMutation = mutationOptions({
  mutationFn: changeCreatorStatus,
  onSuccess: ({ creator }, { creatorId }, _onMutate, { client }) =>
    invalidateAfterStatusChange(client, creatorId, creator.recruiterId),
});

export const useChangeCreatorStatus = () => useMutation(changeCreatorStatusMutation);
