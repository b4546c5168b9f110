import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  utimesSync,
  writeSync,
} from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export class DataDirLockedError extends Error {
  constructor(dir: string, owner: string) {
    super(
      `The data directory ${dir} is in use by ${owner}. ` +
        'Stop that process, or point DATA_DIR at another directory.',
    );
    this.name = 'DataDirLockedError';
  }
}

export interface LeaseOptions {
  /** How often the holder renews its lease. */
  refreshMs?: number;
  /** A lease not renewed for this long belongs to a holder that is gone. */
  staleMs?: number;
  /** Called once if the lease is found taken by another process; by default the error is thrown. */
  onLost?: (error: Error) => void;
}

/** What the lock file holds: a random token proves ownership; the rest tells a person who holds it. */
interface Lease {
  token: string;
  host: string;
  pid: number;
  since: string;
  /** Where `pid` names one process: this kernel's boot and pid namespace (Linux); absent elsewhere. */
  pidSpace?: string;
}

interface Observed {
  lease: Lease | null;
  mtimeMs: number;
}

export const LOCK_FILE = 'data-dir.lock';
const DEFAULT_REFRESH_MS = 5_000;
const DEFAULT_STALE_MS = 20_000;
/** How often a waiting opener looks at the lease again. */
const POLL_MS = 100;

const isCode = (error: unknown, code: string) => (error as NodeJS.ErrnoException).code === code;

/**
 * A pid means one process only within one pid namespace of one boot of a kernel; every container has a
 * namespace of its own, and containers on one host share the boot id. Undefined where Linux's /proc is not.
 */
function currentPidSpace(): string | undefined {
  try {
    return `${readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim()}/${readlinkSync('/proc/self/ns/pid')}`;
  } catch {
    return undefined;
  }
}

const PID_SPACE = currentPidSpace();

/**
 * Whether the lease's holder has surely exited: only when it ran in this very pid namespace and boot, where
 * a missing pid proves it. A live pid may be another process reusing it, so it proves nothing either way;
 * then the lease's age decides.
 */
function isHolderGone(lease: Lease | null): boolean {
  if (!lease || PID_SPACE === undefined || lease.pidSpace !== PID_SPACE) return false;
  try {
    process.kill(lease.pid, 0);
    return false;
  } catch (error) {
    return isCode(error, 'ESRCH');
  }
}

function readLease(lockPath: string): Observed | null {
  try {
    const text = readFileSync(lockPath, 'utf8');
    const { mtimeMs } = statSync(lockPath);
    let lease: Lease | null = null;
    try {
      lease = JSON.parse(text) as Lease;
    } catch {
      // Empty or cut short: its writer died between creating it and writing it; its age still tells.
    }
    return { lease, mtimeMs };
  } catch (error) {
    if (isCode(error, 'ENOENT')) return null;
    throw error;
  }
}

