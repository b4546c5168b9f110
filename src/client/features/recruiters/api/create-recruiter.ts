import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '#client/lib/api-client.ts';
import type { AdminRecruiter } from '#shared/schemas/creator.ts';
import type { RecruiterData } from '#shared/schemas/recruiter.ts';

/** Product §7 POST /api/admin/recruiters: name and e-mail (null when left blank). */
export function createRecruiter(input: RecruiterData): Promise<AdminRecruiter> {
  return apiSend<AdminRecruiter>('POST', '/api/admin/recruiters', input);
}

export function useCreateRecruiter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRecruiter,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
