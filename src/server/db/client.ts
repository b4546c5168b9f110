import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { withCommitNotices } from './commit-notices.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { type Database, type DatabaseOptions, type Db, type Job, schema } from './database.ts';
import { applyMigrations, pgliteRunner } from './migrator.ts';
import { openCluster } from './pglite-cluster.ts';
import { dataTemplate } from './pglite-template.ts';
import { type PgliteThread, startPgliteThread } from './pglite-thread.ts';

export {
  type Database,
  type DatabaseOptions,
  type Db,
  type DbOrTx,
  type Exclusive,
  JOBS,
  type Job,
  type Schema,
  type Tx,
} from './database.ts';

/** The embedded database serves one process, so the hold is a count in it. */
function inProcessHold(): Pick<Database, 'holdFileDeletions' | 'areFileDeletionsHeld'> {
  let holders = 0;
  return {
    holdFileDeletions: async () => {
      holders++;
      let isReleased = false;
      return async () => {
        if (!isReleased) holders--;
        isReleased = true;
      };
    },
    areFileDeletionsHeld: async () => holders > 0,
  };
}

/** The embedded database serves one process, so a job's lock is a flag in it. */
function inProcessExclusive(): Database['exclusive'] {
  const running = new Set<Job>();
  return async (job, work) => {
    if (running.has(job)) return { ran: false };
    running.add(job);
    try {
      return { ran: true, value: await work() };
    } finally {
      running.delete(job);
    }
  };
}

/** An in-memory database (tests), from a saved data directory when given, migrated; nothing to replace. */
async function openInMemory(
  snapshot: string | undefined,
  onFatal: ((error: Error) => void) | undefined,
  migrate: (thread: PgliteThread) => Promise<unknown>,
): Promise<PgliteThread> {
  const thread = await startPgliteThread({ ...(snapshot ? { snapshot } : {}), onFatal });
  try {
    await migrate(thread);
    return thread;
  } catch (error) {
    await thread.close().catch(() => {});
    throw error;
  }
}

/** A database whose statements wait until it is open and migrated, and that promise (decision 057). */
export interface OpeningDatabase {
  database: Database;
  /** Settles once the database serves, or with why it cannot (MigrationFailedError, DatabaseAheadError…). */
  opened: Promise<void>;
}

/**
 * PGlite on its own thread (pglite-thread.ts), behind drizzle's PGlite driver: the driver only calls the
 * client's `query` and `transaction`, which the thread offers, so services see the same `Db` either way. On
 * disk, the thread that creates or migrates the database is replaced by a fresh one to serve (pglite-cluster.ts).
 *
 * The handle exists at once: a statement given before the thread serves waits for it, so the server builds its
 * app while PostgreSQL starts on the thread, and no statement can reach a database not yet migrated.
 */
function openPgliteEarly(options: DatabaseOptions & { driver: 'pglite' }): OpeningDatabase {
  const { dataDir, snapshot, onFatal, migrationsDir } = options;
  let unlock = () => {};
  const migrate = (thread: PgliteThread) =>
    applyMigrations(pgliteRunner(thread), { migrationsDir, upTo: options.migrateUpTo });
  let serving: PgliteThread | undefined;
  const opening = (async () => {
    unlock = dataDir ? await lockDataDir(dataDir) : () => {};
    try {
      serving = dataDir
        ? (
            await openCluster({
              dir: path.join(dataDir, 'db'),
              onFatal,
              migrate,
              template: dataTemplate({ migrationsDir, upTo: options.migrateUpTo }),
            })
          ).thread
        : await openInMemory(snapshot, onFatal, migrate);
      return serving;
    } catch (error) {
      unlock();
      throw error;
    }
  })();
  // Whoever waits on `opened` hears a failure; the statements that waited for it get it as their own.
  opening.catch(() => {});
  const client: Pick<PgliteThread, 'query' | 'transaction'> = {
    query: (text, params, queryOptions) =>
      serving
        ? serving.query(text, params, queryOptions)
        : opening.then((thread) => thread.query(text, params, queryOptions)),
    transaction: (work) => (serving ? serving.transaction(work) : opening.then((thread) => thread.transaction(work))),
  };
  const db = withCommitNotices(drizzlePglite(client as unknown as PGlite, { schema }) as unknown as Db);
  const database: Database = {
    db,
    driver: 'pglite',
    exclusive: inProcessExclusive(),
    ...inProcessHold(),
    ping: async () => {
      try {
        await client.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    close: async () => {
      const thread = await opening.catch(() => undefined);
      try {
        await thread?.close();
      } finally {
        unlock();
      }
    },
  };
  return { database, opened: opening.then(() => {}) };
}

/**
 * The embedded database as `openDatabase` gives it, but at once: its statements wait until it is open and
 * migrated, so the server builds its app meanwhile (start.ts).
 */
export function openEmbeddedEarly(options: DatabaseOptions & { driver: 'pglite' }): OpeningDatabase {
  return openPgliteEarly(options);
}

/** Opens the database and applies pending migrations (architecture §2). */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.driver === 'pglite') {
    const { database, opened } = openPgliteEarly(options);
    await opened;
    return database;
  }
  // node-postgres is loaded only for PostgreSQL: it costs an embedded start some 0.15 s (it loads undici too).
  const { openPostgres } = await import('./postgres-client.ts');
  return openPostgres(options.url, options.poolSize, options.onIdleError, options.migrationsDir, options.migrateUpTo);
}
