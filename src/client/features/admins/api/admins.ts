import { mutationOptions, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiGet, apiSend } from '#client/lib/api-client.ts';
import type { AdminAccount } from '#shared/replies/admins.ts';
import type { AdminCreateInput } from '#shared/schemas/auth.ts';
import { adminKeys } from './query-keys.ts';

/** GET /api/admin/admins (owners only). */
export const adminsQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.list(),
    queryFn: ({ signal }) => apiGet<AdminAccount[]>('/api/admin/admins', { signal }),
  });

export const useAdmins = () => useQuery(adminsQueryOptions());

/**
 * An owner changes another admin, never themselves (the server refuses), so of this admin's reads only the list
 * shows it; the other admin's ended sessions and log entries are theirs.
 */
function adminChange<TInput>(send: (input: TInput) => Promise<AdminAccount>) {
  return mutationOptions({
    mutationFn: send,
    onSuccess: (_admin: AdminAccount, _input: TInput, _onMutate: unknown, { client }) =>
      client.invalidateQueries({ queryKey: adminKeys.list() }),
  });
}

export const createAdminMutation = adminChange((input: AdminCreateInput) =>
  apiSend<AdminAccount>('POST', '/api/admin/admins', input),
);
export const useCreateAdmin = () => useMutation(createAdminMutation);

export type AdminChange = 'disable' | 'enable' | 'reset-two-factor';

/** Disable (ends their sessions at once), re-enable, or reset two-factor sign-in. */
export const changeAdminMutation = adminChange(({ id, change }: { id: string; change: AdminChange }) =>
  apiSend<AdminAccount>('POST', `/api/admin/admins/${id}/${change}`),
);
export const useChangeAdmin = () => useMutation(changeAdminMutation);
