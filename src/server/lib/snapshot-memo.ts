/**
 * Replies read from the database, kept while it has committed nothing since (decision 064).
 *
 * The key says what was asked. The snapshot says what the database had committed when the request began:
 * PostgreSQL's `pg_current_snapshot()`, read with the request's session (sessions.service.ts). Every commit
 * changes it, whichever process or instance made it, so a reply kept under a snapshot is only given to a
 * request that saw the very same commits; it was read after that snapshot was taken, so it holds them all.
 */
export interface SnapshotMemo {
  /**
   * The reply for `key` as of `snapshot`: the one kept, when it was read under the same snapshot; otherwise
   * `load()`'s, kept for the next request. Requests under one snapshot share one `load()`; a load that
   * fails is not kept.
   */
  read(key: string, snapshot: string, load: () => Promise<string>): Promise<string>;
}

interface Entry {
  snapshot: string;
  reply: Promise<string>;
}

export function createSnapshotMemo({ maxEntries }: { maxEntries: number }): SnapshotMemo {
  // A Map iterates in insertion order: re-inserting on use keeps the least recently used first.
  const entries = new Map<string, Entry>();

  return {
    read(key, snapshot, load) {
      const kept = entries.get(key);
      entries.delete(key);
      if (kept?.snapshot === snapshot) {
        entries.set(key, kept);
        return kept.reply;
      }
      const entry: Entry = { snapshot, reply: load() };
      entries.set(key, entry);
      if (entries.size > maxEntries) {
        const [oldest] = entries.keys();
        if (oldest !== undefined) entries.delete(oldest);
      }
      entry.reply.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      return entry.reply;
    },
  };
}
