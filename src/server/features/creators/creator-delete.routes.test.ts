import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activityLog, creatorStatusCounts, creators, stage2Submissions } from '#server/db/schema.ts';
import { insertCreator } from '#tests/factories.ts';
import { jpeg, png, webp } from '#tests/fixtures/images.ts';
import { setUpTestApp } from '#tests/setup/test-app.ts';

const t = setUpTestApp();
const { headers } = t;

const deleteCreator = (creatorId: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/admin/creators/${creatorId}`, headers });

async function submittedCount(): Promise<number> {
  const [row] = await t.database.db
    .select()
    .from(creatorStatusCounts)
    .where(eq(creatorStatusCounts.status, 'stage2_submitted'));
  return row?.count ?? 0;
}

describe('DELETE /api/admin/creators/:creatorId', () => {
  it('removes the creator, stage-2 data, activity log and every stored file', async () => {
    const photo = await t.store.put(await jpeg(), { extension: 'jpg' });
    const screenshot = await t.store.put(await png(), { extension: 'png' });
    const images = [
      await t.store.put(await webp(), { extension: 'webp' }),
      await t.store.put(await jpeg(), { extension: 'jpg' }),
    ];
    const creator = await insertCreator(t.database.db, { status: 'stage2_submitted', photoKey: photo.key });
    await t.database.db.insert(stage2Submissions).values({
      creatorId: creator.id,
      country: 'Spain',
      age: 30,
      englishLevel: 3,
      compensationType: 'negotiable',
      isVerifiedOnlyFans: 'yes',
      revenueScreenshotKey: screenshot.key,
      hasExistingContent: false,
      agencyPitch: 'Pitch',
      imageKeys: images.map((image) => image.key),
    });
    const bystander = await t.store.put(await jpeg(), { extension: 'jpg' });
    const countBefore = await submittedCount();

    const photoUrl = `/api/admin/files/${photo.key}`;
    expect((await t.app.inject({ method: 'GET', url: photoUrl, headers })).statusCode).toBe(200);

    const res = await deleteCreator(creator.creatorId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: `Creator ${creator.creatorId} deleted` });

    const db = t.database.db;
    expect(await db.select().from(creators).where(eq(creators.id, creator.id))).toHaveLength(0);
    expect(await db.select().from(stage2Submissions).where(eq(stage2Submissions.creatorId, creator.id))).toHaveLength(
      0,
    );
    expect(await db.select().from(activityLog).where(eq(activityLog.creatorId, creator.id))).toHaveLength(0);
    for (const key of [photo.key, screenshot.key, ...images.map((image) => image.key)]) {
      expect(await t.store.exists(key), key).toBe(false);
    }
    expect(await t.store.exists(bystander.key)).toBe(true);
    expect(await submittedCount()).toBe(countBefore - 1);

    const after = await t.app.inject({ method: 'GET', url: photoUrl, headers });
    expect(after.statusCode).toBe(404);
    expect(after.json().code).toBe('NOT_FOUND');
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/admin/creators/${creator.creatorId}`, headers })).statusCode,
    ).toBe(404);
  });

  it('succeeds when a file is already missing', async () => {
    const creator = await insertCreator(t.database.db, { photoKey: `${'9'.repeat(32)}.jpg` });
    const res = await deleteCreator(creator.creatorId);
    expect(res.statusCode).toBe(200);
  });

  it('deletes a creator without any files', async () => {
    const creator = await insertCreator(t.database.db);
    expect((await deleteCreator(creator.creatorId)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown creator and for a second delete', async () => {
    const creator = await insertCreator(t.database.db);
    expect((await deleteCreator(creator.creatorId)).statusCode).toBe(200);
    const again = await deleteCreator(creator.creatorId);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ message: 'Creator not found', code: 'NOT_FOUND' });
    expect((await deleteCreator('garbage')).statusCode).toBe(404);
  });

  it('lets only one of two simultaneous deletes succeed', async () => {
    const creator = await insertCreator(t.database.db);
    const results = await Promise.all([deleteCreator(creator.creatorId), deleteCreator(creator.creatorId)]);
    expect(results.map((res) => res.statusCode).sort()).toEqual([200, 404]);
  });
});
