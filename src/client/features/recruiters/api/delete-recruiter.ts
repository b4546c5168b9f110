import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiSend } from '#client/lib/api-client.ts';
import { invalidateKeys, queryRoots } from '#client/lib/query-keys.ts';
import type { DeleteRecruiterResult } from '#shared/replies/recruiters.ts';
import { recruiterKeys } from './query-keys.ts';

/** Product §7 DELETE /api/admin/recruiters/{id}: applications keep the name; the reply says how many there are. */
export function deleteRecruiter(id: string): Promise<DeleteRecruiterResult> {
  return apiSend<DeleteRecruiterResult>('DELETE', `/api/admin/recruiters/${encodeURIComponent(id)}`);
}

/**
 * The recruiter leaves both lists and their listings are gone. The insights join recruiter names when read,
 * so theirs disappears there; their applications keep the name but lose the link to them (the server clears
 * recruiter_id), which every creator read carries.
 */
export const deleteRecruiterMutation = mutationOptions({
  mutationFn: deleteRecruiter,
  onSuccess: (_result, id, _onMutate, { client }) => {
    client.removeQueries({ queryKey: recruiterKeys.listingsOf(id) });
    return invalidateKeys(client, [
      recruiterKeys.list(),
      queryRoots.publicRecruiters,
      queryRoots.insights,
      queryRoots.creators,
      queryRoots.dashboard,
    ]);
  },
});

export const useDeleteRecruiter = () => useMutation(deleteRecruiterMutation);
