import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { deleteExpiredSessions } from './features/auth/sessions.service.ts';
import { ORPHAN_SWEEP_INTERVAL_MS, sweepOrphanFiles } from './features/files/files.service.ts';
import type { FileStore } from './lib/file-store.ts';
import { sessionPolicy } from './plugins/admin-session.ts';

/**
 * Background upkeep, first run right after start-up and then hourly; never blocks start-up or exit.
 * Files left by a crash between a commit and a file operation are removed (DESIGN §5), and so are
 * sessions past their expiry, which are otherwise only removed when presented.
 */
export function startMaintenance(deps: {
  database: Database;
  store: FileStore;
  config: Config;
  log: FastifyBaseLogger;
}) {
  const { database, store, config, log } = deps;
  const run = async () => {
    try {
      log.info(await sweepOrphanFiles(database.db, store), 'orphan file sweep finished');
      await deleteExpiredSessions(database.db, sessionPolicy(config));
    } catch (error) {
      log.error({ err: error }, 'maintenance failed');
    }
  };
  void run();
  const timer = setInterval(run, ORPHAN_SWEEP_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
