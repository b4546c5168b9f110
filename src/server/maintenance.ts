import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { deleteExpiredSessions } from './features/auth/sessions.service.ts';
import { ORPHAN_SWEEP_INTERVAL_MS, sweepOrphanFiles } from './features/files/files.service.ts';
import type { FileStore } from './lib/file-store.ts';
import type { UploadIntake } from './lib/upload-intake.ts';
import { sessionPolicy } from './plugins/admin-session.ts';
import { REQUEST_MAX_MS } from './plugins/uploads.ts';

/**
 * Background upkeep: a first pass right after start-up, then hourly; it never blocks start-up or exit.
 * The first pass removes every stored file no row names and every unfinished write from before the
 * server started (a crash's leftovers: DESIGN §5); later passes judge only files old enough that no
 * request can still be about to name them. Spooled uploads older than any request can last are removed
 * too (start-up already emptied the spool), and so are sessions past their expiry, which are otherwise
 * only removed when presented.
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
      log.info(await sweepOrphanFiles(database.db, store, sweep), 'orphan file sweep finished');
      await intake.clearSpool(REQUEST_MAX_MS);
      await deleteExpiredSessions(database.db, sessionPolicy(config));
    } catch (error) {
      log.error({ err: error }, 'maintenance failed');
    }
  };
  const first = run({ now: deps.startedAt, olderThanMs: 0 });
  const timer = setInterval(() => void run({}), ORPHAN_SWEEP_INTERVAL_MS);
  timer.unref();
  return {
    /** Settles when the start-up pass has finished (tests and tools wait for it). */
    firstPass: first,
    stop: () => clearInterval(timer),
  };
}
