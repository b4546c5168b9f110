import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import serverRuntime from '../../../scripts/server-runtime.json' with { type: 'json' };
import { E2E_DATA_TEMPLATE } from '../../setup/e2e-data-template.ts';

export interface RunningServer {
  baseUrl: string;
  /** The server's process id (benchmarks read its memory from /proc). */
  pid: number;
  /** Sends a signal and waits for the process to exit; resolves with its exit code (null if signalled). */
  kill(signal: NodeJS.Signals): Promise<number | null>;
  dataDir: string;
  output: () => string;
  stop(): Promise<number | null>;
}

const ENTRY = path.resolve('dist/server/index.js');
/** What `npm start` runs the server with (package.json, from scripts/server-runtime.json), so tests and benchmarks see production's runtime. */
const PRODUCTION_RUNTIME = serverRuntime as { nodeFlags: string[]; env: Record<string, string> };
/**
 * Under Vitest, less one memory setting: `--wasm-tiering-budget=1` has V8 optimise, in the background, every
 * function of the embedded database's WebAssembly that runs, some seconds of processor per start, which two
 * dozen starts in the browser suite would pay for no test's sake. Benchmarks keep it, since they measure memory.
 */
const RUNTIME = process.env.VITEST
  ? {
      ...PRODUCTION_RUNTIME,
      nodeFlags: PRODUCTION_RUNTIME.nodeFlags.filter((flag) => !flag.startsWith('--wasm-tiering-budget')),
    }
  : PRODUCTION_RUNTIME;

export const E2E_ADMIN = { username: 'e2e-admin', password: 'e2e-password-123' };

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Waits for `/readyz`. A server that does not get there is killed before the error is thrown: left running, it
 * would hold its data directory's lock and fail the next test that starts on it.
 */
async function waitUntilReady(
  baseUrl: string,
  child: ChildProcess,
  output: () => string,
  withinMs: number,
): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}:\n${output()}`);
    try {
      const res = await fetch(`${baseUrl}/readyz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }
  throw new Error(`The server did not become ready in ${withinMs / 1000} s:\n${output()}`);
}

const execFileAsync = promisify(execFile);

/**
 * Copies a directory tree with the system's `cp`, which hands the work to the kernel: Node's own copy of the
 * database's thousand files took half a second of processor, two dozen times a run. Node's where there is none.
 */
async function copyTree(from: string, to: string): Promise<void> {
  try {
    await execFileAsync('cp', ['-R', from, to]);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    await cp(from, to, { recursive: true });
  }
}

/** A new data directory, holding a copy of the run's migrated database when there is one (tests/setup). */
export async function freshDataDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'rollick-e2e-'));
  const template = process.env[E2E_DATA_TEMPLATE];
  if (template) await copyTree(path.join(template, 'db'), path.join(dir, 'db'));
  return dir;
}

/** Starts the production build (`npm run build` output) as a real process on a free port. */
export async function startServer(
  options: {
    env?: Record<string, string>;
    dataDir?: string;
    port?: number;
    /** How long `/readyz` may take: a first start on an empty directory creates and migrates the database. */
    readyWithinMs?: number;
    /**
     * `npm`: started as an operator does, with `npm start`, so that `pid` and `kill` are npm's and the server is
     * its child; otherwise the server is this process's child, with production's flags.
     */
    launcher?: 'node' | 'npm';
  } = {},
): Promise<RunningServer> {
  if (!existsSync(ENTRY)) throw new Error('No production build: run `npm run build` before the browser tests.');
  const dataDir = options.dataDir ?? (await freshDataDir());
  const port = options.port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = '';
  const [command, args] =
    options.launcher === 'npm' ? ['npm', ['start']] : [process.execPath, [...RUNTIME.nodeFlags, ENTRY]];
  const child = spawn(command, args, {
    env: {
      ...(options.launcher === 'npm' ? {} : RUNTIME.env),
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ADMIN_USERNAME: E2E_ADMIN.username,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (log += chunk));
  child.stderr?.on('data', (chunk) => (log += chunk));
  const output = () => log;
  await waitUntilReady(baseUrl, child, output, options.readyWithinMs ?? 30_000);

  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    baseUrl,
    pid: child.pid ?? 0,
    dataDir,
    output,
    kill: (signal) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
      return child.exitCode;
    },
  };
}
