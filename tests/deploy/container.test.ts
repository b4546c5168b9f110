import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCK_FILE } from '#server/db/data-dir-lock.ts';
import { CAPTCHA_FIELD, solvedCaptcha } from '../e2e/support/captcha.ts';
import { freePort } from '../e2e/support/server.ts';
import { jpeg } from '../fixtures/images.ts';
import { filePart, multipartBody } from '../setup/multipart.ts';
import {
  BASE_IMAGE,
  BaseImageUnavailable,
  certificateBundle,
  ensureBaseImage,
  missingTools,
  npmRegistry,
  type Podman,
  podman,
  writeContainersConf,
} from './support/podman.ts';

/**
 * The image the Dockerfile builds, run as operators run it (docs/deploy.md): built from the sources, started
 * on an empty volume, given an application with a photo through the public API, stopped with SIGTERM, and
 * started again on the same volume, where the creator and the photo still are.
 */

const ADMIN = { username: 'owner', password: 'container-password-123' };
const RECRUITER = 'Harbor Scout';
const run = randomBytes(4).toString('hex');
const IMAGE = `localhost/rollick-test:${run}`;
const VOLUME = `rollick-test-${run}`;

const confDir = await mkdtemp(path.join(tmpdir(), 'rollick-podman-'));
const containersConf = await writeContainersConf(confDir);
const unavailable = missingTools(containersConf);
if (unavailable) {
  console.warn(`container test skipped: ${unavailable}`);
  await rm(confDir, { recursive: true, force: true });
}

