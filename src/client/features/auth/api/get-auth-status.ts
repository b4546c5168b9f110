import { queryOptions, useQuery } from '@tanstack/react-query';
import { getAuthStatus } from './auth-status.ts';
import { authKeys } from './query-keys.ts';

export { getAuthStatus, SIGNED_OUT } from './auth-status.ts';

export const authStatusQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.status(),
    queryFn: ({ signal }) => getAuthStatus(signal),
  });

export function useAuthStatus() {
  return useQuery(authStatusQueryOptions());
}
