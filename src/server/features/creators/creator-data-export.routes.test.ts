import { getTableColumns } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activityLog, creators, stage2Submissions } from '#server/db/schema.ts';
import { insertCreator } from '#tests/factories.ts';
import { insertCompleteCreator } from '#tests/fixtures/creators.ts';
import { jpeg, png, webp } from '#tests/fixtures/images.ts';
import { setUpTestApp, signIn } from '#tests/setup/test-app.ts';
import { unzip } from '#tests/setup/unzip.ts';
import { createAdmin } from '../admins/admins.service.ts';

const t = setUpTestApp();
const { headers } = t;

const exportOf = (creatorId: string, as = headers) =>
  t.app.inject({ method: 'GET', url: `/api/admin/creators/${creatorId}/export.zip`, headers: as });

/** Columns deliberately left out: credentials' hashes and the database's folded search copy. */
const NOT_EXPORTED = ['stage2TokenHash', 'pageTokenHash', 'searchText'];

describe('GET /api/admin/creators/:creatorId/export.zip', () => {
  it('holds every stored field, the stage-2 answers, the activity log and every file', async () => {
    const photo = await jpeg();
    const screenshot = await png();
    const images = [await webp(), await jpeg()];
    const photoKey = (await t.store.put(photo, { extension: 'jpg' })).key;
    const screenshotKey = (await t.store.put(screenshot, { extension: 'png' })).key;
    const imageKeys = [
      (await t.store.put(images[0] as Buffer, { extension: 'webp' })).key,
      (await t.store.put(images[1] as Buffer, { extension: 'jpg' })).key,
    ];
    const creator = await insertCreator(t.database.db, {
      status: 'stage2_submitted',
      name: 'Zoë Ñúñez',
      photoKey,
      instagram: '@zoe',
      age: 31,
      country: 'Spain',
      stage2TokenHash: 'a-secret-token-hash',
      pageTokenHash: 'another-secret-token-hash',
    });
    await t.database.db.insert(stage2Submissions).values({
      creatorId: creator.id,
      country: 'Spain',
      age: 31,
      englishLevel: 4,
      compensationType: 'revenueShare',
      revenueShare: 40,
      isVerifiedOnlyFans: 'yes',
      onlyFansRevenue: 1200,
      revenueScreenshotKey: screenshotKey,
      hasExistingContent: true,
      contentType: ['photos', 'videos'],
      agencyPitch: 'I post every day',
      imageKeys,
    });
    await t.database.db
      .insert(activityLog)
      .values({ creatorId: creator.id, action: 'Stage 2 submitted', performedBy: creator.creatorId });

    const res = await exportOf(creator.creatorId.toLowerCase());

    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${creator.creatorId}-data.zip"; filename*=UTF-8''${creator.creatorId}-data.zip`,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const entries = await unzip(res.rawPayload);
    const json = JSON.parse(entries.get('creator.json')?.toString('utf8') ?? 'null');

    const creatorFields = Object.keys(getTableColumns(creators)).filter((key) => !NOT_EXPORTED.includes(key));
    expect(Object.keys(json.creator).sort()).toEqual(creatorFields.sort());
    expect(json.creator).toMatchObject({
      creatorId: creator.creatorId,
      name: 'Zoë Ñúñez',
      contactInfo: creator.contactInfo,
      instagram: '@zoe',
      photoKey,
      createdAt: creator.createdAt.toISOString(),
    });
    expect(Object.keys(json.stage2).sort()).toEqual(Object.keys(getTableColumns(stage2Submissions)).sort());
    expect(json.stage2).toMatchObject({
      agencyPitch: 'I post every day',
      contentType: ['photos', 'videos'],
      revenueShare: 40,
    });
    expect(json.activityLog.map((entry: { action: string }) => entry.action)).toEqual([
      'Application submitted',
      'Stage 2 submitted',
    ]);
    expect(JSON.stringify(json)).not.toContain('a-secret-token-hash');
    expect(JSON.stringify(json)).not.toContain('another-secret-token-hash');

    expect(json.files).toEqual([
      { path: 'files/verification-photo.jpg', kind: 'verificationPhoto', key: photoKey },
      { path: 'files/revenue-screenshot.png', kind: 'revenueScreenshot', key: screenshotKey },
      { path: 'files/stage2-image-1.webp', kind: 'stage2Image', key: imageKeys[0] },
      { path: 'files/stage2-image-2.jpg', kind: 'stage2Image', key: imageKeys[1] },
    ]);
    expect(entries.get('files/verification-photo.jpg')).toEqual(photo);
    expect(entries.get('files/revenue-screenshot.png')).toEqual(screenshot);
    expect(entries.get('files/stage2-image-1.webp')).toEqual(images[0]);
    expect(entries.get('files/stage2-image-2.jpg')).toEqual(images[1]);
    expect([...entries.keys()]).toHaveLength(5);
  });

  it('exports a complete creator, the selfie hash as the decimal number stored', async () => {
    const { creator, files, note, admin } = await insertCompleteCreator(t);

    const res = await exportOf(creator.creatorId);

    expect(res.statusCode).toBe(200);
    const entries = await unzip(res.rawPayload);
    const json = JSON.parse(entries.get('creator.json')?.toString('utf8') ?? 'null');
    expect(json.creator).toMatchObject({
      creatorId: creator.creatorId,
      name: creator.name,
      status: 'stage2_submitted',
      contactInfo: creator.contactInfo,
      hasDuplicates: true,
      photoKey: files.selfie,
      photoHash: String(creator.photoHash),
    });
    expect(BigInt(json.creator.photoHash)).toBe(creator.photoHash);
    expect(json.stage2).toMatchObject({
      revenueScreenshotKey: files.revenueScreenshot,
      imageKeys: files.images,
      contentType: ['softcore', 'solo'],
    });
    expect(json.activityLog.map((entry: { action: string }) => entry.action)).toEqual([
      'Application submitted',
      'Stage 2 link generated',
      'Stage 2 submitted',
      'Note added',
    ]);
    expect(json.activityLog.at(-1)).toMatchObject({ performedBy: admin, additionalInfo: { text: note } });
    expect(json.files.map((file: { kind: string }) => file.kind)).toEqual([
      'verificationPhoto',
      'revenueScreenshot',
      'stage2Image',
      'stage2Image',
    ]);
    for (const file of json.files as { path: string; key: string }[]) {
      const stored = await t.store.get(file.key);
      const chunks: Buffer[] = [];
      for await (const chunk of stored?.stream ?? []) chunks.push(chunk as Buffer);
      expect(entries.get(file.path), file.path).toEqual(Buffer.concat(chunks));
    }
  });

  it('says which file is missing instead of failing', async () => {
    const photoKey = (await t.store.put(await jpeg(), { extension: 'jpg' })).key;
    const creator = await insertCreator(t.database.db, { photoKey });
    await t.store.delete(photoKey);

    const entries = await unzip((await exportOf(creator.creatorId)).rawPayload);

    const json = JSON.parse(entries.get('creator.json')?.toString('utf8') ?? 'null');
    expect(json.stage2).toBeNull();
    expect(json.files).toEqual([
      { path: 'files/verification-photo.jpg', kind: 'verificationPhoto', key: photoKey, isMissing: true },
    ]);
    expect([...entries.keys()]).toEqual(['creator.json']);
  });

  it('answers 404 for an unknown creator', async () => {
    const res = await exportOf('RC-22222222');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });

  it('is open to a reviewer, who sees the same data in the details dialog', async () => {
    const credentials = { username: 'ria-reviewer', password: 'a long test password' };
    await createAdmin(t.database.db, { ...credentials, role: 'reviewer' });
    const creator = await insertCreator(t.database.db);
    expect((await exportOf(creator.creatorId, await signIn(t, credentials))).statusCode).toBe(200);
  });
});
