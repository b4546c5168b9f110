import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiSend } from '#client/lib/api-client.ts';
import type { CreatorChangeResult } from '#shared/replies/creators.ts';
import type { Listing } from '#shared/schemas/listing.ts';
import { invalidateAfterStatusChange } from './query-keys.ts';

export interface ListDirectlyRequest extends Listing {
  creatorId: string;
}

/** PATCH …/list-directly: pending → listed without stage 2 (product §4). */
export function listCreatorDirectly({ creatorId, ...listing }: ListDirectlyRequest): Promise<CreatorChangeResult> {
  return apiSend<CreatorChangeResult>(
    'PATCH',
    `/api/admin/creators/${encodeURIComponent(creatorId)}/list-directly`,
    listing,
  );
}

export const listCreatorDirectlyMutation = mutationOptions({
  mutationFn: listCreatorDirectly,
  onSuccess: ({ creator }, { creatorId }, _onMutate, { client }) =>
    invalidateAfterStatusChange(client, creatorId, creator.recruiterId),
});

export const useListCreatorDirectly = () => useMutation(listCreatorDirectlyMutation);
