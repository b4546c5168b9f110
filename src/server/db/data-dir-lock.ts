import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The data directory ${dir} is in use by another process (pid ${pid}). ` +
        'Stop that process, or point DATA_DIR at another directory.',
    );
    this.name = 'DataDirLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM means the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Locks this process holds, by path, with how many holders within it. */
const held = new Map<string, number>();

/** Gives up one hold; the file goes with the last. */
function releaser(lockPath: string): () => void {
  let isReleased = false;
  return () => {
    if (isReleased) return;
    isReleased = true;
    const holders = (held.get(lockPath) ?? 1) - 1;
    if (holders > 0) {
      held.set(lockPath, holders);
      return;
    }
    held.delete(lockPath);
    rmSync(lockPath, { force: true });
  };
}

/**
 * The data directory belongs to one process: PGlite has no lock of its own, two processes writing one
 * database corrupt it, and start-up clears the directory's temporary uploads. An exclusive lock file
 * holding our pid keeps a second start out; one left by a crashed process (its pid no longer alive) is
 * taken over. Within the process the lock is shared: the server and its embedded database both hold it.
 */
export function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const lockPath = path.join(path.resolve(dir), 'postmaster.lock');
  const holders = held.get(lockPath);
  if (holders !== undefined) {
    held.set(lockPath, holders + 1);
    return releaser(lockPath);
  }
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      held.set(lockPath, 1);
      return releaser(lockPath);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number.parseInt(readFileSync(lockPath, 'utf8'), 10);
      if (Number.isInteger(pid) && pid !== process.pid && isAlive(pid)) throw new DataDirLockedError(dir, pid);
      rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock ${dir}`);
}
