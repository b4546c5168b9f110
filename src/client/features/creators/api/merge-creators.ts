import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiSend } from '#client/lib/api-client.ts';
import type { MergeChoices } from '#shared/creator-merge.ts';
import type { MergeResult } from '#shared/replies/creator-merge.ts';
import { invalidateAfterMerge } from './query-keys.ts';

export interface MergeCreatorsRequest {
  /** The record that stays. */
  into: string;
  /** The record merged into it and removed. */
  from: string;
  fields: MergeChoices;
}

/** POST …/{creatorId}/merge (decision 062): one record stays with what was chosen; the other is removed. */
export function mergeCreators({ into, from, fields }: MergeCreatorsRequest): Promise<MergeResult> {
  return apiSend<MergeResult>('POST', `/api/admin/creators/${encodeURIComponent(into)}/merge`, { from, fields });
}

export const mergeCreatorsMutation = mutationOptions({
  mutationFn: mergeCreators,
  onSuccess: (_result, { from }, _onMutate, { client }) => invalidateAfterMerge(client, from),
});

export const useMergeCreators = () => useMutation(mergeCreatorsMutation);
