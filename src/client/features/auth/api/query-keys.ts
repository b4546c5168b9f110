import { queryRoots } from '#client/lib/query-keys.ts';

/** The one auth read: who is signed in, which the session guard and the login screen follow. */
export const authKeys = {
  status: () => queryRoots.authStatus,
};
