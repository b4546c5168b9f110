import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { creators } from '#server/db/schema.ts';
import { perceptualHash } from '#server/lib/perceptual-hash.ts';
import type { CreatorDetail, CreatorPage } from '#shared/replies/creators.ts';
import { insertRecruiter } from '#tests/factories.ts';
import { jpeg, resizedAndRecompressed, syntheticSelfie } from '#tests/fixtures/images.ts';
import { filePart, type MultipartValue } from '#tests/setup/multipart.ts';
import { setUpTestApp } from '#tests/setup/test-app.ts';
import { RECRUITER_NAME, resetSubmissions, submit, validApplication } from '../submissions/submissions.test-support.ts';
import { backfillPhotoHashes, hashStoredPhoto, startDuplicatesBackfill } from './creator-duplicates-backfill.ts';

const t = setUpTestApp();
const { headers } = t;
let applications = 0;

beforeAll(async () => {
  await insertRecruiter(t.database.db, { name: RECRUITER_NAME });
});
beforeEach(() => resetSubmissions(t));

/**
 * Applies as the form would, each from its own address so no limit gets in the way, and waits for the
 * selfie's hash, which is taken after the reply; answers the Creator ID.
 */
async function apply(fields: Record<string, MultipartValue>): Promise<string> {
  applications++;
  const res = await submit(t, validApplication(fields), { ip: `198.51.100.${applications % 250}` });
  expect(res.statusCode, res.body).toBe(201);
  await t.app.photoHashes.idle();
  return res.json().creatorId;
}

const photoHashOf = async (creatorId: string) =>
  (await t.database.db.select().from(creators).where(eq(creators.creatorId, creatorId)))[0]?.photoHash;

