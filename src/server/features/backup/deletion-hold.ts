import type { Database } from '#server/db/client.ts';
import type { FileStore } from '#server/lib/file-store.ts';

/**
 * The file store as the server uses it: while a backup runs anywhere (decision 039), a deletion is left
 * undone, so the backup finds every file its snapshot names. What is left is no row's any more, and the
 * hourly orphan sweep removes it once no backup runs.
 */
export function holdingDeletions(store: FileStore, database: Pick<Database, 'areFileDeletionsHeld'>): FileStore {
  return {
    ...store,
    async delete(key) {
      if (await database.areFileDeletionsHeld()) return;
      await store.delete(key);
    },
  };
}
