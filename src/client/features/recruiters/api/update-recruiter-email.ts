import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiSend } from '#client/lib/api-client.ts';
import type { AdminRecruiter } from '#shared/replies/recruiters.ts';
import type { RecruiterEmail } from '#shared/schemas/recruiter.ts';
import { recruiterKeys } from './query-keys.ts';

export interface UpdateRecruiterEmailInput extends RecruiterEmail {
  id: string;
}

/** Product §7 PATCH /api/admin/recruiters/{id}: the e-mail is the only editable field; null clears it. */
export function updateRecruiterEmail({ id, email }: UpdateRecruiterEmailInput): Promise<AdminRecruiter> {
  return apiSend<AdminRecruiter>('PATCH', `/api/admin/recruiters/${encodeURIComponent(id)}`, { email });
}

/** Only the admin list shows e-mails: the public form's list holds ids and names. */
export const updateRecruiterEmailMutation = mutationOptions({
  mutationFn: updateRecruiterEmail,
  onSuccess: (updated, _input, _onMutate, { client }) => {
    // The row shows the new address at once instead of the old one until the refetch lands.
    client.setQueryData<AdminRecruiter[]>(recruiterKeys.list(), (list) =>
      list?.map((recruiter) => (recruiter.id === updated.id ? updated : recruiter)),
    );
    return client.invalidateQueries({ queryKey: recruiterKeys.list() });
  },
});

export const useUpdateRecruiterEmail = () => useMutation(updateRecruiterEmailMutation);
