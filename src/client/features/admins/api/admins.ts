import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiSend } from '#client/lib/api-client.ts';
import type { AdminAccount, AdminCreateInput } from '#shared/schemas/auth.ts';

/** GET /api/admin/admins (owners only). */
export const adminsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'admins'],
    queryFn: ({ signal }) => apiGet<AdminAccount[]>('/api/admin/admins', { signal }),
  });

export const useAdmins = () => useQuery(adminsQueryOptions());

function useAdminsMutation<TInput>(send: (input: TInput) => Promise<AdminAccount>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export const useCreateAdmin = () =>
  useAdminsMutation((input: AdminCreateInput) => apiSend<AdminAccount>('POST', '/api/admin/admins', input));

export type AdminChange = 'disable' | 'enable' | 'reset-two-factor';

/** Disable (ends their sessions at once), re-enable, or reset two-factor sign-in. */
export const useChangeAdmin = () =>
  useAdminsMutation(({ id, change }: { id: string; change: AdminChange }) =>
    apiSend<AdminAccount>('POST', `/api/admin/admins/${id}/${change}`),
  );