const detail = async (creatorId: string): Promise<CreatorDetail> => {
  const res = await t.app.inject({ method: 'GET', url: `/api/admin/creators/${creatorId}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

const pendingPage = async (): Promise<CreatorPage> =>
  (await t.app.inject({ method: 'GET', url: '/api/admin/creators/status/pending?page=first', headers })).json();

const flagOf = async (creatorId: string) =>
  (await t.database.db.select().from(creators).where(eq(creators.creatorId, creatorId)))[0]?.hasDuplicates;

describe('duplicate applicants by contact', () => {
  it('matches the same phone number written differently, across WhatsApp and SMS', async () => {
    const first = await apply({ name: 'Ana Lima', contactMethod: 'WhatsApp', contactInfo: '+44 7700 900123' });
    const second = await apply({ name: 'Ana L.', contactMethod: 'SMS/Phone', contactInfo: '+44(7700)900-123' });
    expect((await detail(second)).duplicates).toEqual([
      { creatorId: first, name: 'Ana Lima', status: 'pending', reasons: ['contact'] },
    ]);
    expect((await detail(first)).duplicates).toEqual([
      { creatorId: second, name: 'Ana L.', status: 'pending', reasons: ['contact'] },
    ]);
  });

  it('matches the same e-mail address in another letter case, and flags both in the lists', async () => {
    const first = await apply({ contactInfo: 'Jamie.Rivera@Example.com' });
    const other = await apply({ contactInfo: 'someone.else@example.com' });
    const second = await apply({ contactInfo: 'jamie.rivera@example.COM' });
    expect((await detail(second)).duplicates.map((d) => d.creatorId)).toEqual([first]);
    const flags = Object.fromEntries((await pendingPage()).items.map((c) => [c.creatorId, c.hasDuplicates]));
    expect(flags).toEqual({ [first]: true, [second]: true, [other]: false });

    const streamed = await t.app.inject({ method: 'GET', url: '/api/admin/creators', headers });
    expect(streamed.json().find((c: { creatorId: string }) => c.creatorId === first).hasDuplicates).toBe(true);
    const summary = await t.app.inject({ method: 'GET', url: '/api/admin/creators/summary', headers });
    expect(summary.json().recent.find((c: { creatorId: string }) => c.creatorId === other).hasDuplicates).toBe(false);
  });

  it('does not match different people', async () => {
    const first = await apply({ contactMethod: 'Telegram', contactInfo: '@jamie_r' });
    await apply({ contactMethod: 'Telegram', contactInfo: '@jamie_rr' });
    await apply({ contactMethod: 'WhatsApp', contactInfo: '+1 555 0100 200' });
    expect((await detail(first)).duplicates).toEqual([]);
    expect((await pendingPage()).items.every((c) => !c.hasDuplicates)).toBe(true);
  });
});

describe('duplicate applicants by photo', () => {
  it('hashes the selfie after the reply, and leaves an application without one unhashed', async () => {
    const res = await submit(t, validApplication({ confirmationPhoto: filePart(await syntheticSelfie(5)) }));
    expect(res.statusCode).toBe(201);
    await t.app.photoHashes.idle();
    expect(typeof (await photoHashOf(res.json().creatorId))).toBe('bigint');
    expect(await photoHashOf(await apply({ contactInfo: 'nophoto@example.com' }))).toBeNull();
  });

  it('matches the same selfie resized and recompressed, and not another photo', async () => {
    const selfie = await syntheticSelfie(11);
    const first = await apply({ contactInfo: 'one@example.com', confirmationPhoto: filePart(selfie) });
    const again = await apply({
      contactInfo: 'two@example.com',
      confirmationPhoto: filePart(await resizedAndRecompressed(selfie)),
    });
    const stranger = await apply({
      contactInfo: 'three@example.com',
      confirmationPhoto: filePart(await syntheticSelfie(12)),
    });
    expect((await detail(again)).duplicates).toEqual([
      expect.objectContaining({ creatorId: first, reasons: ['photo'] }),
    ]);
    expect((await detail(stranger)).duplicates).toEqual([]);
    expect(await flagOf(stranger)).toBe(false);
  });

  it('gives both reasons when contact and photo match', async () => {
    const selfie = await syntheticSelfie(21);
    const first = await apply({ contactInfo: 'both@example.com', confirmationPhoto: filePart(selfie) });
    const second = await apply({ contactInfo: 'BOTH@example.com', confirmationPhoto: filePart(selfie, 'same.jpg') });
    expect((await detail(second)).duplicates).toEqual([
      expect.objectContaining({ creatorId: first, reasons: ['contact', 'photo'] }),
    ]);
  });
});

describe('hashing while applications wait for the image work (docs/decisions/052)', () => {
  it('steps aside, and catches up once the queue is quiet, flagging the duplicate then', async () => {
    const selfie = await syntheticSelfie(53);
    const first = await apply({ contactInfo: 'storm1@example.com', confirmationPhoto: filePart(selfie) });
    const second = await apply({
      contactInfo: 'storm2@example.com',
      confirmationPhoto: filePart(await resizedAndRecompressed(selfie, 720)),
    });
    await t.database.db.update(creators).set({ photoHash: null, hasDuplicates: false });
    const [row] = await t.database.db.select().from(creators).where(eq(creators.creatorId, second));

    // Every image job busy and one more waiting: an upload storm in miniature.
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const held = t.app.images.runAll(Array.from({ length: t.config.imageJobs + 1 }, () => () => gate));
    t.app.photoHashes.schedule({
      id: row?.id ?? '',
      contactKey: row?.contactKey ?? null,
      photoKey: row?.photoKey ?? '',
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await photoHashOf(second)).toBeNull();

    release();
    await Promise.all(held);
    await t.app.photoHashes.idle();
    expect(await photoHashOf(second)).not.toBeNull();
    // The catch-up hashes every photo left unhashed, not only the one scheduled.
    expect(await photoHashOf(first)).not.toBeNull();
    expect([await flagOf(first), await flagOf(second)]).toEqual([true, true]);
  });
});

describe('deleting one of a pair', () => {
  it('takes the badge off the creator it alone matched', async () => {
    const first = await apply({ contactInfo: 'pair@example.com' });
    const second = await apply({ contactInfo: 'Pair@example.com' });
    const third = await apply({ contactInfo: 'PAIR@example.com' });
    const deleteCreator = (creatorId: string) =>
      t.app.inject({ method: 'DELETE', url: `/api/admin/creators/${creatorId}`, headers });
    expect((await deleteCreator(third)).statusCode).toBe(200);
    expect([await flagOf(first), await flagOf(second)]).toEqual([true, true]);
    expect((await deleteCreator(second)).statusCode).toBe(200);
    expect(await flagOf(first)).toBe(false);
  });
});

describe('backfillPhotoHashes (npm run admin -- backfill-duplicates)', () => {
  it('hashes photos stored before hashing, flags their matches, and counts unreadable ones', async () => {
    const selfie = await syntheticSelfie(31);
    const first = await apply({ contactInfo: 'old1@example.com', confirmationPhoto: filePart(selfie) });
    const second = await apply({
      contactInfo: 'old2@example.com',
      confirmationPhoto: filePart(await resizedAndRecompressed(selfie, 640)),
    });
    const plain = await apply({ contactInfo: 'old3@example.com', confirmationPhoto: filePart(await jpeg()) });
    const missing = await apply({ contactInfo: 'old4@example.com', confirmationPhoto: filePart(await jpeg()) });
    // As they were before hashing existed, with one file lost from the store.
    await t.database.db.update(creators).set({ photoHash: null, hasDuplicates: false });
    const [lost] = await t.database.db.select().from(creators).where(eq(creators.creatorId, missing));
    await t.store.delete(lost?.photoKey ?? '');

    expect(await backfillPhotoHashes(t.database.db, t.store, { batchSize: 2 })).toEqual({ hashed: 3, failed: 1 });
    expect([await flagOf(first), await flagOf(second), await flagOf(plain)]).toEqual([true, true, false]);
    expect((await detail(first)).duplicates).toEqual([expect.objectContaining({ creatorId: second })]);
    // A second run finds nothing new to hash.
    expect(await backfillPhotoHashes(t.database.db, t.store)).toEqual({ hashed: 0, failed: 1 });
  });

  it('lets the hasher read a photo on local disk from its path, and hands it the bytes from a store without one', async () => {
    const creatorId = await apply({ contactInfo: 'path@example.com', confirmationPhoto: filePart(await jpeg()) });
    const [row] = await t.database.db.select().from(creators).where(eq(creators.creatorId, creatorId));
    const given: Array<Buffer | string> = [];
    const recording = async (photo: Buffer | string) => {
      given.push(photo);
      return perceptualHash(photo);
    };
    const key = row?.photoKey ?? '';

    const fromDisk = await hashStoredPhoto(t.store, key, recording);
    const fromBytes = await hashStoredPhoto({ ...t.store, localPath: undefined }, key, recording);

    expect(given[0]).toBe(t.store.localPath?.(key));
    expect(Buffer.isBuffer(given[1])).toBe(true);
    expect(fromDisk).toBe(row?.photoHash);
    expect(fromBytes).toBe(row?.photoHash);
  });

  it('runs by itself after start-up when photos wait for their hash, with one summary line', async () => {
    const selfie = await syntheticSelfie(47);
    const first = await apply({ contactInfo: 'before1@example.com', confirmationPhoto: filePart(selfie) });
    const second = await apply({
      contactInfo: 'before2@example.com',
      confirmationPhoto: filePart(await resizedAndRecompressed(selfie, 800)),
    });
    // A database upgraded from before photos were hashed.
    await t.database.db.update(creators).set({ photoHash: null, hasDuplicates: false });
    const lines: { fields: object; message: string }[] = [];
    const log = {
      info: (fields: object, message: string) => lines.push({ fields, message }),
      error: (fields: object, message: string) => lines.push({ fields, message }),
    };
    const start = () => startDuplicatesBackfill({ database: t.database, store: t.store, log }).done;

    // Another instance is at it: this one leaves it alone.
    await t.database.exclusive('duplicatesBackfill', start);
    expect(await photoHashOf(first)).toBeNull();
    expect(lines).toEqual([{ fields: {}, message: 'duplicates backfill skipped: another instance is running it' }]);

    lines.length = 0;
    await start();
    // The catch-up hashes every photo left unhashed, not only the one scheduled.
    expect(await photoHashOf(first)).not.toBeNull();
    expect([await flagOf(first), await flagOf(second)]).toEqual([true, true]);
    expect(lines).toEqual([{ fields: { hashed: 2, failed: 0 }, message: 'duplicates backfill finished' }]);

    // The next start finds nothing waiting and says nothing.
    lines.length = 0;
    await start();
    expect(lines).toEqual([]);
  });
});
