import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { withCommitNotices } from './commit-notices.ts';
import { lockDataDir } from './data-dir-lock.ts';
import * as insightsSchema from './insights-schema.ts';
import { applyMigrations, pgliteRunner, pgRunner } from './migrator.ts';
import { openCluster } from './pglite-cluster.ts';
import { dataTemplate } from './pglite-template.ts';
import { type PgliteThread, startPgliteThread } from './pglite-thread.ts';
import * as coreSchema from './schema.ts';
import * as staffWorkSchema from './staff-work-schema.ts';

const schema = { ...coreSchema, ...insightsSchema, ...staffWorkSchema };
export type Schema = typeof schema;
/** The one database type services take: the same on PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** What `db.transaction` hands its callback; services accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/** Work that must run on one instance at a time, each with its own lock (architecture §2: periodic jobs). */
export const JOBS = { maintenance: 1, retention: 4, backup: 5, duplicatesBackfill: 6 } as const;
export type Job = keyof typeof JOBS;

export type Exclusive<T> = { ran: true; value: T } | { ran: false };

export interface Database {
  /** Its transactions hold notices until they commit (commit-notices.ts). */
  db: Db;
  driver: 'pglite' | 'postgres';
  /** Answers whether the database responds (used by /readyz). */
  ping(): Promise<boolean>;
  /**
   * Runs `work` unless the same job is already running, here or on another instance of the same database;
   * then it does nothing and says so. Never waits for the other run.
   */
  exclusive<T>(job: Job, work: () => Promise<T>): Promise<Exclusive<T>>;
  /**
   * Held by a backup while it runs (docs/decisions/039): stored files are not deleted meanwhile, on any
   * instance, so every file its snapshot names is still there to copy. Resolves to the release.
   */
  holdFileDeletions(): Promise<() => Promise<void>>;
  /** Whether a backup holds file deletions now, here or on another instance. */
  areFileDeletionsHeld(): Promise<boolean>;
  /** PostgreSQL only: the pool's connections now, for the metrics; the embedded database has no pool. */
  poolConnections?(): { inUse: number; idle: number; waiting: number };
  close(): Promise<void>;
}

export type DatabaseOptions =
  | {
      driver: 'pglite';
      dataDir?: string;
      /** In memory only: start from this saved data directory instead of an empty one (tests start each file so). */
      snapshot?: string;
      onFatal?: (error: Error) => void;
      /** Tests migrate from a folder of their own; the build's drizzle/ otherwise. */
      migrationsDir?: string;
      /** Migrate only up to this migration (a restore loads an older version's rows into its schema). */
      migrateUpTo?: string;
    }
  | {
      driver: 'postgres';
      url: string;
      poolSize?: number;
      onIdleError?: (error: Error) => void;
      migrationsDir?: string;
      migrateUpTo?: string;
    };

/** Serialises migrations between app instances starting at once against one PostgreSQL. */
const MIGRATION_LOCK_KEY = 727_311_001;
/** The first half of the two-part advisory lock keys of jobs: this app's, whatever else shares the server. */
const JOB_LOCK_CLASS = 727_311_002;

/** The second half of the advisory lock key that a running backup holds shared (decision 039). */
const BACKUP_HOLD_KEY = 9;

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

/**
 * A shared advisory lock on a connection of its own, for as long as the backup runs: any number of backups
 * may hold it, and every instance sees it in pg_locks. A backup that dies releases it with its session.
 */
function advisoryHold(pool: pg.Pool): Pick<Database, 'holdFileDeletions' | 'areFileDeletionsHeld'> {
  return {
    holdFileDeletions: async () => {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock_shared($1, $2)', [JOB_LOCK_CLASS, BACKUP_HOLD_KEY]);
      } catch (error) {
        client.release(true);
        throw error;
      }
      let isReleased = false;
      return async () => {
        if (isReleased) return;
        isReleased = true;
        // Closing the connection ends its session, which releases the lock whatever happened to the query.
        await client
          .query('select pg_advisory_unlock_shared($1, $2)', [JOB_LOCK_CLASS, BACKUP_HOLD_KEY])
          .catch(() => {});
        client.release(true);
      };
    },
    areFileDeletionsHeld: async () => {
      const { rows } = await pool.query<{ held: boolean }>(
        `select exists (
           select 1 from pg_locks l join pg_database d on d.oid = l.database
           where l.locktype = 'advisory' and d.datname = current_database() and l.granted
             and l.classid::bigint = $1 and l.objid::bigint = $2 and l.objsubid = 2
         ) as held`,
        [JOB_LOCK_CLASS, BACKUP_HOLD_KEY],
      );
      return rows[0]?.held === true;
    },
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

/**
 * A session-level advisory lock on a connection of its own, held while `work` runs (on other pooled
 * connections). If this process dies, PostgreSQL ends the session and the lock goes with it.
 */
function advisoryExclusive(pool: pg.Pool): Database['exclusive'] {
  return async (job, work) => {
    const client = await pool.connect();
    let isLocked = false;
    try {
      const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1, $2) as locked', [
        JOB_LOCK_CLASS,
        JOBS[job],
      ]);
      isLocked = rows[0]?.locked === true;
      if (!isLocked) return { ran: false };
      return { ran: true, value: await work() };
    } finally {
      let isBroken = false;
      if (isLocked) {
        await client.query('select pg_advisory_unlock($1, $2)', [JOB_LOCK_CLASS, JOBS[job]]).catch(() => {
          isBroken = true;
        });
      }
      // A connection whose unlock failed may still hold the lock: it is closed, not pooled, which ends it.
      client.release(isBroken);
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

async function openPostgres(
  url: string,
  poolSize = 10,
  onIdleError: (error: Error) => void = () => {},
  migrationsDir?: string,
  migrateUpTo?: string,
): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5_000 });
  // An idle connection that the server drops (restart, failover, admin kill) is reported here; without a
  // listener node-postgres would crash the process. The pool replaces the connection on next use.
  pool.on('error', onIdleError);
  const db = withCommitNotices(drizzlePg(pool, { schema }) as unknown as Db);
  try {
    const lockClient = await pool.connect();
    try {
      await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      await applyMigrations(pgRunner(lockClient), { migrationsDir, upTo: migrateUpTo });
    } finally {
      await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
      lockClient.release();
    }
  } catch (error) {
    // A database the server will not use must not keep the process alive through its pool.
    await pool.end().catch(() => {});
    throw error;
  }
  return {
    db,
    driver: 'postgres',
    exclusive: advisoryExclusive(pool),
    ...advisoryHold(pool),
    ping: async () => {
      try {
        await db.execute(sql`select 1`);
        return true;
      } catch {
        return false;
      }
    },
    poolConnections: () => ({
      inUse: pool.totalCount - pool.idleCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    close: () => pool.end(),
  };
}

/** Opens the database and applies pending migrations (architecture §2). */
export function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.driver === 'postgres'
    ? openPostgres(options.url, options.poolSize, options.onIdleError, options.migrationsDir, options.migrateUpTo)
    : openPglite(options);
}
