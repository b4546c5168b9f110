import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiSend } from '#client/lib/api-client.ts';
import type { NoteResult } from '#shared/replies/creators.ts';
import { invalidateAfterNote } from './query-keys.ts';

export interface AddNoteRequest {
  creatorId: string;
  text: string;
}

/** POST /api/admin/creators/{creatorId}/notes: the note comes back as its activity entry. */
export function addCreatorNote({ creatorId, text }: AddNoteRequest): Promise<NoteResult> {
  return apiSend<NoteResult>('POST', `/api/admin/creators/${encodeURIComponent(creatorId)}/notes`, {
    text,
  });
}

export const addCreatorNoteMutation = mutationOptions({
  mutationFn: addCreatorNote,
  onSuccess: (_entry, { creatorId }, _onMutate, { client }) => invalidateAfterNote(client, creatorId),
});

export const useAddCreatorNote = () => useMutation(addCreatorNoteMutation);
