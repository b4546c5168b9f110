import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createScratchDatabase } from '#tests/setup/test-db.ts';
import { startTestS3, type TestS3 } from '#tests/setup/test-s3.ts';
import {
  type AdminSession,
  createRecruiter,
  jpegBlob,
  sendStage2Link,
  signInAdmin,
  submitApplication,
  submitStage2,
} from './support/seed.ts';
import { freshDataDir, type RunningServer, startServer } from './support/server.ts';

/**
 * Backups as an operator takes them (docs/operations.md): `npm run admin -- backup` while applications keep
 * arriving, then `restore` into another engine, and a server started on what was restored.
 */
const CLI = path.resolve('dist/server/admin-cli.js');
const postgresUrl = process.env.TEST_DATABASE_URL;

let work: string;
beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'rollick-backup-e2e-'));
});
afterAll(() => rm(work, { recursive: true, force: true }));

/** The admin CLI as a process of its own, as the operator runs it; answers its exit code and output. */
function admin(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      // The AWS SDK's notice about Node versions is its own, not the command's: the output is checked to be empty.
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (err += chunk));
    child.once('exit', (code) => resolve({ code, out, err }));
  });
}

const PEOPLE = ['Zoë Adeyemi', 'Ngozi Okafor', 'Илона Смирнова', 'Ana Lúcia Prado', 'Hana Novák', 'Sofía Ibarra'];

/** Applications arriving one after another, each with its own selfie, until stopped. */
function intake(server: RunningServer, recruiter: string) {
  const acknowledged: { creatorId: string; at: number }[] = [];
  let isStopped = false;
  const loops = [0, 1].map(async (lane) => {
    for (let i = 0; !isStopped; i++) {
      const n = lane * 10_000 + i;
      const name = `${PEOPLE[n % PEOPLE.length]} ${n}`;
      const photo = {
        file: await jpegBlob({ width: 320, height: 400, background: { r: n % 256, g: (n * 7) % 256, b: lane * 90 } }),
        name: 'selfie.jpg',
      };
      const creatorId = await submitApplication(
        server,
        {
          name,
          language: 'English',
          gender: 'Female',
          contactMethod: 'Email',
          contactInfo: `applicant.${n}@example.com`,
          agencyGoals: 'Grow my page with an agency that answers messages at night.',
          recruiter,
        },
        photo,
      );
      acknowledged.push({ creatorId, at: Date.now() });
    }
  });
  return {
    acknowledged,
    async count(atLeast: number) {
      while (acknowledged.length < atLeast) await new Promise((resolve) => setTimeout(resolve, 50));
    },
    async stop() {
      isStopped = true;
      await Promise.all(loops);
    },
  };
}

async function bytesAt(session: AdminSession, url: string): Promise<Buffer> {
  const file = await session.fetch(url);
  expect(file.status).toBe(200);
  return Buffer.from(await file.arrayBuffer());
}

/** A creator's stored files as the admin sees them: the selfie, then the revenue screenshot and stage-2 images. */
async function filesOf(session: AdminSession, creatorId: string): Promise<Buffer[]> {
  const detail = await session.fetch(`/api/admin/creators/${creatorId}`);
  expect(detail.status).toBe(200);
  const { creator, stage2Data } = (await detail.json()) as {
    creator: { confirmationPhotoUrl: string };
    stage2Data: { revenueScreenshotUrl: string | null; imageUrls: string[] } | null;
  };
  const urls = [creator.confirmationPhotoUrl, stage2Data?.revenueScreenshotUrl, ...(stage2Data?.imageUrls ?? [])];
  return Promise.all(urls.filter((url): url is string => Boolean(url)).map((url) => bytesAt(session, url)));
}

/**
 * Runs intake on `source`, backs it up midway with the CLI, restores into `target`, and checks on a server
 * started there that every creator acknowledged before the backup began is back with the same photo.
 */
