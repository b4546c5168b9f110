import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '#client/lib/api-client.ts';
import type { DeleteRecruiterResult } from '#shared/schemas/creator.ts';

/** Product §7 DELETE /api/admin/recruiters/{id}: applications keep the name; the reply says how many there are. */
export function deleteRecruiter(id: string): Promise<DeleteRecruiterResult> {
  return apiSend<DeleteRecruiterResult>('DELETE', `/api/admin/recruiters/${encodeURIComponent(id)}`);
}

export function useDeleteRecruiter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRecruiter,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
