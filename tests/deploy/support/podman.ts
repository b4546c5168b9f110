import { execFile, execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * Podman driven from the container test (tests/deploy/container.test.ts): a configuration that works on a plain
 * Linux machine, the `node:20-bookworm-slim` base made locally when no registry can be pulled from, and the
 * commands the test runs.
 */

/** The Dockerfile's base, by the name it uses, so the build never needs to pull. */
export const BASE_IMAGE = 'docker.io/library/node:20-bookworm-slim';

const execFileAsync = promisify(execFile);

function onPath(command: string): boolean {
  return (process.env.PATH ?? '')
    .split(path.delimiter)
    .concat(['/usr/sbin', '/sbin'])
    .some((dir) => dir && existsSync(path.join(dir, command)));
}

/**
 * Runs every container with runc and without ulimits of its own: where the test runs in a container itself,
 * the default runtime or raising a limit is refused ("error setting rlimit type 7: operation not permitted").
 */
export async function writeContainersConf(dir: string): Promise<string> {
  const file = path.join(dir, 'containers.conf');
  await writeFile(file, '[containers]\ndefault_ulimits = []\n\n[engine]\nruntime = "runc"\n');
  return file;
}

/** Why the test cannot run here, or undefined when podman, runc and debootstrap are there and podman answers. */
export function missingTools(containersConf: string): string | undefined {
  const missing = ['podman', 'runc', 'debootstrap'].filter((command) => !onPath(command));
  if (missing.length > 0) return `needs ${missing.join(', ')} (bash .ci/run installs them)`;
  try {
    execFileSync('podman', ['info', '--format', '{{.Store.GraphDriverName}}'], {
      env: { ...process.env, CONTAINERS_CONF: containersConf },
      stdio: 'pipe',
      timeout: 30_000,
    });
  } catch (error) {
    return `podman does not work here: ${String((error as { stderr?: Buffer }).stderr ?? error).trim()}`;
  }
  return undefined;
}

export interface Podman {
  /** Runs `podman <args>`; resolves with its standard output, rejects with its output when it fails. */
  run(args: string[], options?: { timeoutMs?: number }): Promise<string>;
  /** Like `run`, but resolves with the exit code and both outputs whatever the code. */
  attempt(args: string[], options?: { timeoutMs?: number }): Promise<{ code: number; output: string }>;
}

export function podman(containersConf: string): Podman {
  const env = { ...process.env, CONTAINERS_CONF: containersConf };
  const attempt: Podman['attempt'] = (args, options = {}) =>
    new Promise((resolve, reject) => {
      const child = spawn('podman', args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let output = '';
      child.stdout.on('data', (chunk) => {
        stdout += chunk;
        output += chunk;
      });
      child.stderr.on('data', (chunk) => (output += chunk));
      const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 120_000);
      child.once('error', reject);
      child.once('close', (code) => {
        clearTimeout(timer);
        resolve({ code: code ?? -1, output: code === 0 ? stdout : output });
      });
    });
  return {
    attempt,
    run: async (args, options) => {
      const { code, output } = await attempt(args, options);
      if (code !== 0) throw new Error(`podman ${args.join(' ')} exited with ${code}:\n${output.slice(-4000)}`);
      return output.trim();
    },
  };
}

/**
 * The Debian mirror this machine's apt uses (deb822 `URIs:` or a one-line `deb` entry), so debootstrap reaches
 * what apt reaches; Debian's own otherwise.
 */
export function debianMirror(): string {
  const files = ['/etc/apt/sources.list'];
  const listDir = '/etc/apt/sources.list.d';
  if (existsSync(listDir)) {
    for (const name of readdirSync(listDir)) {
      if (name.endsWith('.sources') || name.endsWith('.list')) files.push(path.join(listDir, name));
    }
  }
  for (const file of files) {
    if (!existsSync(file)) continue;
    const text = readFileSync(file, 'utf8');
    const candidates = [
      ...text.matchAll(/^URIs:\s*(\S+)/gm),
      ...text.matchAll(/^deb\s+(?:\[[^\]]*\]\s+)?(\S+)\s+\S+/gm),
    ].map((match) => match[1] ?? '');
    const mirror = candidates.find((uri) => /^https?:\/\//.test(uri) && !uri.includes('security'));
    if (mirror) return mirror;
  }
  return 'http://deb.debian.org/debian';
}

/** The base image is missing and cannot be made here: a reason to skip, not a failure. */
export class BaseImageUnavailable extends Error {}

/**
 * The base the Dockerfile names, made here when it is not in podman's store: Debian bookworm (minbase) with
 * this machine's own Node and npm in /usr/local, where the official image keeps them. Its root filesystem is
 * cached as a tarball per Node version, so only a machine's first run pays for debootstrap (about 45 s).
 */
export async function ensureBaseImage(tool: Podman, log: (line: string) => void): Promise<void> {
  if ((await tool.attempt(['image', 'exists', BASE_IMAGE])).code === 0) return;
  const cacheDir = path.resolve('node_modules/.cache/rollick');
  const tarball = path.join(cacheDir, `node-${process.version}-bookworm-slim.tar`);
  if (!existsSync(tarball)) {
    if (process.getuid?.() !== 0)
      throw new BaseImageUnavailable(`${BASE_IMAGE} is not in podman's store, and debootstrap needs root`);
    log(`making ${BASE_IMAGE} with debootstrap from ${debianMirror()}`);
    await mkdir(cacheDir, { recursive: true });
    const work = await mkdtemp(path.join(tmpdir(), 'rollick-base-'));
    const root = path.join(work, 'rootfs');
    try {
      await execFileAsync('debootstrap', ['--variant=minbase', 'bookworm', root, debianMirror()], {
        maxBuffer: 64 * 1024 * 1024,
      });
      // As in the official slim image: no package lists or downloaded packages.
      await execFileAsync('sh', ['-c', `rm -rf "${root}"/var/lib/apt/lists/* "${root}"/var/cache/apt/archives/*.deb`]);
      const node = realpathSync(process.execPath);
      const npm = path.resolve(path.dirname(node), '../lib/node_modules/npm');
      if (!existsSync(path.join(npm, 'bin/npm-cli.js'))) throw new Error(`npm not found next to ${node} (${npm})`);
      await mkdir(path.join(root, 'usr/local/bin'), { recursive: true });
      await mkdir(path.join(root, 'usr/local/lib/node_modules'), { recursive: true });
      await execFileAsync('cp', [node, path.join(root, 'usr/local/bin/node')]);
      await execFileAsync('cp', ['-a', npm, path.join(root, 'usr/local/lib/node_modules/npm')]);
      await execFileAsync('ln', ['-s', '../lib/node_modules/npm/bin/npm-cli.js', path.join(root, 'usr/local/bin/npm')]);
      await execFileAsync('ln', ['-s', '../lib/node_modules/npm/bin/npx-cli.js', path.join(root, 'usr/local/bin/npx')]);
      await execFileAsync('tar', ['-C', root, '-cf', `${tarball}.partial`, '.']);
      await rename(`${tarball}.partial`, tarball);
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }
  log(`importing ${BASE_IMAGE} from ${tarball}`);
  await tool.run(
    [
      'import',
      '--change',
      'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
      '--change',
      'CMD ["node"]',
      tarball,
      BASE_IMAGE,
    ],
    { timeoutMs: 300_000 },
  );
}

/** The certificate authorities npm should trust inside the build: this machine's, which may re-sign TLS. */
export function certificateBundle(): string | undefined {
  const candidates = [process.env.NODE_EXTRA_CA_CERTS, '/etc/ssl/certs/ca-certificates.crt'];
  return candidates.find((file): file is string => Boolean(file && existsSync(file)));
}

/** The registry this machine's npm uses, passed to the build so it installs from the same place. */
export function npmRegistry(): string {
  try {
    const registry = execFileSync('npm', ['config', 'get', 'registry'], { encoding: 'utf8' }).trim();
    return registry || 'https://registry.npmjs.org/';
  } catch {
    return 'https://registry.npmjs.org/';
  }
}