/** `wx` creates the file only if no other process has: the one atomic step every filesystem offers. */
function tryCreate(lockPath: string, lease: Lease): boolean {
  let fd: number;
  try {
    fd = openSync(lockPath, 'wx', 0o600);
  } catch (error) {
    if (isCode(error, 'EEXIST')) return false;
    throw error;
  }
  try {
    writeSync(fd, JSON.stringify(lease));
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  const now = new Date();
  utimesSync(lockPath, now, now);
  return true;
}

const sameLease = (a: Observed, b: Observed) => a.lease?.token === b.lease?.token && a.mtimeMs === b.mtimeMs;

/**
 * Removes a stale lease, one contender at a time: whoever creates the guard file re-reads the lease, and
 * removes it only if it is still the very lease that was judged stale. A contender that finds it renewed
 * or replaced leaves it alone. Afterwards every contender races on `wx` again, which only one can win.
 */
function tryTakeOver(lockPath: string, stale: Observed, staleMs: number): boolean {
  const guard = `${lockPath}.takeover`;
  let fd: number;
  try {
    fd = openSync(guard, 'wx', 0o600);
  } catch (error) {
    if (!isCode(error, 'EEXIST')) throw error;
    // Another opener is taking over right now, or died doing so long ago.
    const guardAge = Date.now() - (readLease(guard)?.mtimeMs ?? Date.now());
    if (guardAge > staleMs) rmSync(guard, { force: true });
    return false;
  }
  try {
    const current = readLease(lockPath);
    if (!current || !sameLease(current, stale)) return false;
    rmSync(lockPath, { force: true });
    return true;
  } finally {
    closeSync(fd);
    rmSync(guard, { force: true });
  }
}

const describeOwner = (lease: Lease | null) =>
  lease ? `process ${lease.pid} on host ${lease.host} (since ${lease.since})` : 'another process';

/**
 * A lease on `lockPath` that holds across processes, containers sharing a volume and hosts sharing a
 * filesystem. It does not rely on process ids, which repeat across containers and after a restart: the
 * holder renews the file's modification time every `refreshMs`, and a lease left unrenewed for `staleMs` is
 * taken over. An opener that sees the lease renewed is refused at once; one that finds it unrenewed waits
 * until it is stale, then takes it over, or at once when its holder ran in this same pid namespace and has
 * exited (a crash followed by a restart in place). The holder checks its token at every renewal and reports
 * through `onLost` if another process has taken the lease.
 */
export async function acquireLease(lockPath: string, options: LeaseOptions = {}): Promise<() => void> {
  const refreshMs = options.refreshMs ?? DEFAULT_REFRESH_MS;
  const staleMs = options.staleMs ?? DEFAULT_STALE_MS;
  const dir = path.dirname(lockPath);
  const lease: Lease = {
    token: randomBytes(16).toString('hex'),
    host: hostname(),
    pid: process.pid,
    since: new Date().toISOString(),
    pidSpace: PID_SPACE,
  };

  let firstSeen: Observed | null = null;
  while (!tryCreate(lockPath, lease)) {
    const current = readLease(lockPath);
    if (!current) continue;
    if (firstSeen && !sameLease(firstSeen, current)) throw new DataDirLockedError(dir, describeOwner(current.lease));
    firstSeen ??= current;
    const isAbandoned = Date.now() - current.mtimeMs > staleMs || isHolderGone(current.lease);
    if (!isAbandoned || !tryTakeOver(lockPath, current, staleMs)) await sleep(POLL_MS);
  }

  let lastRenewed = Date.now();
  let isReleased = false;
  const lost = (reason: string) => {
    clearInterval(timer);
    isReleased = true;
    const error = new Error(`Lost the lock on the data directory ${dir}: ${reason}`);
    if (options.onLost) options.onLost(error);
    else throw error;
  };
  const timer = setInterval(() => {
    try {
      const current = readLease(lockPath);
      if (current?.lease?.token !== lease.token) {
        lost(`it is now held by ${describeOwner(current?.lease ?? null)}`);
        return;
      }
      const now = new Date();
      utimesSync(lockPath, now, now);
      lastRenewed = now.getTime();
    } catch (error) {
      // A passing filesystem error is retried; one that outlasts the lease means others may take it.
      if (Date.now() - lastRenewed > staleMs - refreshMs) lost((error as Error).message);
    }
  }, refreshMs);
  timer.unref();

  return () => {
    if (isReleased) return;
    isReleased = true;
    clearInterval(timer);
    if (readLease(lockPath)?.lease?.token === lease.token) rmSync(lockPath, { force: true });
  };
}

/** Leases this process holds, by path, with how many holders within it share each. */
const held = new Map<string, { holders: number; lease: Promise<() => void> }>();

/**
 * The data directory belongs to one process: PGlite has no lock of its own, two processes writing one
 * database corrupt it, and start-up clears the directory's spooled uploads (decision 020). Within the
 * process the lease is shared: the server and its embedded database both hold it, and the file goes
 * with the last release.
 */
export async function lockDataDir(dir: string, options: LeaseOptions = {}): Promise<() => void> {
  // Owner-only whatever the umask: the directory holds the database, uploads and the first password. One
  // made by hand (a volume) is narrowed too where this user may; where not, the start-up warning names it.
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  try {
    chmodSync(dir, 0o700);
  } catch {}
  const lockPath = path.join(path.resolve(dir), LOCK_FILE);
  let entry = held.get(lockPath);
  if (entry) {
    entry.holders++;
  } else {
    entry = { holders: 1, lease: acquireLease(lockPath, options) };
    held.set(lockPath, entry);
  }
  const shared = entry;
  let release: () => void;
  try {
    release = await shared.lease;
  } catch (error) {
    if (held.get(lockPath) === shared) held.delete(lockPath);
    throw error;
  }
  let isReleased = false;
  return () => {
    if (isReleased) return;
    isReleased = true;
    shared.holders--;
    if (shared.holders > 0) return;
    held.delete(lockPath);
    release();
  };
}
