import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { deleteExpiredSessions } from './features/auth/sessions.service.ts';
import { ORPHAN_SWEEP_INTERVAL_MS, sweepOrphanFiles } from './features/files/files.service.ts';
import { deleteOldFunnelVisits } from './features/insights/funnel.service.ts';
import { deleteExpiredRateLimits } from './lib/database-rate-limiter.ts';
import type { FileStore } from './lib/file-store.ts';
import type { UploadIntake } from './lib/upload-intake.ts';
import { sessionPolicy } from './plugins/admin-session.ts';
import { REQUEST_MAX_MS } from './plugins/uploads.ts';

/**
 * Background upkeep: a first pass right after start-up, then hourly; it never blocks start-up or exit.
 * This instance's own spool loses uploads older than any request can last (start-up already emptied it).
 * The shared work runs on one instance at a time (the `maintenance` job lock): stored files no row names,
 * sessions past their expiry (otherwise only removed when presented), rate-limit windows that have
 * passed, and funnel visits older than a day. On the embedded database the process is the only one, so
 * its first pass removes every orphan and unfinished write from before it started (a crash's leftovers: DESIGN §5); on PostgreSQL other
 * instances may be storing files right now, so every pass judges only files older than any request.
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
  const run = async (sweep: { now?: Date; olderThanMs?: number }) => {
    try {
      await intake.clearSpool(REQUEST_MAX_MS);
      const outcome = await database.exclusive('maintenance', async () => {
        const files = await sweepOrphanFiles(database.db, store, sweep);
        await deleteExpiredSessions(database.db, sessionPolicy(config));
        await deleteExpiredRateLimits(database.db);
        await deleteOldFunnelVisits(database.db);
        return files;
      });
      if (outcome.ran) log.info(outcome.value, 'orphan file sweep finished');
      else log.info('maintenance skipped: another instance is running it');
    } catch (error) {
      log.error({ err: error }, 'maintenance failed');
    }
  };
  const isOnlyInstance = database.driver === 'pglite';
  const first = run(isOnlyInstance ? { now: deps.startedAt, olderThanMs: 0 } : {});
  const timer = setInterval(() => void run({}), ORPHAN_SWEEP_INTERVAL_MS);
  timer.unref();
  return {
    /** Settles when the start-up pass has finished (tests and tools wait for it). */
    firstPass: first,
    stop: () => clearInterval(timer),
  };
}
