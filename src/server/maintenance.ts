import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { deleteExpiredSessions } from './features/admins/sessions.service.ts';
import { deleteFinishedEvents } from './features/alerts/deliveries.service.ts';
import { tidyBulkJobs } from './features/creators/creator-bulk-jobs.service.ts';
import { ORPHAN_SWEEP_INTERVAL_MS, sweepOrphanFiles } from './features/files/files.service.ts';
import { deleteOldFunnelVisits } from './features/insights/funnel.service.ts';
import { applyRetention } from './features/retention/retention.service.ts';
import { deleteExpiredRateLimits } from './lib/database-rate-limiter.ts';
import type { FileStore } from './lib/file-store.ts';
import type { UploadIntake } from './lib/upload-intake.ts';
import { sessionPolicy } from './plugins/admin-session.ts';
import { REQUEST_MAX_MS } from './plugins/uploads.ts';

/**
 * The embedded database has no autovacuum: PostgreSQL's background workers do not exist in PGlite. Without
 * this, the row versions every update, delete and rolled-back insert leaves would pile up, and the index scans
 * behind the lists would wade through them (a million-creator list's last page went from 2 to 20 ms). Hourly,
 * it reads only the pages changed since the last pass; queries wait behind it on the database's thread.
 */
export async function vacuumEmbedded(database: Database, log: FastifyBaseLogger): Promise<void> {
  const started = performance.now();
  await database.db.execute(sql`vacuum (analyze)`);
  log.info({ ms: Math.round(performance.now() - started) }, 'embedded database vacuumed');
}

/**
 * Background upkeep: a first pass right after start-up, then hourly; it never blocks start-up or exit.
 * This instance's own spool loses uploads older than any request can last (start-up already emptied it).
 * The shared work runs on one instance at a time (the `maintenance` job lock): stored files no row names,
 * sessions past their expiry (otherwise only removed when presented), rate-limit windows that have
 * passed, alert events delivered (or failed) over a month ago, funnel visits older than a day, and bulk jobs
 * a week after they ended (or left running by a process that died: docs/decisions/034). On the
 * embedded database the process is the only one, so its first pass removes every orphan and unfinished write
 * from before it started (a crash's leftovers: architecture §5); on PostgreSQL other instances may be storing files
 * right now, so every pass judges only files older than any request.
 */
export function startMaintenance(deps: {
  database: Database;
  store: FileStore;
  intake: UploadIntake;
  config: Config;
  log: FastifyBaseLogger;
  startedAt: Date;
}) {
  const { database, store, intake, config, log } = deps;
  const run = async (sweep: { now?: Date; olderThanMs?: number }, { isHourly }: { isHourly: boolean }) => {
    try {
      await intake.clearSpool(REQUEST_MAX_MS);
      const outcome = await database.exclusive('maintenance', async () => {
        const files = await sweepOrphanFiles(database.db, store, sweep);
        await deleteExpiredSessions(database.db, sessionPolicy(config));
        await deleteExpiredRateLimits(database.db);
        await deleteFinishedEvents(database.db);
        await deleteOldFunnelVisits(database.db);
        await tidyBulkJobs(database.db);
        return files;
      });
      if (outcome.ran) log.info(outcome.value, 'orphan file sweep finished');
      else log.info('maintenance skipped: another instance is running it');
      // Not on the start-up pass: a restart would otherwise pay for a vacuum before the first hour is out.
      if (isHourly && database.driver === 'pglite') await vacuumEmbedded(database, log);
    } catch (error) {
      log.error({ err: error }, 'maintenance failed');
    }
  };
  const isOnlyInstance = database.driver === 'pglite';
  const first = run(isOnlyInstance ? { now: deps.startedAt, olderThanMs: 0 } : {}, { isHourly: false });
  const timer = setInterval(() => void run({}, { isHourly: true }), ORPHAN_SWEEP_INTERVAL_MS);
  timer.unref();
  return {
    /** Settles when the start-up pass has finished (tests and tools wait for it). */
    firstPass: first,
    stop: () => clearInterval(timer),
  };
}

/** The retention rule runs once a day; a creator crosses its cutoff by days, not minutes. */
export const RETENTION_INTERVAL_MS = 24 * 60 * 60_000;

/**
 * RETENTION_DAYS (docs/decisions/027): a first pass right after start-up, then daily, on one instance at a
 * time (the `retention` job lock). Off, it does nothing at all. Each pass leaves one summary line in the log;
 * the removals themselves are recorded in `creator_removals`.
 */
export function startRetention(deps: {
  database: Database;
  store: FileStore;
  config: Config;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  now?: () => Date;
}) {
  const { database, store, config, log } = deps;
  const { retentionDays } = config;
  if (retentionDays === undefined) return { firstPass: Promise.resolve(), stop: () => {} };
  const run = async () => {
    try {
      const outcome = await database.exclusive('retention', () =>
        applyRetention(database.db, store, { retentionDays, now: deps.now?.() ?? new Date(), log }),
      );
      if (outcome.ran) log.info(outcome.value, 'retention pass finished');
      else log.info('retention skipped: another instance is running it');
    } catch (error) {
      log.error({ err: error }, 'retention failed');
    }
  };
  const first = run();
  const timer = setInterval(() => void run(), RETENTION_INTERVAL_MS);
  timer.unref();
  return { firstPass: first, stop: () => clearInterval(timer) };
}
