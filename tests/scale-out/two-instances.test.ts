import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3_KEY_PREFIX } from '#server/lib/s3-file-store.ts';
import { CAPTCHA_FIELD, solvedCaptcha } from '../e2e/support/captcha.ts';
import { jpeg } from '../fixtures/images.ts';
import { filePart, type MultipartValue, multipartBody } from '../setup/multipart.ts';
import { type Cluster, E2E_ADMIN, startCluster } from './support/cluster.ts';
import { hasNginx } from './support/nginx.ts';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const SUBMISSIONS_PER_ADDRESS = 3;
const RECRUITER = 'Scale Scout';

/** Each store the issue names; counters in Redis when there is one, and in PostgreSQL in the other run. */
const setups = [
  { files: 's3', redisUrl, label: `an S3-compatible bucket, counters in ${redisUrl ? 'Redis' : 'PostgreSQL'}` },
  { files: 'shared-disk', redisUrl: undefined, label: 'one shared directory, counters in PostgreSQL' },
] as const;

/** A client address of its own for each use, so no run or test shares another's rate-limit window. */
const newClientAddress = () => `2001:db8:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}::7`;

async function filesNamed(dir: string, name: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.name === name).map((entry) => path.join(entry.parentPath, entry.name));
}

describe.runIf(databaseUrl && hasNginx()).each(setups)('two instances behind nginx, uploads in $label', (setup) => {
  let cluster: Cluster;
  let admin: { cookie: string; origin: string };

  /** Straight to one instance, bypassing nginx, when a test needs to say which one. */
  const direct = (instance: 0 | 1, urlPath: string, init: RequestInit = {}) =>
    fetch(`${cluster.instances[instance].baseUrl}${urlPath}`, init);
  const json = (body: unknown, headers: Record<string, string> = admin) => ({
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  /**
   * The form as a browser sends it; its proof of work solved for a challenge from the first instance, the one no
   * test stops, while the form itself may reach either.
   */
  const application = async (address: string, extra: Record<string, MultipartValue> = {}): Promise<RequestInit> => {
    const form = await multipartBody({
      [CAPTCHA_FIELD]: extra[CAPTCHA_FIELD] ?? (await solvedCaptcha(cluster.instances[0].baseUrl)),
      name: 'Robin Vale',
      language: 'English',
      gender: 'Female',
      contactMethod: 'Email',
      contactInfo: 'robin@example.com',
      agencyGoals: 'Grow',
      recruiter: RECRUITER,
      consent: 'yes',
      ...extra,
    });
    return {
      method: 'POST',
      headers: { ...form.headers, 'x-forwarded-for': address },
      body: new Uint8Array(form.payload),
    };
  };
  const otherThan = (upstream: string): 0 | 1 => (cluster.addresses[0] === upstream ? 1 : 0);
  const statusOf = async (creatorId: string, instance: 0 | 1 = 0) =>
    (await (await direct(instance, `/api/admin/creators/${creatorId}`, { headers: admin })).json()) as {
      creator: { status: string; confirmationPhotoUrl: string | null };
      activityLog: { action: string }[];
    };

  beforeAll(async () => {
    cluster = await startCluster({
      files: setup.files,
      databaseUrl: databaseUrl ?? '',
      redisUrl: setup.redisUrl,
      submissionsPerAddress: SUBMISSIONS_PER_ADDRESS,
    });
    const login = await cluster.viaProxy('/api/admin/login', {
      method: 'POST',
      ...json(E2E_ADMIN, { origin: cluster.publicUrl }),
    });
    expect(login.status).toBe(200);
    const session = /rollick_session=[^;]+/.exec(login.headers.get('set-cookie') ?? '')?.[0];
    admin = { cookie: session ?? '', origin: cluster.publicUrl };
    const recruiter = await cluster.viaProxy('/api/admin/recruiters', {
      method: 'POST',
      ...json({ name: RECRUITER, email: null }),
    });
    expect(recruiter.status).toBe(201);
  });
  afterAll(() => cluster?.stop());

  it('keeps a session made through one instance on the other', async () => {
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await cluster.viaProxy('/api/admin/auth-status', { headers: admin }));

    expect(new Set(answers.map((answer) => answer.upstream))).toEqual(new Set(cluster.addresses));
    for (const answer of answers) expect(JSON.parse(answer.body.toString()).isAuthenticated).toBe(true);
  });

  it('serves a photo uploaded through one instance from the other, kept in the shared store only', async () => {
    const sent = await cluster.viaProxy(
      '/api/submissions',
      await application(newClientAddress(), { confirmationPhoto: filePart(await jpeg({ width: 640, height: 480 })) }),
    );
    expect(sent.status).toBe(201);
    const other = otherThan(sent.upstream);
    const photoUrl = (await statusOf(JSON.parse(sent.body.toString()).creatorId, other)).creator.confirmationPhotoUrl;
    const key = photoUrl?.split('/').pop() ?? '';

    const photo = await direct(other, photoUrl ?? '', { headers: admin });
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/jpeg');
    expect(
      Buffer.from(await photo.arrayBuffer())
        .subarray(0, 2)
        .toString('hex'),
    ).toBe('ffd8');

    for (const instance of cluster.instances) expect(await filesNamed(instance.dataDir, key)).toEqual([]);
    if (cluster.s3) {
      const client = new S3Client({ ...cluster.s3.settings, requestChecksumCalculation: 'WHEN_REQUIRED' });
      const head = await client.send(
        new HeadObjectCommand({ Bucket: cluster.s3.settings.bucket, Key: S3_KEY_PREFIX + key }),
      );
      client.destroy();
      expect(head.ContentLength).toBeGreaterThan(0);
    } else {
      expect(existsSync(path.join(cluster.sharedUploadsDir ?? '', key))).toBe(true);
    }
  });

  it('opens on one instance a stage-2 link made on the other', async () => {
    const sent = await direct(0, '/api/submissions', await application(newClientAddress()));
    const { creatorId } = (await sent.json()) as { creatorId: string };

    const made = await direct(0, `/api/admin/creators/${creatorId}/send-stage2`, {
      method: 'POST',
      headers: admin,
    });
    expect(made.status).toBe(200);
    const { link } = (await made.json()) as { link: string };
    const opened = await direct(1, `/api/stage2/${link.slice('/stage2/'.length)}`);

    expect(opened.status).toBe(200);
    expect(((await opened.json()) as { creator: { name: string } }).creator.name).toBe('Robin Vale');
  });

  it("accepts one instance's proof of work on the other, once: the same solution is refused by either", async () => {
    const captcha = await solvedCaptcha(cluster.instances[0].baseUrl);
    const post = async (instance: 0 | 1) =>
      direct(instance, '/api/submissions', await application(newClientAddress(), { [CAPTCHA_FIELD]: captcha }));
    expect((await post(1)).status).toBe(201);
    expect((await post(0)).status).toBe(400);
    expect((await post(1)).status).toBe(400);
  });

  it('holds the per-address submission limit across both instances', async () => {
    const address = newClientAddress();
    const replies = [];
    for (let i = 0; i < SUBMISSIONS_PER_ADDRESS + 2; i++) {
      replies.push(await cluster.viaProxy('/api/submissions', await application(address)));
    }

    expect(replies.map((reply) => reply.status)).toEqual([201, 201, 201, 429, 429]);
    expect(new Set(replies.slice(0, SUBMISSIONS_PER_ADDRESS).map((reply) => reply.upstream))).toEqual(
      new Set(cluster.addresses),
    );
    expect(new Set(replies.slice(SUBMISSIONS_PER_ADDRESS).map((reply) => reply.upstream))).toEqual(
      new Set(cluster.addresses),
    );
  });

  it('lets exactly one of two simultaneous status changes on the two instances succeed', async () => {
    const sent = await direct(0, '/api/submissions', await application(newClientAddress()));
    const { creatorId } = (await sent.json()) as { creatorId: string };
    const url = `/api/admin/creators/${creatorId}`;
    const listed = await direct(0, `${url}/list-directly`, {
      method: 'PATCH',
      ...json({ rollickListingUrl: 'https://example.com/listing' }),
    });
    expect(listed.status).toBe(200);
    expect((await direct(1, `${url}/status`, { method: 'PATCH', ...json({ status: 'matched' }) })).status).toBe(200);

    const [finalize, cancel] = await Promise.all([
      direct(0, `${url}/status`, { method: 'PATCH', ...json({ status: 'finalized' }) }),
      direct(1, `${url}/status`, { method: 'PATCH', ...json({ status: 'cancelled' }) }),
    ]);

    expect([finalize.status, cancel.status].sort()).toEqual([200, 409]);
    const winner = finalize.status === 200 ? 'finalized' : 'cancelled';
    const detail = await statusOf(creatorId, 1);
    expect(detail.creator.status).toBe(winner);
    const endings = detail.activityLog.filter((entry) => /finali[sz]ed|cancelled/i.test(entry.action));
    expect(endings).toHaveLength(1);
  });

  it("shows on one instance's status page what the other changed, at once (decision 064)", async () => {
    const sent = await direct(1, '/api/submissions', await application(newClientAddress()));
    const { creatorId } = (await sent.json()) as { creatorId: string };
    const pendingPage = async () =>
      (await (await direct(0, '/api/admin/creators/status/pending?page=first', { headers: admin })).json()) as {
        items: { creatorId: string }[];
        total: number;
      };
    // Read twice, so the first instance holds the page in memory.
    const before = await pendingPage();
    expect((await pendingPage()).items).toEqual(before.items);
    expect(before.items.map((item) => item.creatorId)).toContain(creatorId);

    const moved = await direct(1, `/api/admin/creators/${creatorId}/list-directly`, {
      method: 'PATCH',
      ...json({ rollickListingUrl: 'https://example.com/listing' }),
    });
    expect(moved.status).toBe(200);
    const after = await pendingPage();
    expect(after.items.map((item) => item.creatorId)).not.toContain(creatorId);
    expect(after.total).toBe(before.total - 1);
  });

  it('loses no acknowledged submission when one instance stops in the middle of the traffic', async () => {
    const photo = filePart(await jpeg({ width: 800, height: 600 }));
    const acknowledged: string[] = [];
    let sent = 0;
    let stopping: Promise<number | null> | undefined;
    const client = async () => {
      while (sent < 30) {
        sent++;
        const res = await fetch(
          `${cluster.proxy.baseUrl}/api/submissions`,
          await application(newClientAddress(), { confirmationPhoto: photo }),
        ).catch(() => null);
        if (res?.status === 201) acknowledged.push(((await res.json()) as { creatorId: string }).creatorId);
        else await res?.arrayBuffer();
        // Once traffic flows to both, the second instance is told to stop, as a rolling deploy does.
        if (acknowledged.length >= 6) stopping ??= cluster.instances[1].kill('SIGTERM');
      }
    };

    await Promise.all([client(), client(), client(), client()]);

    expect(await stopping, cluster.instances[1].output()).toBe(0);
    expect(acknowledged.length).toBeGreaterThan(6);
    const log = (await cluster.proxy.accessLog()).filter((line) => line.includes('POST /api/submissions'));
    expect(log.some((line) => line.includes(`upstream=${cluster.addresses[1]}`))).toBe(true);
    for (const creatorId of acknowledged) {
      expect((await direct(0, `/api/admin/creators/${creatorId}`, { headers: admin })).status, creatorId).toBe(200);
    }
  });
});
