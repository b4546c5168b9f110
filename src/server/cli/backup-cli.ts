import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Writable } from 'node:stream';
import type { Config } from '#server/config.ts';
import { type Database, openDatabase } from '#server/db/client.ts';
import { type BackupSummary, writeBackup } from '#server/features/backup/backup.service.ts';
import { existingTwoFactorKey, writeBackupFile } from '#server/features/backup/backup-file.ts';
import { requestBackup } from '#server/features/backup/control-socket.ts';
import {
  isArchiveSealed,
  keyOpens,
  type RestoreTarget,
  restoreArchive,
  type VerifiedArchive,
  verifyArchive,
} from '#server/features/backup/restore.service.ts';
import { createLocalFileStore, type FileStore } from '#server/lib/file-store.ts';
import { createS3FileStore } from '#server/lib/s3-file-store.ts';
import { TOTP_KEY_FILE } from '#server/lib/totp-key.ts';
import { CliError, type PromptIo, readSecret } from './prompt.ts';

export const BACKUP_USAGE = `  backup <file> [--encrypt]   write a backup of the database and every stored file to <file>, while
                              the server runs; encrypted when BACKUP_PASSPHRASE is set or --encrypt
                              is given (then the passphrase is asked for)
  verify <file>               check a backup's checksums and that every file a row names is in it
  restore <file> [--force] [--two-factor-key-file <path>]
                              load a backup into an empty DATA_DIR, or into DATABASE_URL's database
                              (uploads to UPLOADS_DIR or S3_BUCKET); --force replaces what is there`;

export type BackupCommand =
  | { name: 'backup'; file: string; encrypt: boolean }
  | { name: 'verify'; file: string }
  | { name: 'restore'; file: string; force: boolean; twoFactorKeyFile: string | undefined };

/** Parses `backup|verify|restore …`; undefined for any other command. */
export function parseBackupArgs(argv: string[]): BackupCommand | undefined {
  const [name, ...rest] = argv;
  if (name !== 'backup' && name !== 'verify' && name !== 'restore') return undefined;
  const file = rest.find((arg) => !arg.startsWith('--'));
  if (!file) throw new CliError(`Missing <file> for ${name}.`);
  const flags = rest.filter((arg) => arg !== file);
  const allowed: string[] = { backup: ['--encrypt'], verify: [], restore: ['--force', '--two-factor-key-file'] }[name];
  let twoFactorKeyFile: string | undefined;
  for (let i = 0; i < flags.length; i++) {
    const flag = flags[i] as string;
    if (!allowed.includes(flag)) throw new CliError(`Unknown option for ${name}: ${flag}`);
    if (flag === '--two-factor-key-file') {
      twoFactorKeyFile = flags[++i];
      if (!twoFactorKeyFile) throw new CliError('--two-factor-key-file needs a path.');
    }
  }
  if (name === 'backup') return { name, file, encrypt: flags.includes('--encrypt') };
  if (name === 'verify') return { name, file };
  return { name, file, force: flags.includes('--force'), twoFactorKeyFile };
}

export interface BackupCliIo extends PromptIo {
  stderr: NodeJS.WritableStream;
}

function openStore(config: Config): FileStore {
  return config.s3 ? createS3FileStore(config.s3) : createLocalFileStore(config.uploadsDir);
}

function openServerDatabase(config: Config): Promise<Database> {
  return config.databaseUrl
    ? openDatabase({ driver: 'postgres', url: config.databaseUrl, poolSize: 3 })
    : openDatabase({ driver: 'pglite', dataDir: config.dataDir });
}

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;
const megabytes = (bytes: number) =>
  bytes < 1_048_576 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1_048_576).toFixed(1)} MB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function backup(command: { file: string; encrypt: boolean }, config: Config, io: BackupCliIo) {
  const passphrase =
    config.backup.passphrase ??
    (command.encrypt ? await readSecret(io, { label: 'Passphrase', repeat: true }) : undefined);
  if (passphrase !== undefined && passphrase.length < 12)
    throw new CliError('The passphrase must be at least 12 characters.');
  const produce = async (sink: Writable): Promise<BackupSummary> => {
    // On the embedded database a running server holds the data directory: it takes the snapshot for us.
    if (!config.databaseUrl) {
      const fromServer = await requestBackup(config.dataDir, sink);
      if (fromServer) return fromServer;
    }
    const database = await openServerDatabase(config);
    try {
      return await writeBackup(
        { database, store: openStore(config), twoFactorKey: await existingTwoFactorKey(config) },
        sink,
      );
    } finally {
      await database.close();
    }
  };
  const result = await writeBackupFile(command.file, passphrase, produce);
  const missing = result.missingFiles > 0 ? ` (${result.missingFiles} files rows name were already missing)` : '';
  io.stdout.write(
    `Backup written to ${result.file}: ${count(result.creators, 'creator')}, ${count(result.files, 'file')}${missing}, ` +
      `${megabytes(result.archiveBytes)}${passphrase !== undefined ? ', encrypted' : ''}, in ${seconds(result.ms)}.\n`,
  );
}