describe.skipIf(unavailable)('the container image', () => {
  const tool: Podman = podman(containersConf);
  const containers: string[] = [];
  /** Set when podman is installed but cannot run a container here; every test then skips with it. */
  let cannotRun: string | undefined;
  let baseUrl = '';
  let session: { cookie: string; origin: string };
  let creatorId = '';
  let photo: Buffer;
  /** Applications answered 201 while the container was told to stop. */
  let acknowledged: string[] = [];

  const log = (line: string) => console.log(`container test: ${line}`);

  /** Starts the image on the test's volume on a free port; resolves once `/readyz` answers 200. */
  async function startContainer(): Promise<{ name: string; readyMs: number }> {
    const port = await freePort();
    const name = `rollick-test-${run}-${containers.length}`;
    containers.push(name);
    const startedAt = Date.now();
    await tool.run([
      'run',
      '--detach',
      '--name',
      name,
      '--publish',
      `127.0.0.1:${port}:3000`,
      '--volume',
      `${VOLUME}:/data`,
      '--env',
      `ADMIN_USERNAME=${ADMIN.username}`,
      '--env',
      `ADMIN_PASSWORD=${ADMIN.password}`,
      IMAGE,
    ]);
    baseUrl = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 180_000;
    while (Date.now() < deadline) {
      const state = await tool.run(['inspect', '--format', '{{.State.Running}}', name]);
      if (state !== 'true') throw new Error(`The container stopped:\n${await tool.run(['logs', name])}`);
      try {
        if ((await fetch(`${baseUrl}/readyz`)).ok) return { name, readyMs: Date.now() - startedAt };
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`The container was not ready in 180 s:\n${await tool.run(['logs', name])}`);
  }

  async function signIn(): Promise<void> {
    const origin = baseUrl;
    const res = await fetch(`${baseUrl}/api/admin/login`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    expect(res.status).toBe(200);
    const cookie = /rollick_session=[^;]+/.exec(res.headers.get('set-cookie') ?? '')?.[0];
    expect(cookie).toBeTruthy();
    session = { cookie: cookie ?? '', origin };
  }

  const admin = (urlPath: string, init: RequestInit = {}) =>
    fetch(`${baseUrl}${urlPath}`, { ...init, headers: { ...session, ...init.headers } });

  /** SIGTERM through tini, as `podman stop` and `docker stop` send it; resolves with the exit code. */
  async function stopContainer(name: string): Promise<number> {
    await tool.run(['kill', '--signal', 'SIGTERM', name]);
    await tool.run(['wait', name], { timeoutMs: 60_000 });
    return Number(await tool.run(['inspect', '--format', '{{.State.ExitCode}}', name]));
  }

  /** The volume's top level, listed by the image's own user in a container of its own. */
  const volumeEntries = async () =>
    (await tool.run(['run', '--rm', '--volume', `${VOLUME}:/data`, '--entrypoint', 'ls', IMAGE, '-A', '/data']))
      .split('\n')
      .filter(Boolean);

  beforeAll(async () => {
    try {
      await ensureBaseImage(tool, log);
    } catch (error) {
      if (!(error instanceof BaseImageUnavailable)) throw error;
      cannotRun = error.message;
      console.warn(`container test skipped: ${cannotRun}`);
      return;
    }
    const probe = await tool.attempt(['run', '--rm', BASE_IMAGE, 'node', '--version']);
    if (probe.code !== 0) {
      cannotRun = `podman cannot run a container here: ${probe.output.trim().split('\n').pop()}`;
      console.warn(`container test skipped: ${cannotRun}`);
    }
  }, 300_000);

  afterAll(async () => {
    for (const name of containers) await tool.attempt(['rm', '--force', '--time', '0', name]);
    await tool.attempt(['volume', 'rm', '--force', VOLUME]);
    await tool.attempt(['rmi', '--force', IMAGE]);
    await rm(confDir, { recursive: true, force: true });
  }, 120_000);

  it('builds from the sources', { timeout: 900_000 }, async (context) => {
    context.skip(Boolean(cannotRun), cannotRun);
    const ca = certificateBundle();
    const startedAt = Date.now();
    await tool.run(
      [
        'build',
        '--pull=never',
        // The Docker format keeps HEALTHCHECK, which the OCI format has no field for.
        '--format',
        'docker',
        '--network',
        'host',
        // Nothing but the final image is kept: the build stage holds every development package.
        '--layers=false',
        ...(ca ? ['--secret', `id=ca,src=${ca}`] : []),
        '--build-arg',
        `NPM_REGISTRY=${npmRegistry()}`,
        '--tag',
        IMAGE,
        '.',
      ],
      { timeoutMs: 900_000 },
    );
    const size = Number(await tool.run(['image', 'inspect', '--format', '{{.Size}}', IMAGE]));
    log(`image built in ${Math.round((Date.now() - startedAt) / 1000)} s, ${Math.round(size / 1e6)} MB`);
    const config = JSON.parse(await tool.run(['image', 'inspect', '--format', '{{json .Config}}', IMAGE]));
    expect(config.User).toBe('rollick');
    expect(config.Entrypoint).toEqual(['/usr/bin/tini', '--']);
  });

  it('starts on an empty volume and takes an application with a photo', { timeout: 240_000 }, async (context) => {
    context.skip(Boolean(cannotRun), cannotRun);
    const { name, readyMs } = await startContainer();
    log(`first start (empty volume, migrations) ready in ${(readyMs / 1000).toFixed(1)} s`);
    expect(await tool.run(['exec', name, 'node', '-p', 'process.getuid()'])).toBe('10001');
    // The image's HEALTHCHECK, run now rather than waiting for its interval.
    expect((await tool.attempt(['healthcheck', 'run', name])).code).toBe(0);

    await signIn();
    const recruiter = await admin('/api/admin/recruiters', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: RECRUITER, email: null }),
    });
    expect(recruiter.status).toBe(201);

    const form = await multipartBody({
      // The image runs with the production default, CAPTCHA on: the form carries its proof of work first.
      [CAPTCHA_FIELD]: await solvedCaptcha(baseUrl),
      name: 'Robin Vale',
      language: 'English',
      gender: 'Female',
      contactMethod: 'Email',
      contactInfo: 'robin@example.com',
      agencyGoals: 'Grow',
      recruiter: RECRUITER,
      consent: 'yes',
      confirmationPhoto: filePart(await jpeg({ width: 640, height: 480 })),
    });
    const sent = await fetch(`${baseUrl}/api/submissions`, {
      method: 'POST',
      headers: form.headers,
      body: new Uint8Array(form.payload),
    });
    expect(sent.status).toBe(201);
    creatorId = ((await sent.json()) as { creatorId: string }).creatorId;

    expect(await creatorsListed()).toContainEqual([creatorId, 'Robin Vale']);
    photo = await photoOf(creatorId);
  });

  /** The back office's list of every creator (streamed as one array), as [id, name] pairs. */
  async function creatorsListed(): Promise<[string, string][]> {
    const res = await admin('/api/admin/creators');
    expect(res.status).toBe(200);
    const creators = (await res.json()) as { creatorId: string; name: string }[];
    return creators.map((creator) => [creator.creatorId, creator.name]);
  }

  /** The creator's confirmation photo, through the admin file route the back office uses. */
  async function photoOf(id: string): Promise<Buffer> {
    const detail = (await (await admin(`/api/admin/creators/${id}`)).json()) as {
      creator: { confirmationPhotoUrl: string | null };
    };
    const res = await admin(detail.creator.confirmationPhotoUrl ?? '');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    return Buffer.from(await res.arrayBuffer());
  }

  /** One application with a 1600×1200 selfie; its status and Creator ID, or status 0 when the server had gone. */
  async function applyWhileStopping(index: number, captcha: string) {
    const names = ['Maren Holt', 'Ines Duarte'];
    const form = await multipartBody({
      [CAPTCHA_FIELD]: captcha,
      name: names[index % names.length] ?? 'Maren Holt',
      language: 'Portuguese',
      gender: 'Female',
      contactMethod: 'Telegram',
      contactInfo: `@creator_in_flight_${index}`,
      hasOnlyFans: 'yes',
      averageMonthlyRange: '$250–$500',
      agencyGoals: 'Steadier income and help with promotion while I travel',
      recruiter: RECRUITER,
      consent: 'yes',
      confirmationPhoto: filePart(await jpeg({ width: 1600, height: 1200 })),
    });
    try {
      const res = await fetch(`${baseUrl}/api/submissions`, {
        method: 'POST',
        headers: form.headers,
        body: new Uint8Array(form.payload),
      });
      const body = (await res.json().catch(() => ({}))) as { creatorId?: string };
      return { status: res.status, creatorId: body.creatorId };
    } catch {
      return { status: 0, creatorId: undefined };
    }
  }

  it('stops cleanly on SIGTERM with uploads in flight, and leaves the data directory unlocked', {
    timeout: 120_000,
  }, async (context) => {
    context.skip(Boolean(cannotRun), cannotRun);
    const name = containers.at(-1) ?? '';
    // Two at once: the per-client cap on uploads in flight (UPLOADS_PER_CLIENT), as one applicant's phone sees it.
    // Solved beforehand, so both are being received when the signal goes.
    const solved = await Promise.all([0, 1].map(() => solvedCaptcha(baseUrl)));
    const uploads = solved.map((captcha, index) => applyWhileStopping(index, captcha));
    // The signal goes while they are being received and re-encoded (podman takes a moment to deliver it).
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await stopContainer(name)).toBe(0);
    const results = await Promise.all(uploads);
    for (const { status } of results) expect([0, 201, 503]).toContain(status);
    acknowledged = results.flatMap(({ status, creatorId }) => (status === 201 && creatorId ? [creatorId] : []));
    log(`${acknowledged.length} of 2 uploads in flight at SIGTERM acknowledged`);
    const logs = await tool.run(['logs', name]);
    expect(logs).toContain('"signal":"SIGTERM"');
    expect(logs).toContain('shut down cleanly');
    const entries = await volumeEntries();
    expect(entries).toEqual(expect.arrayContaining(['db', 'uploads']));
    expect(entries).not.toContain(LOCK_FILE);
  });

  it('starts again on the same volume with the creator and the photo', { timeout: 240_000 }, async (context) => {
    context.skip(Boolean(cannotRun), cannotRun);
    const { name, readyMs } = await startContainer();
    log(`second start (same volume) ready in ${(readyMs / 1000).toFixed(1)} s`);
    await signIn();
    const listed = await creatorsListed();
    expect(listed).toContainEqual([creatorId, 'Robin Vale']);
    // Every application acknowledged while the container was being stopped is stored, with its photo.
    for (const id of acknowledged) {
      expect(listed.map(([listedId]) => listedId)).toContain(id);
      await photoOf(id);
    }
    const again = await photoOf(creatorId);
    expect(again.subarray(0, 2).toString('hex')).toBe('ffd8');
    expect(again.equals(photo)).toBe(true);
    expect(await stopContainer(name)).toBe(0);
  });
});
