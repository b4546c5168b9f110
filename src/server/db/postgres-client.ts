import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { withCommitNotices } from './commit-notices.ts';
import { type Database, type Db, JOBS, schema } from './database.ts';
import { applyMigrations, pgRunner } from './migrator.ts';

/**
 * The server's database on PostgreSQL: a pool, with migrations, jobs and the backup's hold coordinated
 * between instances through advisory locks. Loaded by `openDatabase` only when PostgreSQL is configured.
 */

/** Serialises migrations between app instances starting at once against one PostgreSQL. */
const MIGRATION_LOCK_KEY = 727_311_001;
/** The first half of the two-part advisory lock keys of jobs: this app's, whatever else shares the server. */
const JOB_LOCK_CLASS = 727_311_002;

/** The second half of the advisory lock key that a running backup holds shared (decision 039). */
const BACKUP_HOLD_KEY = 9;

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

export async function openPostgres(
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
  const db = withCommitNotices(drizzle(pool, { schema }) as unknown as Db);
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
