/** A recruiter as the public application form lists it. */
export interface SelectableRecruiter {
  id: string;
  name: string;
}

export interface RecruiterDirectory {
  /** The list, from memory while it is fresh; read from the database otherwise. */
  list(): Promise<SelectableRecruiter[]>;
  /** Forgets the list after a recruiter was added, changed or deleted, so the next read sees it. */
  invalidate(): void;
}

/**
 * The public recruiter list (product §7 GET /api/recruiters), kept in memory: every applicant's form asks for it,
 * and it changes only when staff edit recruiters. This instance's own edits refresh it at once; `maxAgeMs`
 * bounds how long another process's edits (another instance, the admin command) take to show. Concurrent
 * readers share one database read, and a read that started before an edit is not kept after it.
 */
export function createRecruiterDirectory(
  load: () => Promise<SelectableRecruiter[]>,
  { maxAgeMs = 30_000, now = () => Date.now() }: { maxAgeMs?: number; now?: () => number } = {},
): RecruiterDirectory {
  let cached: { list: Promise<SelectableRecruiter[]>; loadedAt: number } | null = null;

  return {
    list() {
      if (cached && now() - cached.loadedAt < maxAgeMs) return cached.list;
      const list = load();
      const entry = { list, loadedAt: now() };
      cached = entry;
      list.catch(() => {
        // A failed read is not kept: the next request tries the database again.
        if (cached === entry) cached = null;
      });
      return list;
    },
    invalidate() {
      // A read already under way answers its own callers but is no longer the cached one.
      cached = null;
    },
  };
}
