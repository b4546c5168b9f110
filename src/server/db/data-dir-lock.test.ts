import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireLease, DataDirLockedError, LOCK_FILE, lockDataDir } from './data-dir-lock.ts';

/** Short enough for tests; the ratio is production's (a lease renewed every 5 s, stale after 20 s). */
const FAST = { refreshMs: 100, staleMs: 400 };

let dir: string;
let children: ChildProcess[] = [];

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'data-dir-lock-'));
});
afterEach(async () => {
  for (const child of children) child.kill('SIGKILL');
  children = [];
  await rm(dir, { recursive: true, force: true });
});

const lockFile = () => path.join(dir, LOCK_FILE);

/**
 * Another process holding the data directory, as a server in another container sharing the volume would:
 * resolves once it holds the lease.
 */
function holdInAnotherProcess(): Promise<ChildProcess> {
  const moduleUrl = new URL('./data-dir-lock.ts', import.meta.url).href;
  const script = `
    const { lockDataDir } = await import(process.env.LOCK_MODULE);
    await lockDataDir(process.env.LOCK_DIR, JSON.parse(process.env.LOCK_OPTIONS));
    process.stdout.write('locked\\n');
    setInterval(() => {}, 60_000);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    env: { ...process.env, LOCK_MODULE: moduleUrl, LOCK_DIR: dir, LOCK_OPTIONS: JSON.stringify(FAST) },
    cwd: path.dirname(fileURLToPath(moduleUrl)),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('locked')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`the holder exited with ${code}`)));
  });
}

/** A lease file as another holder wrote it, renewed as a live holder renews it, until `stop` is called. */
async function liveLeaseOf(pid: number): Promise<() => void> {
  const lease = { token: 'someone-else', host: hostname(), pid, since: new Date().toISOString() };
  await writeFile(lockFile(), JSON.stringify(lease));
  const timer = setInterval(() => {
    const now = new Date();
    void utimes(lockFile(), now, now);
  }, FAST.refreshMs);
  return () => clearInterval(timer);
}

describe('lockDataDir', () => {
  it('refuses the data directory to a second process while its holder lives, naming the holder', async () => {
    const holder = await holdInAnotherProcess();

    const attempt = lockDataDir(dir, FAST);

    await expect(attempt).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(attempt).rejects.toThrow(`is in use by process ${holder.pid} on host ${hostname()}`);
  });

  it('takes over at once the lease of a holder that crashed in this same pid namespace', async () => {
    const holder = await holdInAnotherProcess();
    holder.kill('SIGKILL');
    await new Promise((resolve) => holder.once('exit', resolve));
    expect(existsSync(lockFile())).toBe(true);
    const startedAt = Date.now();

    // Long before the lease could go stale: the holder's pid is gone from this very namespace.
    const release = await lockDataDir(dir, { refreshMs: FAST.refreshMs, staleMs: 60_000 });

    expect(Date.now() - startedAt).toBeLessThan(5_000);

    expect(JSON.parse(await readFile(lockFile(), 'utf8')).pid).toBe(process.pid);
    release();
    expect(existsSync(lockFile())).toBe(false);
  });

  it('trusts no process id: a live lease naming this very pid (another container) is still refused', async () => {
    const stop = await liveLeaseOf(process.pid);
    try {
      await expect(lockDataDir(dir, FAST)).rejects.toBeInstanceOf(DataDirLockedError);
    } finally {
      stop();
    }
  });

  it('waits for the lease of a holder in another container to go stale, whatever its pid says', async () => {
    const lease = { token: 'other', host: hostname(), pid: 2 ** 22 + 1, since: 'then', pidSpace: 'another/pid:[1]' };
    await writeFile(lockFile(), JSON.stringify(lease));
    const startedAt = Date.now();

    const release = await lockDataDir(dir, FAST);

    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(FAST.staleMs - 50);
    release();
  });

  it('takes over a lease file left empty by a holder that died while writing it, once it is stale', async () => {
    await writeFile(lockFile(), '');
    const longAgo = new Date(Date.now() - 60_000);
    await utimes(lockFile(), longAgo, longAgo);

    const release = await lockDataDir(dir, FAST);

    expect(JSON.parse(await readFile(lockFile(), 'utf8')).pid).toBe(process.pid);
    release();
  });

  it('tells the holder when another process has taken its lease', async () => {
    const lost: Error[] = [];
    const release = await lockDataDir(dir, { ...FAST, onLost: (error) => lost.push(error) });

    await writeFile(lockFile(), JSON.stringify({ token: 'intruder', host: 'elsewhere', pid: 1, since: 'now' }));
    await new Promise((resolve) => setTimeout(resolve, FAST.refreshMs * 3));

    expect(lost).toHaveLength(1);
    expect(lost[0]?.message).toBe(
      `Lost the lock on the data directory ${dir}: it is now held by process 1 on host elsewhere (since now)`,
    );
    release();
    expect(existsSync(lockFile())).toBe(true);
  });

  it('is shared within the process and removed with the last release', async () => {
    const first = await lockDataDir(dir, FAST);
    const second = await lockDataDir(dir, FAST);

    first();
    expect(existsSync(lockFile())).toBe(true);
    second();
    expect(existsSync(lockFile())).toBe(false);
  });

  it('renews its lease, so a holder that runs for longer than the stale age keeps it', async () => {
    const release = await lockDataDir(dir, FAST);
    await new Promise((resolve) => setTimeout(resolve, FAST.staleMs * 2));

    await expect(acquireLease(lockFile(), FAST)).rejects.toBeInstanceOf(DataDirLockedError);
    release();
  });
});
