import { type Config, ConfigError, loadConfig } from '#server/config.ts';
import { type Database, openDatabase } from '#server/db/client.ts';
import { DataDirLockedError } from '#server/db/data-dir-lock.ts';
import { DatabaseAheadError, MigrationFailedError } from '#server/db/migrator.ts';
import { enableByCli, resetTwoFactorByCli } from '#server/features/admins/admin-recovery.service.ts';
import { createAdmin, findAdminByUsername, resetAdminPassword } from '#server/features/admins/admins.service.ts';
import { retireFirstPassword } from '#server/features/admins/first-password.ts';
import { BackupError } from '#server/features/backup/backup.service.ts';
import { SealedArchiveError } from '#server/features/backup/sealed-stream.ts';
import { ArchiveFormatError } from '#server/features/backup/tar.ts';
import { backfillPhotoHashes } from '#server/features/creators/creator-duplicates-backfill.ts';
import { AppError } from '#server/lib/app-error.ts';
import { createLocalFileStore, type FileStore } from '#server/lib/file-store.ts';
import { createS3FileStore } from '#server/lib/s3-file-store.ts';
import { safeErrorMessage } from '#server/lib/safe-error.ts';
import { type AdminRole, isAdminRole } from '#shared/admin-roles.ts';
import { BACKUP_USAGE, parseBackupArgs, runBackupCommand } from './backup-cli.ts';
import { CliError, readSecret } from './prompt.ts';

export interface AdminCliIo {
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  env: Record<string, string | undefined>;
  /** Tests hand in their own database; the real CLI opens the one the server uses. */
  openDatabase?: (config: Config) => Promise<Database>;
  /** Likewise their own file store. */
  openStore?: (config: Config) => FileStore;
}

export const USAGE = `Usage: npm run admin -- <command>

Commands:
  create <username> [--role owner|reviewer]
                              create an admin (an owner unless --role says otherwise)
  reset-password <username>   set a new password and sign that admin out everywhere
  reset-2fa <username>        turn off two-factor sign-in (a lost phone) and sign that admin out
  enable <username>           re-enable a disabled admin
${BACKUP_USAGE}
  backfill-duplicates         hash the photos of creators who applied before photos were hashed, so
                              the same selfie is found among them (safe to run again; the server
                              also runs it by itself after start-up when photos wait for it)
  help                        show this text

The password is asked for twice (not echoed) on a terminal, or read from the first line of stdin
otherwise; it is never taken from the command line. The database is the server's: DATA_DIR, or
DATABASE_URL when set.`;

type Command =
  | { name: 'help' }
  | { name: 'backfill-duplicates' }
  | { name: 'create'; username: string; role: AdminRole }
  | { name: 'reset-password' | 'reset-2fa' | 'enable'; username: string };

const COMMANDS = new Set(['create', 'reset-password', 'reset-2fa', 'enable']);

function parseArgs(argv: string[]): Command {
  const [name, username, ...rest] = argv;
  if (name === undefined) throw new CliError(`Missing command.\n\n${USAGE}`);
  if (name === 'help' || name === '--help' || name === '-h') return { name: 'help' };
  if (name === 'backfill-duplicates') {
    if (username !== undefined) throw new CliError(`backfill-duplicates takes no arguments.\n\n${USAGE}`);
    return { name };
  }
  if (!COMMANDS.has(name)) throw new CliError(`Unknown command "${name}".\n\n${USAGE}`);
  if (!username?.trim()) throw new CliError(`Missing <username> for ${name}.\n\n${USAGE}`);
  let role: AdminRole = 'owner';
  if (name === 'create' && rest[0] === '--role') {
    const value = rest[1];
    if (!isAdminRole(value)) throw new CliError(`--role must be owner or reviewer.\n\n${USAGE}`);
    role = value;
    rest.splice(0, 2);
  }
  // The extra argument is not echoed: it may well be a password typed where it does not belong.
  if (rest.length > 0)
    throw new CliError(`Too many arguments for ${name}; the password is never given as an argument.`);
  if (name === 'create') return { name, username, role };
  return { name: name as 'reset-password' | 'reset-2fa' | 'enable', username };
}

