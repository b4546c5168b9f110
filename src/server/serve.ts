import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { ensureFirstAdmin, type StartupLog } from './features/admins/admins.service.ts';
import { retireFirstPassword, revealFirstPassword } from './features/admins/first-password.ts';
import { writeBackup } from './features/backup/backup.service.ts';
import { startScheduledBackups } from './features/backup/backup-file.ts';
import { startControlSocket } from './features/backup/control-socket.ts';
import { holdingDeletions } from './features/backup/deletion-hold.ts';
import { startDuplicatesBackfill } from './features/creators/creator-duplicates-backfill.ts';
import { ensureHouseRecruiter } from './features/recruiters/recruiters.service.ts';
import { createLocalFileStore } from './lib/file-store.ts';
import { createRateLimiter } from './lib/rate-limiter-factory.ts';
import { startMaintenance, startRetention } from './maintenance.ts';
import { checkTwoFactorKey, dataDirWarning, startupWarnings } from './startup-checks.ts';

export interface ServeOptions {
  config: Config;
  /** The configuration as set, before keys were made in DATA_DIR. */
  loaded: Config;
  database: Database;
  startedAt: Date;
  unlockDataDir: () => void;
  /** Takes over what a failure of the embedded database's thread does, once the app can shut down in order. */
  setOnFatal: (onFatal: (error: Error) => void) => void;
}

/**
 * The server's part once its database is open: file store and rate-limit counters (each checked) → the app,
 * built while the database is prepared for it (the first admin, the house recruiter) → periodic work →
 * listen; SIGTERM drains requests, then closes the database. Loaded by start.ts while the embedded database
 * starts, so the two overlap.
 */
export async function serve({ config, loaded, database, startedAt, unlockDataDir, setOnFatal }: ServeOptions) {
  // The AWS SDK is loaded only when a bucket is configured: it weighs some 10 MB of the server's memory.
  const objectStore = config.s3 ? (await import('./lib/s3-file-store.ts')).createS3FileStore(config.s3) : null;
  // While a backup runs, deletions wait for the orphan sweep (decision 039).
  const store = holdingDeletions(objectStore ?? createLocalFileStore(config.uploadsDir), database);
  await store.verify();
  const limiter = await createRateLimiter({
    redisUrl: config.redisUrl,
    sharedDb: database.driver === 'postgres' ? database.db : undefined,
  });
  await limiter.verify();
  // The database's part of the start runs on its thread while this one builds the app; its lines wait for the log.
  const held: Array<{ level: 'info' | 'warn'; message: string }> = [];
  const preparing = prepareData(database, config, {
    info: (message) => held.push({ level: 'info', message }),
    warn: (message) => held.push({ level: 'warn', message }),
  });
  // Settled below; without a handler meanwhile, its failure during the app's build would end the process unexplained.
  preparing.catch(() => {});
  const app = await buildApp({ config, database, store, limiter });
  await preparing;
  for (const { level, message } of held) app.log[level](message);
  for (const warning of startupWarnings(config)) app.log.warn(warning);
  // Each instance keeps its own key in its DATA_DIR: behind one address, a challenge from one fails on another.
  if (loaded.captcha.isOn && !loaded.captcha.hmacKey && config.databaseUrl) {
    app.log.warn(
      'CAPTCHA_HMAC_KEY is not set: the key that signs challenges was made in DATA_DIR. If several instances ' +
        'share this database, set the same CAPTCHA_HMAC_KEY on each (openssl rand -hex 32).',
    );
  }
  // Looked at beside the start, not before it: a large uploads folder takes a while to walk.
  void dataDirWarning(config.dataDir).then(
    (warning) => warning && app.log.warn(warning),
    (error: unknown) => app.log.warn({ err: error }, 'DATA_DIR modes could not be checked'),
  );
  const maintenance = startMaintenance({ database, store, intake: app.intake, config, log: app.log, startedAt });
  const retention = startRetention({ database, store, config, log: app.log });
  const backupSource = { database, store, twoFactorKey: config.totpEncryptionKey };
  const backups = startScheduledBackups({
    database,
    config,
    produce: (sink) => writeBackup(backupSource, sink),
    log: app.log,
  });
  // On the embedded database only this process can read the data: it takes `npm run admin -- backup`'s snapshot.
  const closeControl = config.databaseUrl ? null : await startControlSocket(config.dataDir, backupSource, app.log);
  const backfill = startDuplicatesBackfill({
    database,
    store,
    log: app.log,
    hash: (photo) => app.images.run(() => app.images.work.hash(photo)),
  });

  let closing = false;
  const shutdown = async (signal: string, exitCode = 0) => {
    if (closing) return;
    closing = true;
    maintenance.stop();
    retention.stop();
    backups.stop();
    backfill.stop();
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    force.unref();
    try {
      await app.close();
      await closeControl?.();
      await backfill.done;
      await database.close();
      await limiter.close();
      objectStore?.close();
      unlockDataDir();
      app.log.info('shut down cleanly');
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      exitCode = 1;
    }
    process.exit(exitCode);
  };
  // Kept for the whole run: a second signal (a terminal's Ctrl-C also reaches `npm start`'s child) must
  // not kill the process in the middle of its orderly shutdown.
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('uncaughtException', (error) => {
    app.log.fatal({ err: error }, 'uncaught exception');
    void shutdown('uncaughtException', 1);
  });
  // The embedded database's thread died: nothing can be served any more, so stop and let a supervisor restart.
  setOnFatal((error) => {
    app.log.fatal({ err: error }, 'embedded database failed');
    void shutdown('database', 1);
  });

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    {
      driver: database.driver,
      files: config.s3 ? 's3' : 'local',
      counters: config.redisUrl ? 'redis' : database.driver === 'postgres' ? 'postgres' : 'memory',
      startupMs: Date.now() - startedAt.getTime(),
    },
    `${config.brandName} Agency Network ready`,
  );
}

/**
 * What the database must hold before the server answers, each step because a request would otherwise fail:
 * two-factor secrets that this configuration can open, an admin to sign in with, a recruiter for applicants
 * who came on their own; and the first admin's password file goes once that password has been changed.
 */
async function prepareData(database: Database, config: Config, log: StartupLog): Promise<void> {
  await checkTwoFactorKey(database.db, config);
  await ensureFirstAdmin(database.db, config, log, (credentials) =>
    revealFirstPassword(credentials, { terminal: process.stdout, dataDir: config.dataDir }),
  );
  const house = await ensureHouseRecruiter(database.db, config.brandName);
  if (house) log.info(`No recruiter existed, so "${house}" was added for applicants who came on their own`);
  // Changed while this server was stopped (the admin command), or by another instance: the file goes now.
  if (await retireFirstPassword(database.db, config.dataDir)) {
    log.info("Removed the first admin's password file: that password has been changed");
  }
}
