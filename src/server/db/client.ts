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

/**
 * PGlite on its own thread (pglite-thread.ts), behind drizzle's PGlite driver: the driver only calls the
 * client's `query` and `transaction`, which the thread offers, so services see the same `Db` either way. On
 * disk, the thread that creates or migrates the database is replaced by a fresh one to serve (pglite-cluster.ts).
 */
async function openPglite(options: DatabaseOptions & { driver: 'pglite' }): Promise<Database> {
  const { dataDir, snapshot, onFatal, migrationsDir } = options;
  const unlock = dataDir ? await lockDataDir(dataDir) : () => {};
  const migrate = (thread: PgliteThread) =>
    applyMigrations(pgliteRunner(thread), { migrationsDir, upTo: options.migrateUpTo });
  let client: PgliteThread;
  try {
    client = dataDir
      ? (
          await openCluster({
            dir: path.join(dataDir, 'db'),
            onFatal,
            migrate,
            template: dataTemplate({ migrationsDir, upTo: options.migrateUpTo }),
          })
        ).thread
      : await openInMemory(snapshot, onFatal, migrate);
  } catch (error) {
    unlock();
    throw error;
  }
  const db = withCommitNotices(drizzlePglite(client as unknown as PGlite, { schema }) as unknown as Db);
  return {
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
      try {
        await client.close();
      } finally {
        unlock();
      }
    },
  };
}

/** Opens the database and applies pending migrations (architecture §2). */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.driver === 'pglite') return openPglite(options);
  // node-postgres is loaded only for PostgreSQL: it costs an embedded start some 0.15 s (it loads undici too).
  const { openPostgres } = await import('./postgres-client.ts');
  return openPostgres(options.url, options.poolSize, options.onIdleError, options.migrationsDir, options.migrateUpTo);
}