function openServerDatabase(config: Config): Promise<Database> {
  return config.databaseUrl
    ? openDatabase({ driver: 'postgres', url: config.databaseUrl, poolSize: 1 })
    : openDatabase({ driver: 'pglite', dataDir: config.dataDir });
}

/** The server's file store: the bucket when S3 is configured, else the uploads folder. */
function openServerStore(config: Config): FileStore {
  return config.s3 ? createS3FileStore(config.s3) : createLocalFileStore(config.uploadsDir);
}

async function backfill(database: Database, config: Config, io: AdminCliIo) {
  const store = (io.openStore ?? openServerStore)(config);
  const result = await backfillPhotoHashes(database.db, store, {
    onProgress: ({ hashed, failed }) => io.stdout.write(`${hashed} photos hashed, ${failed} unreadable\n`),
  });
  io.stdout.write(`Done: ${result.hashed} photos hashed, ${result.failed} could not be read.\n`);
}

type AdminCommand = Exclude<Command, { name: 'help' } | { name: 'backfill-duplicates' }>;

async function run(command: AdminCommand, database: Database, config: Config, io: AdminCliIo) {
  const { db } = database;
  const existing = await findAdminByUsername(db, command.username);
  // Checked before the prompt so nobody types a password only to learn the name was wrong.
  if (command.name === 'create' && existing) throw new CliError('An admin with this username already exists.');
  if (command.name !== 'create' && !existing) throw new CliError('No admin with this username exists.');
  if (command.name === 'reset-2fa' || command.name === 'enable') {
    if (!existing) return;
    if (command.name === 'reset-2fa') await resetTwoFactorByCli(db, existing.id);
    else await enableByCli(db, existing.id);
    io.stdout.write(
      command.name === 'reset-2fa'
        ? `Two-factor sign-in of "${existing.username}" turned off; their sessions were signed out.\n`
        : `Admin "${existing.username}" enabled.\n`,
    );
    return;
  }

  const password = await readSecret(io, { label: 'Password', repeat: true });
  if (command.name === 'create') {
    const admin = await createAdmin(db, { username: command.username, password, role: command.role });
    io.stdout.write(`Admin "${admin.username}" created as ${admin.role}.\n`);
  } else {
    await resetAdminPassword(db, { username: command.username, password });
    io.stdout.write(`Password of "${existing?.username}" changed; their sessions were signed out.\n`);
    if (await retireFirstPassword(db, config.dataDir)) {
      io.stdout.write(`The first password's file in ${config.dataDir} was removed: it no longer opens the account.\n`);
    }
  }
}

function describeError(error: unknown): string {
  const explained = [
    CliError,
    AppError,
    DataDirLockedError,
    DatabaseAheadError,
    MigrationFailedError,
    BackupError,
    SealedArchiveError,
    ArchiveFormatError,
  ];
  if (explained.some((kind) => error instanceof kind)) return (error as Error).message;
  const message = error instanceof Error ? error.message : String(error);
  return `Failed: ${safeErrorMessage(message).split('\n')[0]}`;
}

function loadCliConfig(env: AdminCliIo['env']): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    throw new CliError(['Invalid configuration:', ...error.problems].join('\n'));
  }
}

/** The admin CLI as a function: returns the exit code and never exits the process itself. */
export async function runAdminCli(argv: string[], io: AdminCliIo): Promise<number> {
  let database: Database | undefined;
  let exitCode = 0;
  try {
    const backupCommand = parseBackupArgs(argv);
    if (backupCommand) {
      // These open what they need themselves: the running server, the target of a restore, or nothing.
      await runBackupCommand(backupCommand, loadCliConfig(io.env), io);
      return 0;
    }
    const command = parseArgs(argv);
    if (command.name === 'help') {
      io.stdout.write(`${USAGE}\n`);
      return 0;
    }
    const config = loadCliConfig(io.env);
    database = await (io.openDatabase ?? openServerDatabase)(config);
    if (command.name === 'backfill-duplicates') await backfill(database, config, io);
    else await run(command, database, config, io);
  } catch (error) {
    io.stderr.write(`${describeError(error)}\n`);
    exitCode = 1;
  }
  try {
    await database?.close();
  } catch (error) {
    io.stderr.write(`${describeError(error)}\n`);
    exitCode = 1;
  }
  return exitCode;
}
