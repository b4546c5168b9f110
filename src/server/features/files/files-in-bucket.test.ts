import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3FileStore, S3_KEY_PREFIX, type S3FileStore } from '#server/lib/s3-file-store.ts';
import { insertCreator, insertRecruiter } from '#tests/factories.ts';
import { jpeg } from '#tests/fixtures/images.ts';
import { filePart } from '#tests/setup/multipart.ts';
import { setUpTestApp } from '#tests/setup/test-app.ts';
import { startTestS3, type TestS3 } from '#tests/setup/test-s3.ts';
import { RECRUITER_NAME, submit, validApplication } from '../submissions/submissions.test-support.ts';
import { ORPHAN_MIN_AGE_MS, sweepOrphanFiles } from './files.service.ts';

let s3: TestS3;
let store: S3FileStore;
let client: S3Client;

beforeAll(async () => {
  s3 = await startTestS3();
  store = createS3FileStore(s3.settings);
  client = new S3Client({ ...s3.settings, requestChecksumCalculation: 'WHEN_REQUIRED' });
});
afterAll(async () => {
  store.close();
  client.destroy();
  await s3.close();
});
// Its hooks run after the bucket's start and close before it.
const t = setUpTestApp({ lateOptions: () => ({ store }) });
const { headers } = t;
beforeAll(() => insertRecruiter(t.database.db, { name: RECRUITER_NAME }));

const inBucket = async (key: string) => {
  try {
    await client.send(new HeadObjectCommand({ Bucket: s3.settings.bucket, Key: S3_KEY_PREFIX + key }));
    return true;
  } catch {
    return false;
  }
};

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

describe('uploads kept in an S3-compatible bucket', () => {
  it('stores an applicant photo in the bucket, not on disk, and serves it to admins with the usual headers', async () => {
    const res = await submit(t, validApplication({ confirmationPhoto: filePart(await jpeg()) }));
    expect(res.statusCode).toBe(201);
    const detail = await t.app.inject({ method: 'GET', url: `/api/admin/creators/${res.json().creatorId}`, headers });
    const photoUrl: string = detail.json().creator.confirmationPhotoUrl;
    const key = photoUrl.slice(photoUrl.lastIndexOf('/') + 1);

    expect(await inBucket(key)).toBe(true);
    expect((await filesUnder(t.config.dataDir)).filter((file) => file.includes(key))).toEqual([]);
    const file = await t.app.inject({ method: 'GET', url: photoUrl, headers });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 2).toString('hex')).toBe('ffd8');
    expect(file.headers).toMatchObject({
      'content-type': 'image/jpeg',
      'content-length': String(file.rawPayload.length),
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'cache-control': 'private, no-store',
    });
    expect((await t.app.inject({ method: 'GET', url: photoUrl })).statusCode).toBe(401);
  });

  it('deletes the objects of a deleted creator', async () => {
    const photo = await store.put(await jpeg(), { extension: 'jpg' });
    const creator = await insertCreator(t.database.db, { photoKey: photo.key });

    const res = await t.app.inject({ method: 'DELETE', url: `/api/admin/creators/${creator.creatorId}`, headers });

    expect(res.statusCode).toBe(200);
    expect(await inBucket(photo.key)).toBe(false);
  });

  it('sweeps objects no row names once they are older than any request, listing the bucket by prefix', async () => {
    const named = await store.put(await jpeg(), { extension: 'jpg' });
    await insertCreator(t.database.db, { photoKey: named.key });
    const orphan = await store.put(await jpeg(), { extension: 'jpg' });

    // Just written: it may belong to a request about to commit its row.
    expect((await sweepOrphanFiles(t.database.db, store)).removed).toBe(0);
    expect(await inBucket(orphan.key)).toBe(true);

    // An hour and a minute later, by the objects' own LastModified.
    const later = new Date(Date.now() + ORPHAN_MIN_AGE_MS + 60_000);
    await sweepOrphanFiles(t.database.db, store, { now: later });

    expect(await inBucket(orphan.key)).toBe(false);
    expect(await inBucket(named.key)).toBe(true);
  });
});
