import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { DataDirLockedError, lockDataDir } from './db/data-dir-lock.ts';
import { ensureFirstAdmin } from './features/admins/admins.service.ts';
import { retireFirstPassword, revealFirstPassword } from './features/admins/first-password.ts';
import { createLocalFileStore, FileStoreUnavailableError } from './lib/file-store.ts';
import { CounterStoreUnavailableError } from './lib/rate-limiter.ts';
import { createRateLimiter } from './lib/rate-limiter-factory.ts';
import { safeErrorMessage, safeErrorText } from './lib/safe-error.ts';
import { resolveTotpKey } from './lib/totp-key.ts';
import { startMaintenance, startRetention } from './maintenance.ts';
import { checkTwoFactorKey, dataDirWarning, startupWarnings } from './startup-checks.ts';

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
    process.exit(1);
  };
  // Another process took the data directory over (this one was frozen past its lease): stop writing to it.
  const unlockDataDir = await lockDataDir(loaded.dataDir, { onLost: (error) => onFatal(error) });
  // The embedded database's key for TOTP secrets lives in the data directory, so it is read under the lock.
  const config = { ...loaded, totpEncryptionKey: await resolveTotpKey(loaded) };
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
  const store = objectStore ?? createLocalFileStore(config.uploadsDir);
  await store.verify();
  const limiter = await createRateLimiter({
    redisUrl: config.redisUrl,
    sharedDb: database.driver === 'postgres' ? database.db : undefined,
  });
  await limiter.verify();
  const app = await buildApp({ config, database, store, limiter });
  await checkTwoFactorKey(database.db, config);
  for (const warning of startupWarnings(config)) app.log.warn(warning);
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
  // Changed while this server was stopped (the admin command), or by another instance: the file goes now.
  if (await retireFirstPassword(database.db, config.dataDir)) {
    app.log.info("Removed the first admin's password file: that password has been changed");
  }
  const maintenance = startMaintenance({ database, store, intake: app.intake, config, log: app.log, startedAt });
  const retention = startRetention({ database, store, config, log: app.log });

  let closing = false;
  const shutdown = async (signal: string, exitCode = 0) => {
    if (closing) return;
    closing = true;
    maintenance.stop();
    retention.stop();
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    force.unref();
    try {
      await app.close();
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

main().catch((error: unknown) => {
  const isExplained = [ConfigError, DataDirLockedError, FileStoreUnavailableError, CounterStoreUnavailableError].some(
    (kind) => error instanceof kind,
  );
  if (isExplained) {
    console.error((error as Error).message);
  } else {
    // A statement that failed at start-up (the first admin's row) must not print its values.
    console.error('Failed to start:', safeErrorText(error));
  }
  process.exit(1);
});
