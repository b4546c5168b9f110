import { queryRoots } from '#client/lib/query-keys.ts';

/**
 * Every template in every language, one read: the owners' screen edits it, and every contact from the record
 * renders from the same key (features/creators reads it too), so a saved wording shows there at once.
 */
export const templateKeys = {
  list: () => queryRoots.messageTemplates,
};
