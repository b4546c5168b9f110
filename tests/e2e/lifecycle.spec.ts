import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LOCK_FILE } from '#server/db/data-dir-lock.ts';
import { createRecruiter, jpegBlob, signInAdmin, submitApplication } from './support/seed.ts';
import { E2E_ADMIN, freshDataDir, type RunningServer, startServer } from './support/server.ts';

const ENTRY = path.resolve('dist/server/index.js');
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'rollick-lifecycle-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

async function signIn(baseUrl: string) {
  return fetch(`${baseUrl}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify(E2E_ADMIN),
  });
}

/** The processes whose parent is `pid` (Linux's /proc). */
function childrenOf(pid: number): number[] {
  const listed = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
  return listed ? listed.split(' ').map(Number) : [];
}

const isRunning = (pid: number) => existsSync(`/proc/${pid}`);

/** One application with a photo through the public call; its status and Creator ID, or the error that ended it. */
async function applyWithPhoto(server: RunningServer, index: number, photo: Blob) {
  const form = new FormData();
  const fields = {
    name: ['Valentina Moreau', 'Anaïs Lefèvre', 'Chloé Dubois', 'Léa Martin'][index % 4] ?? 'Léa Martin',
    language: 'French',
    gender: 'Female',
    contactMethod: 'Telegram',
    contactInfo: `@valentina_m${index}`,
    hasOnlyFans: 'yes',
    averageMonthlyRange: '$250–$500',
    agencyGoals: 'More reach and help with promotion across time zones',
    recruiter: 'Signal Recruiter',
    consent: 'yes',
  };
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('confirmationPhoto', photo, `selfie-${index}.jpg`);
  try {
    const response = await fetch(`${server.baseUrl}/api/submissions`, {
      method: 'POST',
      headers: { origin: server.baseUrl },
      body: form,
    });
    const body = (await response.json().catch(() => ({}))) as { creatorId?: string };
    return { status: response.status, creatorId: body.creatorId };
  } catch (error) {
    // Refused once the server stopped listening: not acknowledged, so nothing is owed to it.
    return { status: 0, creatorId: undefined, error };
  }
}

describe('the production server process', () => {
  // The first start is a first start ever: it creates and migrates the database, which on a machine busy with the
  // rest of the suite takes far longer than a restart.
  it('keeps its data across a restart on the same DATA_DIR and exits cleanly on SIGTERM', {
    timeout: 150_000,
  }, async () => {
    const first = await startServer({ dataDir, readyWithinMs: 90_000 });
    expect((await signIn(first.baseUrl)).status).toBe(200);
    expect(await first.stop()).toBe(0);
    expect(first.output()).not.toContain(E2E_ADMIN.password);

    // No bootstrap variables the second time: the admin must come from the stored database.
    const second = await startServer({ dataDir, env: { ADMIN_USERNAME: '', ADMIN_PASSWORD: '' } });
    try {
      expect((await signIn(second.baseUrl)).status).toBe(200);
      expect(second.output()).not.toMatch(/random password/i);
    } finally {
      expect(await second.stop()).toBe(0);
    }
  });

  it('refuses a second process on the same embedded database with a clear message', async () => {
    const running = await startServer({ dataDir });
    try {
      const second = spawnSync(process.execPath, [ENTRY], {
        env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(second.status).toBe(1);
      expect(second.stderr).toMatch(/in use by process \d+ on host /);
      expect((await fetch(`${running.baseUrl}/readyz`)).status).toBe(200);
    } finally {
      await running.stop();
    }
  });

  it('stops on bad configuration with one line per problem', () => {
    const result = spawnSync(process.execPath, [ENTRY], {
      env: { PATH: process.env.PATH ?? '', PORT: 'abc', BRAND_NAME: '', DATA_DIR: dataDir },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('PORT: must be a whole number (got "abc")');
    expect(result.stderr).toContain('BRAND_NAME: must not be empty');
  });

  it('prints a generated admin password once when no admin exists', async () => {
    const fresh = await startServer({ env: { ADMIN_USERNAME: '', ADMIN_PASSWORD: '', LOG_LEVEL: 'info' } });
    try {
      expect(fresh.output()).toMatch(/reset-password admin/);
    } finally {
      await fresh.stop();
    }
  });

  it('loses no committed data when killed outright, and the next start takes over', async () => {
    const crashDir = await freshDataDir();
    try {
      const first = await startServer({ dataDir: crashDir });
      await createRecruiter(await signInAdmin(first), 'Durable Recruiter');
      expect(await first.kill('SIGKILL')).toBeNull();

      const second = await startServer({ dataDir: crashDir, env: { ADMIN_USERNAME: '', ADMIN_PASSWORD: '' } });
      try {
        const list = await (await signInAdmin(second)).fetch('/api/admin/recruiters');
        expect(((await list.json()) as { name: string }[]).map((r) => r.name)).toEqual([
          'Durable Recruiter',
          'Rollick team',
        ]);
      } finally {
        await second.stop();
      }
    } finally {
      await rm(crashDir, { recursive: true, force: true });
    }
  });

  it('finishes a request already in flight when told to stop, then exits cleanly', async () => {
    const drainDir = await freshDataDir();
    try {
      // About the process, not bots: the form needs no proof of work here.
      const server = await startServer({ dataDir: drainDir, env: { CAPTCHA: 'off' } });
      await createRecruiter(await signInAdmin(server), 'Drain Recruiter');
      const form = new FormData();
      const fields = {
        name: 'In Flight',
        language: 'English',
        gender: 'Female',
        contactMethod: 'Email',
        contactInfo: 'in.flight@example.com',
        hasOnlyFans: 'no',
        age: '30',
        agencyGoals: 'Arrive despite the shutdown',
        recruiter: 'Drain Recruiter',
        consent: 'yes',
      };
      for (const [key, value] of Object.entries(fields)) form.append(key, value);
      const encoded = new Response(form);
      const body = Buffer.from(await encoded.arrayBuffer());
      const { port } = new URL(server.baseUrl);

      // Half the body, then SIGTERM, then the rest: the reply must still come, and be a success.
      let exited: Promise<number | null> = Promise.resolve(null);
      const reply = new Promise<{ status: number; text: string }>((resolve, reject) => {
        const request = http.request(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/api/submissions',
            headers: { 'content-type': encoded.headers.get('content-type') ?? '', 'content-length': body.length },
          },
          (response) => {
            let text = '';
            response.on('data', (chunk) => (text += chunk));
            response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
          },
        );
        request.on('error', reject);
        request.write(body.subarray(0, body.length / 2));
        // Long enough for a busy server to have read the request's head: the request is in flight when told to stop.
        setTimeout(() => {
          exited = server.kill('SIGTERM');
          setTimeout(() => request.end(body.subarray(body.length / 2)), 300);
        }, 1_000);
      });
      const { status, text } = await reply;
      expect(status, text).toBe(201);
      expect(await exited).toBe(0);

      const again = await startServer({ dataDir: drainDir, env: { ADMIN_USERNAME: '', ADMIN_PASSWORD: '' } });
      try {
        const creatorId = (JSON.parse(text) as { creatorId: string }).creatorId;
        const detail = await (await signInAdmin(again)).fetch(`/api/admin/creators/${creatorId}`);
        expect(detail.status).toBe(200);
      } finally {
        await again.stop();
      }
    } finally {
      await rm(drainDir, { recursive: true, force: true });
    }
  });

  it('stops as one process when `npm start` is told to stop, with uploads in flight, and keeps every acknowledged one', {
    timeout: 120_000,
  }, async () => {
    const signalDir = await freshDataDir();
    try {
      // Eight applicants behind one address, all uploading at once.
      const env = { UPLOADS_PER_CLIENT: '8', SUBMISSIONS_PER_IP_PER_HOUR: '20', CAPTCHA: 'off' };
      const server = await startServer({ dataDir: signalDir, env, launcher: 'npm', readyWithinMs: 60_000 });
      // npm runs the server itself, not a shell or a wrapper that a signal could leave behind.
      const [serverPid, ...others] = childrenOf(server.pid);
      expect(others).toEqual([]);
      expect(readFileSync(`/proc/${serverPid}/cmdline`, 'utf8')).toContain('dist/server/index.js');
      await createRecruiter(await signInAdmin(server), 'Signal Recruiter');

      const photo = await jpegBlob({ width: 1600, height: 1200, background: { r: 180, g: 120, b: 90 } });
      const uploads = Array.from({ length: 8 }, (_, index) => applyWithPhoto(server, index, photo));
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(await server.kill('SIGTERM')).toBe(0);
      const results = await Promise.all(uploads);

      expect(isRunning(serverPid ?? 0)).toBe(false);
      // What an operator reads: the server's own lines, no runtime warnings about the options it uses.
      expect(server.output()).not.toMatch(/Deprecat|Warning/);
      expect(existsSync(path.join(signalDir, LOCK_FILE))).toBe(false);
      // In flight when the signal came: answered. Arrived after it: told to come back (503), or refused.
      for (const { status } of results) expect([0, 201, 503]).toContain(status);
      const acknowledged = results.flatMap(({ status, creatorId }) => (status === 201 && creatorId ? [creatorId] : []));
      expect(acknowledged.length).toBeGreaterThan(0);

      const again = await startServer({ dataDir: signalDir, env: { ADMIN_USERNAME: '', ADMIN_PASSWORD: '' } });
      try {
        const admin = await signInAdmin(again);
        for (const creatorId of acknowledged) {
          const detail = await admin.fetch(`/api/admin/creators/${creatorId}`);
          expect(detail.status).toBe(200);
          const { creator } = (await detail.json()) as { creator: { confirmationPhotoUrl: string | null } };
          expect(creator.confirmationPhotoUrl).toMatch(/^\/api\/admin\/files\//);
          expect((await admin.fetch(creator.confirmationPhotoUrl ?? '')).status).toBe(200);
        }
      } finally {
        await again.stop();
      }
    } finally {
      await rm(signalDir, { recursive: true, force: true });
    }
  });

  it('removes the temporary and orphaned files a crash left, at the next start, and keeps the rest', async () => {
    const crashDir = await freshDataDir();
    try {
      const first = await startServer({ dataDir: crashDir });
      await createRecruiter(await signInAdmin(first), 'Tidy Recruiter');
      const photo = {
        file: await jpegBlob({ width: 64, height: 64, background: { r: 9, g: 99, b: 199 } }),
        name: 'me.jpg',
      };
      const creatorId = await submitApplication(
        first,
        {
          name: 'Kept Photo',
          language: 'English',
          gender: 'Female',
          contactMethod: 'Email',
          contactInfo: 'kept@example.com',
          agencyGoals: 'Keep my photo',
          recruiter: 'Tidy Recruiter',
        },
        photo,
      );
      expect(await first.kill('SIGKILL')).toBeNull();

      // What a crash can leave: a half-received upload, a half-written file and a file no row names.
      const uploads = path.join(crashDir, 'uploads');
      const [kept] = (await readdir(uploads)).filter((name) => name.endsWith('.jpg'));
      await mkdir(path.join(crashDir, 'tmp', 'uploads'), { recursive: true });
      await writeFile(path.join(crashDir, 'tmp', 'uploads', 'half.upload'), 'half an upload');
      await writeFile(path.join(uploads, '.tmp', 'half.part'), 'half a file');
      await writeFile(path.join(uploads, `${'ab'.repeat(16)}.jpg`), 'nobody names me');

      const second = await startServer({ dataDir: crashDir, env: { ADMIN_USERNAME: '', ADMIN_PASSWORD: '' } });
      try {
        expect(await readdir(path.join(crashDir, 'tmp', 'uploads'))).toEqual([]);
        await vi.waitFor(async () => expect((await readdir(uploads)).sort()).toEqual(['.tmp', kept].sort()), {
          timeout: 10_000,
        });
        // The sweep empties the unfinished writes in a step of its own: wait for it as for the orphan.
        await vi.waitFor(async () => expect(await readdir(path.join(uploads, '.tmp'))).toEqual([]), {
          timeout: 10_000,
        });
        const detail = await (await signInAdmin(second)).fetch(`/api/admin/creators/${creatorId}`);
        expect(detail.status).toBe(200);
      } finally {
        await second.stop();
      }
    } finally {
      await rm(crashDir, { recursive: true, force: true });
    }
  });
});