async function backUpWhileApplying(source: { env: Record<string, string> }, target: { env: Record<string, string> }) {
  const env = { SUBMISSIONS_PER_IP_PER_HOUR: '100000', UPLOADS_PER_CLIENT: '8' };
  const dataDir = source.env.DATA_DIR ?? (await freshDataDir());
  const running = await startServer({ dataDir, env: { ...env, ...source.env }, readyWithinMs: 90_000 });
  const file = path.join(work, `backup-${Date.now()}.tar`);
  try {
    const session = await signInAdmin(running);
    await createRecruiter(session, 'Marta Kowalczyk');
    // One creator with everything: a selfie, and stage 2 with a revenue screenshot and two images.
    const complete = await submitApplication(
      running,
      {
        name: 'Lea Müller-Straße',
        language: 'German',
        gender: 'Female',
        contactMethod: 'Email',
        contactInfo: 'lea.mueller@example.com',
        agencyGoals: 'Mehr Abonnenten, weniger Admin-Arbeit.',
        recruiter: 'Marta Kowalczyk',
      },
      { file: await jpegBlob({ width: 480, height: 600, background: { r: 200, g: 150, b: 120 } }), name: 'selfie.jpg' },
    );
    const link = await sendStage2Link(session, complete);
    await submitStage2(link, [
      await jpegBlob({ width: 390, height: 844, background: { r: 20, g: 20, b: 20 } }),
      await jpegBlob({ width: 800, height: 1000, background: { r: 210, g: 90, b: 120 } }),
      await jpegBlob({ width: 640, height: 640, background: { r: 40, g: 120, b: 200 } }),
    ]);
    const applying = intake(running, 'Marta Kowalczyk');
    await applying.count(5);
    const startedAt = Date.now();
    const taken = await admin(['backup', file], { DATA_DIR: dataDir, ...source.env });
    await applying.count(applying.acknowledged.length + 2);
    await applying.stop();
    expect(taken.err).toBe('');
    expect(taken.code).toBe(0);
    expect(taken.out).toMatch(/^Backup written to .+: \d+ creators, \d+ files, [\d.]+ [KM]B, in [\d.]+ s\.\n$/);

    const verified = await admin(['verify', file], {});
    expect(verified.out).toMatch(/^Archive ok: \d+ creators, \d+ files, made /);

    const restored = await admin(['restore', file], target.env);
    expect(restored.err).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.out).toMatch(/^Restored \d+ creators, \d+ files and 1 admin into /);

    const before = applying.acknowledged.filter((entry) => entry.at <= startedAt);
    expect(before.length).toBeGreaterThanOrEqual(5);
    const copy = await startServer({
      dataDir: target.env.DATA_DIR ?? (await freshDataDir()),
      env: { ...target.env, ADMIN_USERNAME: '', ADMIN_PASSWORD: '' },
      readyWithinMs: 90_000,
    });
    try {
      const copySession = await signInAdmin(copy);
      for (const creatorId of [complete, ...before.map((entry) => entry.creatorId)]) {
        const [original, restoredFiles] = [await filesOf(session, creatorId), await filesOf(copySession, creatorId)];
        expect(restoredFiles.length).toBe(original.length);
        for (const [index, bytes] of original.entries()) expect(restoredFiles[index]?.equals(bytes)).toBe(true);
      }
      expect((await filesOf(copySession, complete)).length).toBe(4);
    } finally {
      await copy.stop();
    }
  } finally {
    await running.stop();
  }
}

describe('the server', () => {
  it('takes backups by itself into BACKUP_DIR, one period after start and every period after', async () => {
    const dir = path.join(work, 'scheduled');
    const running = await startServer({ env: { BACKUP_DIR: dir, BACKUP_EVERY_HOURS: '0.001', BACKUP_KEEP: '2' } });
    try {
      await vi.waitFor(
        async () => expect((await readdir(dir).catch(() => [])).filter((n) => n.endsWith('.tar'))).toHaveLength(2),
        {
          timeout: 30_000,
          interval: 500,
        },
      );
    } finally {
      await running.stop();
    }
    const [first] = (await readdir(dir)).filter((name) => name.endsWith('.tar'));
    expect((await admin(['verify', path.join(dir, first as string)], {})).out).toMatch(/^Archive ok: /);
  });
});

describe('a backup taken while applications arrive', () => {
  let s3: TestS3 | undefined;
  afterAll(() => s3?.close());

  it('moves an embedded install into PostgreSQL and a bucket, every creator and photo with it', {
    timeout: 240_000,
    skip: !postgresUrl,
  }, async () => {
    s3 = await startTestS3('rollick-restored');
    const database = await createScratchDatabase(postgresUrl as string);
    try {
      const source = await freshDataDir();
      await backUpWhileApplying({ env: { DATA_DIR: source } }, { env: { DATABASE_URL: database.url, ...s3.env } });
      // The running server took the snapshot (the command could not open its data directory), and left no socket behind.
      expect(await readdir(source)).not.toContain('control.sock');
    } finally {
      await database.drop();
    }
  });

  it('moves a PostgreSQL install into an empty data directory', { timeout: 240_000, skip: !postgresUrl }, async () => {
    const database = await createScratchDatabase(postgresUrl as string);
    try {
      const uploads = await mkdtemp(path.join(work, 'uploads-'));
      const target = await mkdtemp(path.join(work, 'restored-'));
      await backUpWhileApplying(
        { env: { DATABASE_URL: database.url, UPLOADS_DIR: uploads } },
        { env: { DATA_DIR: target } },
      );
    } finally {
      await database.drop();
    }
  });

  // Without PostgreSQL, the journey stays on the embedded engine (the moves above cover it where PostgreSQL runs).
  it('restores an embedded install into an empty data directory', {
    timeout: 240_000,
    skip: Boolean(postgresUrl),
  }, async () => {
    const target = await mkdtemp(path.join(work, 'restored-'));
    await backUpWhileApplying({ env: { DATA_DIR: await freshDataDir() } }, { env: { DATA_DIR: target } });
  });
});
