import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '#client/lib/api-client.ts';
import type { ActivityEntry } from '#shared/schemas/creator.ts';
import { invalidateAdminQueries } from './creator-query-keys.ts';

export interface AddNoteRequest {
  creatorId: string;
  text: string;
}

/** POST /api/admin/creators/{creatorId}/notes: the note comes back as its activity entry. */
export function addCreatorNote({ creatorId, text }: AddNoteRequest): Promise<{ entry: ActivityEntry }> {
  return apiSend<{ entry: ActivityEntry }>('POST', `/api/admin/creators/${encodeURIComponent(creatorId)}/notes`, {
    text,
  });
}

export function useAddCreatorNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addCreatorNote,
    // A note stops the creator's clock, so the dashboard and the lists change too.
    onSuccess: () => invalidateAdminQueries(queryClient),
  });
}