async function passphraseFor(file: string, config: Config, io: BackupCliIo): Promise<string | undefined> {
  if (!(await isArchiveSealed(file))) return undefined;
  if (config.backup.passphrase !== undefined) return config.backup.passphrase;
  if (io.stdin.isTTY !== true) {
    throw new CliError('The archive is encrypted: set BACKUP_PASSPHRASE (or BACKUP_PASSPHRASE_FILE).');
  }
  return readSecret(io, { label: 'Passphrase', repeat: false });
}

function describeArchive({ manifest }: VerifiedArchive, sealed: boolean): string {
  const files = Object.keys(manifest.entries).filter((name) => name.startsWith('files/')).length;
  return (
    `${count(manifest.tables.creators ?? 0, 'creator')}, ${count(files, 'file')}, made ${manifest.createdAt} by version ` +
    `${manifest.productVersion} (${manifest.engine}, migration ${manifest.lastMigration})${sealed ? ', encrypted' : ''}`
  );
}

async function verify(command: { file: string }, config: Config, io: BackupCliIo) {
  const passphrase = await passphraseFor(command.file, config, io);
  const verified = await verifyArchive(command.file, passphrase);
  io.stdout.write(`Archive ok: ${describeArchive(verified, passphrase !== undefined)}.\n`);
}

/**
 * What the restored install needs to open its admins' two-factor secrets, settled before anything is
 * changed: the key it already has, the archive's (into DATA_DIR, or into the file the operator names), or a
 * refusal saying what to do.
 */
async function twoFactorPlan(
  verified: VerifiedArchive,
  config: Config,
  keyFile: string | undefined,
): Promise<{ write: string; key: Buffer } | null> {
  const sealed = verified.sealedSecret;
  const own = await existingTwoFactorKey(config);
  const carried = verified.twoFactorKey;
  if (sealed && own && !keyOpens(own, sealed)) {
    throw new CliError(
      config.totpEncryptionKey
        ? "TOTP_ENCRYPTION_KEY does not open the backup's two-factor secrets. Unset it and restore with --two-factor-key-file <path> to use the key the backup carries, or set it to the old install's key."
        : `${path.join(config.dataDir, TOTP_KEY_FILE)} does not open the backup's two-factor secrets; restore into an empty DATA_DIR.`,
    );
  }
  if (sealed && !own && !(carried && keyOpens(carried, sealed))) {
    throw new CliError(
      "Admins in this backup use two-factor sign-in, and it does not carry the key to their secrets: set TOTP_ENCRYPTION_KEY to the old install's key.",
    );
  }
  // The install's own key stays; otherwise the backup's goes where it is asked to, or beside the embedded database.
  if (own || !carried) return null;
  if (keyFile) return { write: path.resolve(keyFile), key: carried };
  if (!config.databaseUrl) return { write: path.join(config.dataDir, TOTP_KEY_FILE), key: carried };
  if (!sealed) return null;
  throw new CliError(
    'Admins in this backup use two-factor sign-in: add --two-factor-key-file <path> to write the key the backup ' +
      'carries to a file, then start the server with TOTP_ENCRYPTION_KEY_FILE=<path>.',
  );
}

async function restore(
  command: { file: string; force: boolean; twoFactorKeyFile: string | undefined },
  config: Config,
  io: BackupCliIo,
) {
  const passphrase = await passphraseFor(command.file, config, io);
  const verified = await verifyArchive(command.file, passphrase);
  const keyPlan = await twoFactorPlan(verified, config, command.twoFactorKeyFile);
  const target: RestoreTarget = {
    openDatabase: (upTo) => openDatabaseUpTo(config, upTo),
    store: openStore(config),
    description: config.databaseUrl
      ? `PostgreSQL${config.s3 ? ` and the bucket ${config.s3.bucket}` : `, uploads in ${config.uploadsDir}`}`
      : `the data directory ${config.dataDir}`,
  };
  const summary = await restoreArchive(command.file, passphrase, verified, target, { force: command.force });
  // The schema is brought up to this version's once the rows are in.
  await (await openServerDatabase(config)).close();
  if (keyPlan) {
    await mkdir(path.dirname(keyPlan.write), { recursive: true, mode: 0o700 });
    await writeFile(keyPlan.write, `${keyPlan.key.toString('base64')}\n`, { mode: 0o600 });
  }
  const key = keyPlan ? ` The two-factor key is in ${keyPlan.write}.` : '';
  io.stdout.write(
    `Restored ${count(summary.creators, 'creator')}, ${count(summary.files, 'file')} and ${count(summary.admins, 'admin')} into ` +
      `${target.description} in ${seconds(summary.ms)}.${key}\n`,
  );
}

function openDatabaseUpTo(config: Config, upTo: string): Promise<Database> {
  return config.databaseUrl
    ? openDatabase({ driver: 'postgres', url: config.databaseUrl, poolSize: 2, migrateUpTo: upTo })
    : openDatabase({ driver: 'pglite', dataDir: config.dataDir, migrateUpTo: upTo });
}

export async function runBackupCommand(command: BackupCommand, config: Config, io: BackupCliIo): Promise<void> {
  if (command.name === 'backup') await backup(command, config, io);
  else if (command.name === 'verify') await verify(command, config, io);
  else await restore(command, config, io);
}
