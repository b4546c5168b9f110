import type fs from 'node:fs';
import { chmod, lstat, readdir } from 'node:fs/promises';
import path from 'node:path';

/**
 * DATA_DIR holds the applicants' data, uploads, keys and the first password: only the server's user may
 * read it, whatever the umask of whoever started the server (docs/operations.md, "Data at rest").
 */
const GROUP_AND_OTHERS = 0o077;

const ownerOnly = (mode: number) => mode & ~GROUP_AND_OTHERS;

/**
 * Makes every mode the embedded database gives its files owner-only. PGlite's file system sets modes
 * itself: it extracts a new database with chmod 0666, creates files with 0777 before narrowing them, and
 * folders with 0777, so neither the umask nor a chmod after opening would keep files made later private.
 * Its calls go through these functions of `node:fs`; the thread that runs it does nothing else with files.
 */
export function keepFilesOwnerOnly(nodeFs: typeof fs): void {
  const { chmodSync, fchmodSync, mkdirSync, writeFileSync, openSync } = nodeFs;
  const narrowed = (mode: unknown) => (typeof mode === 'number' ? ownerOnly(mode) : mode);
  Object.assign(nodeFs, {
    chmodSync: (target: fs.PathLike, mode: fs.Mode) => chmodSync(target, narrowed(mode) as fs.Mode),
    fchmodSync: (fd: number, mode: fs.Mode) => fchmodSync(fd, narrowed(mode) as fs.Mode),
    mkdirSync: (target: fs.PathLike, options?: fs.Mode | fs.MakeDirectoryOptions) =>
      mkdirSync(
        target,
        typeof options === 'object' && options !== null
          ? { ...options, mode: narrowed(options.mode ?? 0o777) as fs.Mode }
          : (narrowed(options ?? 0o777) as fs.Mode),
      ),
    writeFileSync: (
      target: fs.PathOrFileDescriptor,
      data: string | NodeJS.ArrayBufferView,
      options?: fs.WriteFileOptions,
    ) =>
      writeFileSync(
        target,
        data,
        typeof options === 'object' && options !== null
          ? { ...options, mode: narrowed(options.mode ?? 0o666) as fs.Mode }
          : { ...(options ? { encoding: options } : {}), mode: 0o600 },
      ),
    openSync: (target: fs.PathLike, flags?: fs.OpenMode, mode?: fs.Mode | null) =>
      openSync(target, flags ?? 'r', narrowed(mode ?? 0o666) as fs.Mode),
  });
}

/** Whether an error says the entry is gone: PostgreSQL may remove a file of its own while the tree is walked. */
const isGone = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Narrows every folder and file under `dir` (and itself) to its owner; a missing `dir` is left alone, and so is
 * an entry removed meanwhile. The calls run on libuv's threads, so the database can start beside the walk.
 */
export async function narrowTree(dir: string): Promise<void> {
  let stats: fs.Stats;
  try {
    stats = await lstat(dir);
  } catch (error) {
    if (isGone(error)) return;
    throw error;
  }
  if (stats.isSymbolicLink()) return;
  if ((stats.mode & GROUP_AND_OTHERS) !== 0) {
    try {
      await chmod(dir, ownerOnly(stats.mode & 0o7777));
    } catch (error) {
      if (isGone(error)) return;
      throw error;
    }
  }
  if (!stats.isDirectory()) return;
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if (isGone(error)) return;
    throw error;
  }
  await Promise.all(names.map((name) => narrowTree(path.join(dir, name))));
}

/** Folders and files under `dir` (and itself) that others than the owner may use: the first `limit`, and how many. */
export async function wideEntries(dir: string, limit = 5): Promise<{ paths: string[]; count: number }> {
  const found = { paths: [] as string[], count: 0 };
  const visit = async (entry: string): Promise<void> => {
    let stats: fs.Stats;
    try {
      stats = await lstat(entry);
    } catch {
      // Removed while looked at (a spooled upload, a database file): nothing to report.
      return;
    }
    if (stats.isSymbolicLink()) return;
    if ((stats.mode & GROUP_AND_OTHERS) !== 0) {
      found.count++;
      if (found.paths.length < limit) found.paths.push(`${entry} (${(stats.mode & 0o777).toString(8)})`);
    }
    if (!stats.isDirectory()) return;
    const names = await readdir(entry).catch(() => []);
    for (const name of names) await visit(path.join(entry, name));
  };
  await visit(dir);
  return found;
}
