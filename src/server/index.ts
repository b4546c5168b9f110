import { hostname } from 'node:os';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { DataDirLockedError, lockDataDir } from './db/data-dir-lock.ts';
import { DatabaseAheadError, MigrationFailedError } from './db/migrator.ts';
import { ensureFirstAdmin } from './features/admins/admins.service.ts';
import { retireFirstPassword, revealFirstPassword } from './features/admins/first-password.ts';
import { writeBackup } from './features/backup/backup.service.ts';
import { startScheduledBackups } from './features/backup/backup-file.ts';
import { startControlSocket } from './features/backup/control-socket.ts';
import { holdingDeletions } from './features/backup/deletion-hold.ts';
import { startDuplicatesBackfill } from './features/creators/creator-duplicates-backfill.ts';
import { ensureHouseRecruiter } from './features/recruiters/recruiters.service.ts';
import { resolveCaptchaKey } from './lib/captcha-key.ts';
import { createLocalFileStore, FileStoreUnavailableError } from './lib/file-store.ts';
import { CounterStoreUnavailableError } from './lib/rate-limiter.ts';
import { createRateLimiter } from './lib/rate-limiter-factory.ts';
import { safeErrorMessage, safeErrorText } from './lib/safe-error.ts';
import { resolveTotpKey } from './lib/totp-key.ts';
import { startMaintenance, startRetention } from './maintenance.ts';
import { checkTwoFactorKey, dataDirWarning, startupWarnings } from './startup-checks.ts';

/** Released on a failed start too: a lock file left behind would refuse the next start for a while. */
let releaseDataDir = (): void => {};

/**
 * Starts the server: config → the data directory (this process's alone) → database → file store and
 * rate-limit counters (each checked) → app → listen; SIGTERM drains requests, then closes the database.
 */
async function main(): Promise<void> {
  const startedAt = new Date();
  // Whatever the server writes (the data directory, uploads, spooled bodies, keys) is its user's alone.
  process.umask(0o077);
  const loaded = loadConfig();
  // Replaced once the app exists and can shut down in order; until then a failure stops start-up.
  let onFatal = (error: Error): void => {
    console.error('Failed to start:', safeErrorMessage(error.message));
    releaseDataDir();
    process.exit(1);
  };
  // Another process took the data directory over (this one was frozen past its lease): stop writing to it.
  const unlockDataDir = await lockDataDir(loaded.dataDir, { onLost: (error) => onFatal(error) });
  releaseDataDir = unlockDataDir;
  // The embedded database's key for TOTP secrets lives in the data directory, so it is read under the lock.
  const config = {
    ...loaded,
    totpEncryptionKey: await resolveTotpKey(loaded),
    captcha: { ...loaded.captcha, hmacKey: await resolveCaptchaKey(loaded) },
  };
  const database = await openDatabase(
    config.databaseUrl
      ? {
          driver: 'postgres',
          url: config.databaseUrl,
          onIdleError: (error) => console.error('database:', error.message),
        }
      : { driver: 'pglite', dataDir: config.dataDir, onFatal: (error) => onFatal(error) },
  );
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
  const app = await buildApp({ config, database, store, limiter });
  await checkTwoFactorKey(database.db, config);
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
  await ensureFirstAdmin(
    database.db,
    config,
    { info: (message) => app.log.info(message), warn: (message) => app.log.warn(message) },
    (credentials) => revealFirstPassword(credentials, { terminal: process.stdout, dataDir: config.dataDir }),
  );
  const house = await ensureHouseRecruiter(database.db, config.brandName);
  if (house) app.log.info(`No recruiter existed, so "${house}" was added for applicants who came on their own`);
  // Changed while this server was stopped (the admin command), or by another instance: the file goes now.
  if (await retireFirstPassword(database.db, config.dataDir)) {
    app.log.info("Removed the first admin's password file: that password has been changed");
  }
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
  onFatal = (error) => {
    app.log.fatal({ err: error }, 'embedded database failed');
    void shutdown('database', 1);
  };

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
 * A start refused over the database's migrations is one line in the logs' own format (pino's fields), since
 * whatever collects the logs is where an operator looks when the new version does not come up.
 */
function logStartupFailure(error: DatabaseAheadError | MigrationFailedError): void {
  const fields =
    error instanceof DatabaseAheadError
      ? { newestKnownMigration: error.newestKnown.tag, databaseMigration: error.databaseNewest.tag }
      : { migration: error.migration, databaseError: error.cause };
  const line = { level: 60, time: Date.now(), pid: process.pid, hostname: hostname(), ...fields, msg: error.message };
  process.stdout.write(`${JSON.stringify(line)}\n`);
}

main().catch((error: unknown) => {
  if (error instanceof DatabaseAheadError || error instanceof MigrationFailedError) {
    logStartupFailure(error);
    releaseDataDir();
    process.exit(1);
  }
  const isExplained = [ConfigError, DataDirLockedError, FileStoreUnavailableError, CounterStoreUnavailableError].some(
    (kind) => error instanceof kind,
  );
  if (isExplained) {
    console.error((error as Error).message);
  } else {
    // A statement that failed at start-up (the first admin's row) must not print its values.
    console.error('Failed to start:', safeErrorText(error));
  }
  releaseDataDir();
  process.exit(1);
});
