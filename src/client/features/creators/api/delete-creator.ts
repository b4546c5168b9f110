import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '#client/lib/api-client.ts';
import type { MessageResult } from '#shared/schemas/creator.ts';
import { creatorKeys, invalidateAdminQueries } from './creator-query-keys.ts';

/** DELETE …/{creatorId}: the application, stage 2 data, activity and files, for good (product §9). */
export function deleteCreator(creatorId: string): Promise<MessageResult> {
  return apiSend<MessageResult>('DELETE', `/api/admin/creators/${encodeURIComponent(creatorId)}`);
}

export function useDeleteCreator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCreator,
    onSuccess: (_result, creatorId) => {
      // Its details are gone; asking for them again would only earn a 404.
      queryClient.removeQueries({ queryKey: creatorKeys.detail(creatorId) });
      return invalidateAdminQueries(queryClient);
    },
  });
}
