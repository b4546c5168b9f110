import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../e2e/support/server.ts';

/** Debian's package puts it here; NGINX_PATH names another. */
export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

export const hasNginx = () => existsSync(NGINX);

/** The file operators install (docs/deploy.md), which this test runs unchanged but for its ${…} values. */
const TEMPLATE = path.resolve('deploy/nginx.conf');

export interface RunningProxy {
  baseUrl: string;
  /** Lines of the access log so far, in deploy/nginx.conf's `upstream` format. */
  accessLog(): Promise<string[]>;
  stop(): Promise<void>;
}

/** Fills in deploy/nginx.conf's placeholders, refusing to leave any unfilled. */
export function renderNginxConf(template: string, values: Record<string, string>): string {
  const rendered = template.replace(/\$\{([A-Z_]+)\}/g, (placeholder, name: string) => values[name] ?? placeholder);
  const left = rendered.match(/\$\{[A-Z_]+\}/g);
  if (left) throw new Error(`deploy/nginx.conf: no value for ${[...new Set(left)].join(', ')}`);
  return rendered;
}

async function waitForHealth(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}:\n${output()}`);
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`nginx did not answer /healthz in 15 s:\n${output()}`);
}

/**
 * nginx in the foreground as this process's child, with its own prefix, pid file, logs and temp paths in
 * a temp directory, on a free loopback port, balancing round robin over `upstreams` (host:port).
 */
export async function startNginx(options: { upstreams: string[]; port?: number }): Promise<RunningProxy> {
  const template = await readFile(TEMPLATE, 'utf8');
  const port = options.port ?? (await freePort());
  const runtimeDir = await mkdtemp(path.join(tmpdir(), 'rollick-nginx-'));
  const confPath = path.join(runtimeDir, 'nginx.conf');
  try {
    // Started as root, nginx's workers run as an unprivileged user that must reach their temp paths.
    await chmod(runtimeDir, 0o755);
    const conf = renderNginxConf(template, {
      LISTEN: `127.0.0.1:${port}`,
      UPSTREAM_SERVERS: options.upstreams.map((upstream) => `server ${upstream};`).join(' '),
      NGINX_RUNTIME_DIR: runtimeDir,
    });
    await writeFile(confPath, conf);
  } catch (error) {
    await rm(runtimeDir, { recursive: true, force: true });
    throw error;
  }

  let log = '';
  const child = spawn(
    NGINX,
    ['-p', runtimeDir, '-c', confPath, '-e', path.join(runtimeDir, 'error.log'), '-g', 'daemon off;'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout?.on('data', (chunk) => (log += chunk));
  child.stderr?.on('data', (chunk) => (log += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const output = () => `${log}${existsSync(path.join(runtimeDir, 'error.log')) ? '(see error.log)' : ''}`;
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(baseUrl, child, output);
  } catch (error) {
    child.kill('SIGKILL');
    await exited;
    const errors = await readFile(path.join(runtimeDir, 'error.log'), 'utf8').catch(() => '');
    await rm(runtimeDir, { recursive: true, force: true });
    throw new Error(`${(error as Error).message}\n${errors}`);
  }

  return {
    baseUrl,
    accessLog: async () =>
      (await readFile(path.join(runtimeDir, 'access.log'), 'utf8').catch(() => '')).split('\n').filter(Boolean),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      await rm(runtimeDir, { recursive: true, force: true });
    },
  };
}
