import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { CAPTCHA_FIELD, solvedCaptcha } from '#tests/e2e/support/captcha.ts';
import { jpeg } from '#tests/fixtures/images.ts';
import { FIRST_PASSWORD_FILE } from './features/admins/first-password.ts';
import { CAPTCHA_KEY_FILE } from './lib/captcha-key.ts';
import { wideEntries } from './lib/owner-only.ts';
import { PROJECT_ROOT } from './lib/paths.ts';

/** The server as an operator starts it, from a shell whose umask lets everyone read what it makes. */
interface RunningServer {
  origin: string;
  lines: Array<{ level: number; msg: string }>;
  /** Resolves with the first log line whose message matches. */
  logged(pattern: RegExp): Promise<{ level: number; msg: string }>;
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();
afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
});

async function startServer(dataDir: string): Promise<RunningServer> {
  const child = spawn('sh', ['-c', 'umask 000 && exec node --import tsx src/server/index.ts'], {
    cwd: PROJECT_ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  const lines: RunningServer['lines'] = [];
  const waiting: Array<{ pattern: RegExp; resolve(line: { level: number; msg: string }): void }> = [];
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (text) => {
    const line = JSON.parse(text) as { level: number; msg: string };
    lines.push(line);
    for (const waiter of waiting.filter((w) => w.pattern.test(line.msg))) {
      waiting.splice(waiting.indexOf(waiter), 1);
      waiter.resolve(line);
    }
  });
  const exited = once(child, 'exit');
  const logged = (pattern: RegExp) =>
    new Promise<{ level: number; msg: string }>((resolve, reject) => {
      const seen = lines.find((line) => pattern.test(line.msg));
      if (seen) return resolve(seen);
      waiting.push({ pattern, resolve });
      exited.then(() => reject(new Error(`the server exited before logging ${pattern}: ${stderr}`)));
    });
  const listening = await logged(/^Server listening at /);
  await logged(/ready$/);
  return {
    origin: listening.msg.replace('Server listening at ', ''),
    lines,
    logged,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      running.delete(child);
    },
  };
}

async function post(server: RunningServer, url: string, body: object | FormData, cookie?: string) {
  const isForm = body instanceof FormData;
  return fetch(`${server.origin}${url}`, {
    method: 'POST',
    headers: {
      origin: server.origin,
      ...(cookie ? { cookie } : {}),
      ...(isForm ? {} : { 'content-type': 'application/json' }),
    },
    body: isForm ? body : JSON.stringify(body),
  });
}

/** As the page sends it: the proof of work first (the server runs with its default, CAPTCHA on). */
async function application(server: RunningServer, name: string, email: string, handle: string): Promise<FormData> {
  const form = new FormData();
  form.append(CAPTCHA_FIELD, await solvedCaptcha(server.origin));
  const fields = {
    name,
    language: 'English',
    gender: 'Female',
    contactMethod: 'Email',
    contactInfo: email,
    hasOnlyFans: 'no',
    age: '26',
    agencyGoals: 'Grow the page and hand off the admin work',
    instagram: handle,
    recruiter: 'Dana Scout',
    consent: 'yes',
  };
  for (const [field, value] of Object.entries(fields)) form.append(field, value);
  form.append(
    'confirmationPhoto',
    new Blob([await jpeg({ width: 160, height: 120 })], { type: 'image/jpeg' }),
    'me.jpg',
  );
  return form;
}

describe.skipIf(process.env.TEST_DB_DRIVER === 'postgres')('DATA_DIR at rest', () => {
  it('is owner-only after a start, applications and a restart under umask 000, and a wider entry is named at start-up', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'rollick-at-rest-'));
    try {
      const server = await startServer(dataDir);
      // No terminal: the first password went to its file, which the operator reads to sign in.
      const text = await readFile(path.join(dataDir, FIRST_PASSWORD_FILE), 'utf8');
      const username = /^Username: (.+)$/m.exec(text)?.[1] ?? '';
      const password = /^Password: (.+)$/m.exec(text)?.[1] ?? '';
      const login = await post(server, '/api/admin/login', { username, password });
      expect(login.status).toBe(200);
      const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      expect((await post(server, '/api/admin/recruiters', { name: 'Dana Scout' }, cookie)).status).toBe(201);
      for (const [name, email, handle] of [
        ['Marisol Etxeberria', 'marisol.etx@mailbox.example', '@marisol.etx'],
        ['Keiko Andersson', 'keiko.a@mailbox.example', '@keiko_andersson'],
      ] as const) {
        expect((await post(server, '/api/submissions', await application(server, name, email, handle))).status).toBe(
          201,
        );
      }
      const changed = await post(
        server,
        '/api/admin/account/password',
        { currentPassword: password, newPassword: 'Quiet harbour at dawn 7' },
        cookie,
      );
      expect(changed.status).toBe(200);
      expect(existsSync(path.join(dataDir, FIRST_PASSWORD_FILE))).toBe(false);
      await server.stop();

      // Left wider by hand between runs: the next start names them, and leaves them to the operator.
      const exports = path.join(dataDir, 'exports');
      await mkdir(exports);
      await chmod(exports, 0o755);
      await writeFile(path.join(exports, 'creators.csv'), 'name\n');
      await chmod(path.join(exports, 'creators.csv'), 0o644);
      const restarted = await startServer(dataDir);
      const warning = await restarted.logged(/under DATA_DIR can be read by other users/);
      expect(warning.level).toBe(40);
      expect(warning.msg).toContain(`${exports} (755)`);
      expect(warning.msg).toContain(`${path.join(exports, 'creators.csv')} (644)`);
      expect(warning.msg).toMatch(/^2 entries/);
      await restarted.stop();
      await rm(exports, { recursive: true });

      const wide = await wideEntries(dataDir, 20);
      expect(wide).toEqual({ paths: [], count: 0 });
      // What was checked is the real thing: the database's files and the uploaded photos.
      expect((await readdir(path.join(dataDir, 'db'), { recursive: true })).length).toBeGreaterThan(500);
      expect((await readdir(path.join(dataDir, 'uploads'))).filter((name) => name.endsWith('.jpg'))).toHaveLength(2);
      // And the key that signs the forms' proof-of-work challenges, made at the first start.
      expect(existsSync(path.join(dataDir, CAPTCHA_KEY_FILE))).toBe(true);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
