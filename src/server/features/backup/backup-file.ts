import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import type { Config } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { TOTP_KEY_FILE } from '#server/lib/totp-key.ts';
import { BackupError, type BackupSummary } from './backup.service.ts';
import { createSealStream } from './sealed-stream.ts';

/**
 * Writes an archive to `file` through `<file>.partial`, sealed when a passphrase is given, and renames it
 * into place only once it is complete and on disk: a failed or interrupted backup never leaves a file
 * under the real name that looks like a backup.
 */
export async function writeBackupFile(
  file: string,
  passphrase: string | undefined,
  produce: (sink: Writable) => Promise<BackupSummary>,
): Promise<BackupSummary & { file: string; archiveBytes: number }> {
  const target = path.resolve(file);
  const partial = `${target}.partial`;
  // `backup backups/today.tar` on a first run: the folder is made, as the operator's own.
  await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
  const out = createWriteStream(partial, { mode: 0o600 });
  let sink: Writable = out;
  let written: Promise<void>;
  if (passphrase === undefined) {
    written = finished(out);
  } else {
    const seal = await createSealStream(passphrase);
    // A failing file (a full disk) destroys the seal with its error, which fails the producer's next write.
    written = pipeline(seal, out);
    sink = seal;
  }
  // Reported through `written`, and through the producer's writes; never as an unhandled event.
  written.catch(() => {});
  try {
    const summary = await produce(sink);
    sink.end();
    await written;
    const handle = await open(partial, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(partial, target);
    return { ...summary, file: target, archiveBytes: (await stat(target)).size };
  } catch (error) {
    sink.destroy();
    out.destroy();
    // The file's own failure (a full disk) says more than the write it made fail.
    const fileError = (await written.then(
      () => undefined,
      (failure: unknown) => failure,
    )) as NodeJS.ErrnoException | undefined;
    await rm(partial, { force: true });
    for (const candidate of [fileError, error as NodeJS.ErrnoException]) {
      if (candidate?.code && ['ENOENT', 'EACCES', 'ENOSPC', 'EROFS', 'EISDIR'].includes(candidate.code)) {
        throw new BackupError(`Cannot write ${target}: ${candidate.message.split('\n')[0]}`);
      }
    }
    throw error;
  }
}

/** The key sealing two-factor secrets, if this install has one; never makes one up (lib/totp-key.ts does). */
export async function existingTwoFactorKey(
  config: Pick<Config, 'totpEncryptionKey' | 'databaseUrl' | 'dataDir'>,
): Promise<Buffer | undefined> {
  if (config.totpEncryptionKey) return config.totpEncryptionKey;
  if (config.databaseUrl) return undefined;
  const text = await readFile(path.join(config.dataDir, TOTP_KEY_FILE), 'utf8').catch(() => null);
  const key = text === null ? undefined : Buffer.from(text.trim(), 'base64');
  return key?.length === 32 ? key : undefined;
}

const SCHEDULED_NAME = /^backup-\d{8}T\d{6}Z\.tar(\.enc)?$/;

/** `backup-20261127T185000Z.tar`: sorts by time as text. */
export function scheduledName(now: Date, isSealed: boolean): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  return `backup-${stamp}.tar${isSealed ? '.enc' : ''}`;
}

/** When the newest scheduled backup in `dir` was taken, from its name; null when there is none. */
export async function newestScheduled(dir: string): Promise<Date | null> {
  const [newest] = (await readdir(dir))
    .filter((name) => SCHEDULED_NAME.test(name))
    .sort()
    .reverse();
  const stamp = newest?.match(/^backup-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z/);
  if (!stamp) return null;
  const [, year, month, day, hour, minute, second] = stamp.map(Number) as number[];
  return new Date(Date.UTC(year as number, (month as number) - 1, day, hour, minute, second));
}

/** Removes all but the newest `keep` scheduled backups of `dir`; other files there are left alone. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const names = (await readdir(dir)).filter((name) => SCHEDULED_NAME.test(name)).sort();
  const old = names.slice(0, Math.max(0, names.length - keep));
  for (const name of old) await rm(path.join(dir, name), { force: true });
  return old;
}

export interface ScheduleLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

/**
 * The server's own backups (BACKUP_DIR, BACKUP_EVERY_HOURS, BACKUP_KEEP): the first one period after start,
 * then every period, one instance at a time across a deployment (the `backup` job's lock).
 */
export function startScheduledBackups(deps: {
  database: Database;
  config: Pick<Config, 'backup'>;
  produce: (sink: Writable) => Promise<BackupSummary>;
  log: ScheduleLog;
}): { stop(): void; runNow(): Promise<void> } {
  const { dir, everyMs, keep, passphrase } = deps.config.backup;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const runNow = async () => {
    if (!dir) return;
    const outcome = await deps.database.exclusive('backup', async () => {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      // Instances sharing BACKUP_DIR each keep the schedule: the first of them in a period takes the backup.
      const newest = await newestScheduled(dir);
      if (newest && Date.now() - newest.getTime() < everyMs * 0.9) return null;
      const file = path.join(dir, scheduledName(new Date(), passphrase !== undefined));
      const summary = await writeBackupFile(file, passphrase, deps.produce);
      const removed = await pruneBackups(dir, keep);
      return { ...summary, removed: removed.length };
    });
    if (outcome.ran && outcome.value) {
      const { file, creators, files, archiveBytes, ms, removed } = outcome.value;
      deps.log.info({ file, creators, files, bytes: archiveBytes, ms, removed }, 'scheduled backup written');
    }
  };
  const schedule = () => {
    timer = setTimeout(() => {
      running = runNow()
        .catch((error: Error) => deps.log.error({ reason: error.message }, 'scheduled backup failed'))
        .finally(() => {
          running = undefined;
          if (timer) schedule();
        });
    }, everyMs);
    timer.unref();
  };
  if (dir) schedule();
  return {
    stop: () => {
      clearTimeout(timer);
      timer = undefined;
    },
    runNow: () => running ?? runNow(),
  };
}
