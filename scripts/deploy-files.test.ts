import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import serverRuntime from './server-runtime.json' with { type: 'json' };

/**
 * The files operators deploy with (Dockerfile, compose.yaml, deploy/rollick.service, .env.example) run the
 * server the way `npm start` does, with every setting the server reads; the container test
 * (tests/deploy/container.test.ts) runs the image itself.
 */

const runtime = serverRuntime as { nodeFlags: string[]; env: Record<string, string> };
const ENTRY = 'dist/server/index.js';
/** SHUTDOWN_TIMEOUT_MS's default (src/server/config.ts): a stop must wait longer than a drain may take. */
const SHUTDOWN_TIMEOUT_MS = 10_000;

const read = (file: string) => readFileSync(file, 'utf8');

interface Instruction {
  keyword: string;
  args: string;
}

/** The Dockerfile's instructions, continuation lines joined, comments dropped, grouped by stage. */
function dockerfileStages(text: string): Instruction[][] {
  const stages: Instruction[][] = [];
  const logical = text
    .split('\n')
    .filter((line) => !/^\s*#/.test(line))
    .join('\n')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  for (const line of logical) {
    const [keyword = '', ...rest] = line.split(/\s+/);
    const instruction = { keyword: keyword.toUpperCase(), args: rest.join(' ') };
    if (instruction.keyword === 'FROM') stages.push([]);
    stages.at(-1)?.push(instruction);
  }
  return stages;
}

/** The names of the variables config.ts's schema reads, from its source (the schema is not exported). */
function configVariables(): string[] {
  const source = read('src/server/config.ts');
  const schema = /const envSchema = z\.object\(\{\n([\s\S]*?)\n\}\);/.exec(source)?.[1] ?? '';
  return [...schema.matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((match) => match[1] ?? '');
}

/** The variables docs/configuration.md's table names in its first column. */
function documentedVariables(): string[] {
  const rows = read('docs/configuration.md')
    .split('\n')
    .filter((line) => line.startsWith('| `'));
  return rows.flatMap((row) => [...(row.split('|')[1] ?? '').matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1] ?? ''));
}

const expectedCommand = ['node', ...runtime.nodeFlags, ENTRY];

describe('the Dockerfile', () => {
  const stages = dockerfileStages(read('Dockerfile'));
  const runtimeStage = stages.at(-1) ?? [];
  const last = (keyword: string) => runtimeStage.filter((step) => step.keyword === keyword).at(-1)?.args ?? '';

  it('builds in one stage and runs from another, both on Node 20 bookworm slim', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    for (const stage of stages) expect(stage[0]?.args).toMatch(/^node:20-bookworm-slim\b/);
    const build = stages[0] ?? [];
    const runs = build.filter((step) => step.keyword === 'RUN').map((step) => step.args);
    expect(runs.some((args) => args.includes('npm install --no-audit --no-fund'))).toBe(true);
    expect(runs.some((args) => args.includes('npm run build'))).toBe(true);
    expect(runs.some((args) => args.includes('npm prune --omit=dev'))).toBe(true);
  });

  it('runs the documented command with the flags and environment of scripts/server-runtime.json', () => {
    expect(JSON.parse(last('CMD'))).toEqual(expectedCommand);
    const env = runtimeStage
      .filter((step) => step.keyword === 'ENV')
      .map((step) => step.args)
      .join(' ');
    for (const [name, value] of Object.entries(runtime.env)) expect(env).toContain(`${name}=${value}`);
    expect(env).toContain('NODE_ENV=production');
    expect(env).toContain('DATA_DIR=/data');
  });

  it('runs under tini as a user other than root, with readiness as its health check', () => {
    expect(JSON.parse(last('ENTRYPOINT'))).toEqual(['/usr/bin/tini', '--']);
    expect(last('USER')).toMatch(/^[a-z_][a-z0-9_-]*$|^[1-9]\d*$/);
    expect(last('USER')).not.toMatch(/^(root|0)(:|$)/);
    expect(last('HEALTHCHECK')).toContain('/readyz');
    expect(last('VOLUME')).toBe('/data');
  });

  it('copies what the server reads at run time (src/server/lib/paths.ts)', () => {
    const copied = runtimeStage.filter((step) => step.keyword === 'COPY').map((step) => step.args);
    for (const source of ['/app/package.json', '/app/drizzle', '/app/node_modules', '/app/dist']) {
      expect(copied.some((args) => args.startsWith('--from=build') && args.includes(`${source} `))).toBe(true);
    }
  });

  it('sets no secret', () => {
    const secretNames = /(PASSWORD|SECRET|TOKEN|_KEY\b|DATABASE_URL|REDIS_URL|SMTP_URL)/;
    const settings = stages.flat().filter((step) => step.keyword === 'ENV' || step.keyword === 'ARG');
    expect(settings.filter((step) => secretNames.test(step.args))).toEqual([]);
  });
});

