import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiSend } from '#client/lib/api-client.ts';
import { invalidateKeys, queryRoots } from '#client/lib/query-keys.ts';
import type { AdminRecruiter } from '#shared/replies/recruiters.ts';
import type { RecruiterData } from '#shared/schemas/recruiter.ts';
import { recruiterKeys } from './query-keys.ts';

/** Product §7 POST /api/admin/recruiters: name and e-mail (null when left blank). */
export function createRecruiter(input: RecruiterData): Promise<AdminRecruiter> {
  return apiSend<AdminRecruiter>('POST', '/api/admin/recruiters', input);
}

/** A new row in the admin list and a new name on the public form; no application names them yet. */
export const createRecruiterMutation = mutationOptions({
  mutationFn: createRecruiter,
  onSuccess: (_created, _input, _onMutate, { client }) =>
    invalidateKeys(client, [recruiterKeys.list(), queryRoots.publicRecruiters]),
});

export const useCreateRecruiter = () => useMutation(createRecruiterMutation);
