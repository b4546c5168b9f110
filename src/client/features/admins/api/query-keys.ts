import { queryRoots } from '#client/lib/query-keys.ts';

/** The owners' list of every admin account. */
export const adminKeys = {
  list: () => queryRoots.admins,
};