describe('compose.yaml', () => {
  const compose = parse(read('compose.yaml')) as {
    services: Record<string, Record<string, unknown>>;
    volumes?: Record<string, unknown>;
  };
  const appServices = Object.entries(compose.services).filter(([, service]) => service.build === '.');

  it('is a mapping of services, one of them the product on the embedded database with no profile', () => {
    expect(compose).toBeTypeOf('object');
    expect(compose.services).toBeTypeOf('object');
    expect(compose.services.app?.profiles).toBeUndefined();
    expect(compose.services.app?.volumes).toEqual(['rollick-data:/data']);
    expect(Object.keys(compose.volumes ?? {})).toContain('rollick-data');
  });

  it("runs the image's own command, entry point and health check, and stops after a drain", () => {
    expect(appServices.map(([name]) => name).sort()).toEqual(['app', 'app-scaled']);
    for (const [, service] of appServices) {
      expect(service.command).toBeUndefined();
      expect(service.entrypoint).toBeUndefined();
      expect(service.healthcheck).toBeUndefined();
      const grace = /^(\d+)s$/.exec(String(service.stop_grace_period))?.[1];
      expect(Number(grace) * 1000).toBeGreaterThan(SHUTDOWN_TIMEOUT_MS);
    }
  });

  it('wires the scaled-out instance to PostgreSQL, the bucket and Redis of its profile', () => {
    const scaled = compose.services['app-scaled'] ?? {};
    const env = scaled.environment as Record<string, string>;
    expect(env.DATABASE_URL).toMatch(/^postgres:\/\/[^@]+@postgres:5432\//);
    expect(env.REDIS_URL).toBe('redis://redis:6379');
    expect(env.S3_ENDPOINT).toBe('http://minio:9000');
    expect(env.S3_BUCKET).toBeTruthy();
    const profile = (scaled.profiles as string[])[0];
    for (const name of Object.keys(scaled.depends_on as object)) {
      expect(compose.services[name]?.profiles).toEqual([profile]);
    }
  });
});

describe('deploy/rollick.service', () => {
  const unit = read('deploy/rollick.service');
  const values = (key: string) => [...unit.matchAll(new RegExp(`^${key}=(.*)$`, 'gm'))].map((match) => match[1] ?? '');

  it('starts the documented command with the runtime environment', () => {
    const [execStart = ''] = values('ExecStart');
    const [node, ...args] = execStart.split(/\s+/);
    expect(path.basename(node ?? '')).toBe('node');
    expect(args.slice(0, -1)).toEqual(runtime.nodeFlags);
    expect(args.at(-1)).toMatch(new RegExp(`^/.+/${ENTRY.replaceAll('/', '\\/')}$`));
    const environment = values('Environment').join(' ').split(/\s+/);
    for (const [name, value] of Object.entries(runtime.env)) expect(environment).toContain(`${name}=${value}`);
    expect(environment).toContain('NODE_ENV=production');
  });

  it('runs as its own user, stops with SIGTERM after a drain, and writes only its state directory', () => {
    expect(values('User')).toEqual(['rollick']);
    expect(values('KillSignal')).toEqual(['SIGTERM']);
    expect(Number(values('TimeoutStopSec')[0]) * 1000).toBeGreaterThan(SHUTDOWN_TIMEOUT_MS);
    expect(values('ProtectSystem')).toEqual(['strict']);
    expect(values('ReadWritePaths')).toEqual(['/var/lib/rollick']);
    expect(values('Environment').join(' ')).toContain('DATA_DIR=/var/lib/rollick');
    expect(values('UMask')).toEqual(['0077']);
  });

  // systemd-analyze checks every key and value, and reports on standard error; only the node binary's path is
  // this machine's. Lines about other units (the targets it names, as this machine has them) are not the file's.
  it.runIf(existsSync('/usr/bin/systemd-analyze'))('passes systemd-analyze verify', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'rollick-unit-'));
    try {
      const file = path.join(dir, 'rollick.service');
      writeFileSync(file, unit.replace(/^ExecStart=\S+/m, `ExecStart=${process.execPath}`));
      const result = spawnSync('systemd-analyze', ['verify', file], { cwd: dir, encoding: 'utf8' });
      const about = `${result.stdout}${result.stderr}`.split('\n').filter((line) => line.includes('rollick.service'));
      expect(about).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('.env.example', () => {
  const example = read('.env.example');
  const named = new Set([...example.matchAll(/^# ?([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]));

  it('names every variable the server reads and the configuration page lists', () => {
    const variables = new Set([...configVariables(), ...documentedVariables()]);
    expect(variables.size).toBeGreaterThan(40);
    expect([...variables].filter((name) => !named.has(name))).toEqual([]);
  });

  it('names nothing the server does not read, and sets nothing', () => {
    const known = new Set([...configVariables(), ...documentedVariables(), 'LOG_REQUESTS', 'METRICS_TOKEN']);
    expect([...named].filter((name) => name && !known.has(name))).toEqual([]);
    expect(example.split('\n').filter((line) => line.trim() && !line.startsWith('#'))).toEqual([]);
  });
});

describe('npm start', () => {
  it('runs the server directly with the flags and environment of scripts/server-runtime.json', () => {
    const start = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts.start ?? '';
    for (const [name, value] of Object.entries(runtime.env)) expect(start).toContain(`${name}=\${${name}:-${value}}`);
    expect(start).toContain(`exec ${expectedCommand.join(' ')}`);
  });
});
