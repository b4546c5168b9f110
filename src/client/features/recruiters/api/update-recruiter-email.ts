import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '#client/lib/api-client.ts';
import type { AdminRecruiter } from '#shared/schemas/creator.ts';
import type { RecruiterEmail } from '#shared/schemas/recruiter.ts';
import { adminRecruitersQueryOptions } from './get-recruiters.ts';

export interface UpdateRecruiterEmailInput extends RecruiterEmail {
  id: string;
}

/** Product §7 PATCH /api/admin/recruiters/{id}: the e-mail is the only editable field; null clears it. */
export function updateRecruiterEmail({ id, email }: UpdateRecruiterEmailInput): Promise<AdminRecruiter> {
  return apiSend<AdminRecruiter>('PATCH', `/api/admin/recruiters/${encodeURIComponent(id)}`, { email });
}

export function useUpdateRecruiterEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRecruiterEmail,
    onSuccess: (updated) => {
      // The row shows the new address at once instead of the old one until the refetch lands.
      queryClient.setQueryData(adminRecruitersQueryOptions().queryKey, (list) =>
        list?.map((recruiter) => (recruiter.id === updated.id ? updated : recruiter)),
      );
      return queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
  });
}
