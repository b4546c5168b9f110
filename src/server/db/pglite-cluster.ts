import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, open, rename, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { narrowTree } from '../lib/owner-only.ts';
import { type PgliteThread, postgresModule, startPgliteThread } from './pglite-thread.ts';

/**
 * A new cluster is made beside its place, under this suffix, and renamed into place once complete: a start
 * that stops half-way leaves no half-made cluster where the next start would take it for a whole one.
 */
export const CREATING_SUFFIX = '.creating';

export interface OpenedCluster {
  /** The thread that serves. */
  thread: PgliteThread;
  /**
   * The process that created the cluster: never this one. None when the cluster was there already or was
   * copied from a template.
   */
  createdBy: { pid: number } | null;
  /**
   * The thread that applied migrations, already ended; none when there were none to apply, so the thread
   * that opened the cluster serves.
   */
  replaced: { threadId: number; applied: string[] } | null;
}

/**
 * What the child process runs: PGlite creates the cluster (its initdb) when it finds none, then closes it.
 * It stops when the server that started it goes, whose end closes its standard input, rather than write on
 * into a directory the next start will clear.
 */
const CREATE_CLUSTER = `
process.stdin.on('end', () => process.exit(1)).resume();
const { PGlite } = require(process.env.ROLLICK_PGLITE);
PGlite.create(process.env.ROLLICK_CLUSTER_DIR)
  .then((pg) => pg.close())
  .then(() => process.exit(0), (error) => { console.error(error?.message ?? String(error)); process.exit(1); });
`;

/**
 * Creates a cluster in `dir` in a child process. PGlite runs initdb through a second PostgreSQL instance, a
 * copy of its 128 MB heap and a tarball of the new files, in WebAssembly memory that never shrinks. Ended
 * with a worker thread, most of it went back to the system, yet the allocator of a process that once freed
 * blocks of tens of megabytes keeps as much again of free memory for good (glibc raises its trimming
 * threshold): only a process of its own leaves nothing behind (docs/decisions/045).
 */
async function createInChildProcess(dir: string): Promise<{ pid: number }> {
  // This process compiles PostgreSQL for the thread that will serve meanwhile, the slow part of its start.
  postgresModule().catch(() => {});
  // Baseline code only: the child runs for seconds, so optimising PostgreSQL's WebAssembly would cost more
  // processor than it saves.
  const child = spawn(process.execPath, ['--no-wasm-tier-up', '-e', CREATE_CLUSTER], {
    env: {
      PATH: process.env.PATH ?? '',
      ROLLICK_PGLITE: createRequire(import.meta.url).resolve('@electric-sql/pglite'),
      ROLLICK_CLUSTER_DIR: dir,
    },
    stdio: ['pipe', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-2_000);
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (exitCode) => resolve(exitCode));
  });
  if (code !== 0) throw new Error(`Creating the embedded database failed: ${stderr.trim() || `exit code ${code}`}`);
  if (child.pid === undefined) throw new Error('The process that created the embedded database had no id');
  return { pid: child.pid };
}

/** Makes a rename survive a power cut: the directory that holds the new name is written out. */
async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

const execFileAsync = promisify(execFile);

/**
 * Copies a cluster made ahead of time (the build's, already migrated) with the system's `cp`, which leaves
 * the work to the kernel; Node's own copy of its thousand files costs half a second of processor.
 */
async function copyTemplate(from: string, to: string): Promise<void> {
  // This process compiles PostgreSQL for the thread that will serve meanwhile, the slow part of its start.
  postgresModule().catch(() => {});
  try {
    await execFileAsync('cp', ['-R', from, to]);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    await cp(from, to, { recursive: true });
  }
}

/**
 * Creates the cluster beside `dir` and renames it into place, starting over whatever a stopped start left:
 * a copy of `template` when given, else a new cluster made in a child process.
 */
async function createCluster(dir: string, template: string | undefined): Promise<{ pid: number } | null> {
  const workDir = `${dir}${CREATING_SUFFIX}`;
  await rm(workDir, { recursive: true, force: true });
  let createdBy: { pid: number } | null = null;
  if (template) await copyTemplate(template, workDir);
  else createdBy = await createInChildProcess(workDir);
  // PGlite gives the files it extracts wide modes; they are narrowed before they take their place.
  await narrowTree(workDir);
  try {
    await rename(workDir, dir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw error;
    throw new Error(`${dir} holds files but no database (no PG_VERSION): move it away and start again.`);
  }
  await syncDirectory(path.dirname(dir));
  return createdBy;
}

/**
 * Opens the embedded database kept on disk in `dir`, creating it first if it is not there, and applies
 * `migrate`. WebAssembly memory never shrinks once grown, so one-off work is kept away from the thread that
 * serves: the cluster is created in a child process, and a thread that applied migrations (a large one can
 * grow the heap for good) checkpoints, closes and ends, and a fresh thread opens the same files to serve. A
 * start with nothing to do keeps its thread, and costs no more than before.
 */
export async function openCluster(options: {
  dir: string;
  onFatal?: ((error: Error) => void) | undefined;
  migrate: (thread: PgliteThread) => Promise<{ applied: string[] }>;
  /**
   * A cluster made and migrated ahead of time, copied in place of a new one: a new database then starts like
   * an existing one, with neither initdb nor migrations (pglite-template.ts).
   */
  template?: string | undefined;
}): Promise<OpenedCluster> {
  const { dir, onFatal, migrate, template } = options;
  const createdBy = existsSync(path.join(dir, 'PG_VERSION')) ? null : await createCluster(dir, template);
  const first = await startPgliteThread({ dataDir: dir, onFatal });
  let applied: string[];
  try {
    ({ applied } = await migrate(first));
  } catch (error) {
    await first.close().catch(() => {});
    throw error;
  }
  if (applied.length === 0) return { thread: first, createdBy, replaced: null };
  await first.close();
  const thread = await startPgliteThread({ dataDir: dir, onFatal });
  return { thread, createdBy, replaced: { threadId: first.threadId, applied } };
}
