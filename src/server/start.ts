import { hostname } from 'node:os';
import { ConfigError, loadConfig } from './config.ts';
import { DataDirLockedError, lockDataDir } from './db/data-dir-lock.ts';
import { DatabaseAheadError, MigrationFailedError } from './db/migrator.ts';
import { databaseOpening, prestartPgliteThread } from './db/pglite-thread.ts';
import { resolveCaptchaKey } from './lib/captcha-key.ts';
import { FileStoreUnavailableError } from './lib/file-store.ts';
import { CounterStoreUnavailableError } from './lib/rate-limiter.ts';
import { safeErrorMessage, safeErrorText } from './lib/safe-error.ts';
import { resolveTotpKey } from './lib/totp-key.ts';

/** Released on a failed start too: a lock file left behind would refuse the next start for a while. */
let releaseDataDir = (): void => {};

/**
 * Starts the server: config → the data directory (this process's alone) → the database, opened while the
 * rest of the server loads → serve.ts, which builds the app and listens. This module loads only what comes
 * before the database, so that an embedded start's two slow parts overlap (docs/decisions/057).
 */
async function main(): Promise<void> {
  const startedAt = new Date();
  const loaded = loadConfig();
  // The entry started it already, unless DATABASE_URL_FILE named a file that turned out to hold no address.
  if (!loaded.databaseUrl) prestartPgliteThread();
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
  const opening = import('./db/client.ts').then(({ openDatabase, openEmbeddedEarly }) =>
    config.databaseUrl
      ? openDatabase({
          driver: 'postgres',
          url: config.databaseUrl,
          onIdleError: (error) => console.error('database:', error.message),
        }).then((database) => ({ database, opened: Promise.resolve() }))
      : openEmbeddedEarly({ driver: 'pglite', dataDir: config.dataDir, onFatal: (error) => onFatal(error) }),
  );
  // The rest of the server loads once PostgreSQL has been told to start on its thread (loading it first would
  // hold up the steps before, on this thread), and is built while it starts: the embedded database's
  // statements wait until it is open and migrated. PostgreSQL is open before the app is built.
  if (!config.databaseUrl) await Promise.race([databaseOpening(), opening.then(({ opened }) => opened)]);
  const [{ database, opened }, { serve }] = await Promise.all([opening, import('./serve.ts')]);
  // A database that cannot open (a failed migration) ends the start with its own message, whatever the app's
  // build is doing then.
  await Promise.all([
    opened,
    serve({
      config,
      loaded,
      database,
      startedAt,
      unlockDataDir,
      setOnFatal: (next) => {
        onFatal = next;
      },
    }),
  ]);
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
