import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { STAGE2_TOO_MANY_IMAGES } from '#shared/schemas/stage2.ts';
import { jpeg, png } from '#tests/fixtures/images.ts';
import { filePart } from '#tests/setup/multipart.ts';
import { setUpTestApp } from '#tests/setup/test-app.ts';
import {
  creatorState,
  type LinkedCreator,
  linkedCreator,
  postForm,
  resetStage2,
  storedKeys,
  storedSubmission,
  validStage2,
} from './stage2.test-support.ts';

const t = setUpTestApp();
const { headers } = t;
beforeEach(() => resetStage2(t));

const images = async (n: number) => Promise.all(Array.from({ length: n }, async () => filePart(await jpeg())));

/** A first submission: flat monthly salary, verified with a screenshot, three images. */
async function firstSubmission(creator: LinkedCreator) {
  const form = validStage2({
    compensationType: 'flatMonthly',
    monthlySalary: '2500',
    isVerifiedOnlyFans: 'yes',
    onlyFansRevenue: '800',
    revenueScreenshotFile: filePart(await png(), 'shot.png', 'image/png'),
    imageFiles: await images(3),
  });
  expect((await postForm(t, creator, form)).statusCode).toBe(200);
  const row = await storedSubmission(t, creator.id);
  if (!row?.revenueScreenshotKey) throw new Error('first submission missing');
  return { row, screenshotKey: row.revenueScreenshotKey, imageKeys: row.imageKeys };
}

describe('POST /api/stage2/:creatorId: re-submission', () => {
  it('replaces every answer and deletes the files it no longer names', async () => {
    const creator = await linkedCreator(t, headers);
    const first = await firstSubmission(creator);
    const [keep, drop1, drop2] = first.imageKeys;

    const res = await postForm(
      t,
      creator,
      validStage2({
        country: 'Portugal',
        compensationType: 'negotiable',
        monthlySalary: '2500',
        isVerifiedOnlyFans: 'no',
        keepImageKeys: [keep ?? ''],
        imageFiles: await images(1),
      }),
    );
    expect(res.statusCode).toBe(200);

    const row = await storedSubmission(t, creator.id);
    expect(row).toMatchObject({
      id: first.row.id,
      country: 'Portugal',
      compensationType: 'negotiable',
      monthlySalary: null,
      isVerifiedOnlyFans: 'no',
      onlyFansRevenue: null,
      revenueScreenshotKey: null,
    });
    expect(row?.createdAt).toEqual(first.row.createdAt);
    expect(row?.updatedAt.getTime()).toBeGreaterThanOrEqual(first.row.updatedAt.getTime());
    expect(row?.imageKeys).toHaveLength(2);
    expect(row?.imageKeys[0]).toBe(keep);
    // Exactly the files the row names are left: the dropped images and the old screenshot are gone.
    expect(await storedKeys(t)).toEqual([...(row?.imageKeys ?? [])].sort());
    for (const gone of [drop1, drop2, first.screenshotKey]) expect(await t.store.exists(gone ?? '')).toBe(false);

    const { status, actions, log } = await creatorState(t, creator.id);
    expect(status).toBe('stage2_submitted');
    expect(actions.slice(-2)).toEqual(['Stage 2 submitted', 'Stage 2 re-submitted']);
    expect(log.at(-1)?.additionalInfo).toMatchObject({ from: 'stage2_submitted', to: 'stage2_submitted', images: 2 });
  });

  it('keeps the earlier screenshot when asked and no new one is sent; replaces it when one is', async () => {
    const creator = await linkedCreator(t, headers);
    const first = await firstSubmission(creator);
    const again = { isVerifiedOnlyFans: 'yes', keepImageKeys: first.imageKeys };

    const kept = validStage2({ ...again, keepRevenueScreenshotKey: first.screenshotKey });
    expect((await postForm(t, creator, kept)).statusCode).toBe(200);
    expect(await storedSubmission(t, creator.id)).toMatchObject({
      revenueScreenshotKey: first.screenshotKey,
      imageKeys: first.imageKeys,
    });

    const replaced = validStage2({
      ...again,
      keepRevenueScreenshotKey: first.screenshotKey,
      revenueScreenshotFile: filePart(await jpeg(), 'new.jpg'),
    });
    expect((await postForm(t, creator, replaced)).statusCode).toBe(200);
    const row = await storedSubmission(t, creator.id);
    expect(row?.revenueScreenshotKey).toMatch(/\.jpg$/);
    expect(await t.store.exists(first.screenshotKey)).toBe(false);
  });

  it('ignores keys that are not the creator’s own earlier files, and leaves those files alone', async () => {
    const owner = await linkedCreator(t, headers);
    const owners = await firstSubmission(owner);
    const other = await linkedCreator(t, headers);
    const form = validStage2({
      isVerifiedOnlyFans: 'yes',
      keepImageKeys: owners.imageKeys,
      keepRevenueScreenshotKey: owners.screenshotKey,
    });
    expect((await postForm(t, other, form)).statusCode).toBe(200);
    expect(await storedSubmission(t, other.id)).toMatchObject({ imageKeys: [], revenueScreenshotKey: null });
    for (const key of [...owners.imageKeys, owners.screenshotKey]) expect(await t.store.exists(key)).toBe(true);
  });

  it('counts kept images towards the six: 4 kept + 3 new is refused and changes nothing', async () => {
    const creator = await linkedCreator(t, headers);
    expect((await postForm(t, creator, validStage2({ imageFiles: await images(4) }))).statusCode).toBe(200);
    const before = await storedSubmission(t, creator.id);
    const res = await postForm(
      t,
      creator,
      validStage2({ country: 'Chile', keepImageKeys: before?.imageKeys ?? [], imageFiles: await images(3) }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: STAGE2_TOO_MANY_IMAGES,
      fields: { imageFiles: STAGE2_TOO_MANY_IMAGES },
    });
    expect(await storedSubmission(t, creator.id)).toEqual(before);
    expect(await storedKeys(t)).toEqual([...(before?.imageKeys ?? [])].sort());
  });

  it('leaves the earlier submission and no new file behind when the transaction fails', async () => {
    const creator = await linkedCreator(t, headers);
    const first = await firstSubmission(creator);
    const filesBefore = await storedKeys(t);
    // A database failure after the answers were written: the activity entry cannot be inserted.
    await t.database.db.execute(sql`
      create function fail_stage2_activity() returns trigger language plpgsql as $$
      begin raise exception 'simulated failure'; end $$`);
    await t.database.db.execute(sql`
      create trigger fail_stage2_activity before insert on activity_log
      for each row when (new.action = 'Stage 2 re-submitted') execute function fail_stage2_activity()`);
    try {
      const res = await postForm(
        t,
        creator,
        validStage2({
          country: 'Chile',
          isVerifiedOnlyFans: 'yes',
          revenueScreenshotFile: filePart(await jpeg()),
          imageFiles: await images(2),
        }),
      );
      expect(res.statusCode).toBe(500);
      expect(res.json()).toMatchObject({ message: expect.any(String), code: 'INTERNAL' });
      expect(res.body).not.toContain('simulated');
    } finally {
      await t.database.db.execute(sql`drop trigger fail_stage2_activity on activity_log`);
      await t.database.db.execute(sql`drop function fail_stage2_activity()`);
    }
    expect(await storedSubmission(t, creator.id)).toEqual(first.row);
    expect(await storedKeys(t)).toEqual(filesBefore);
    expect(await t.store.sweepTemp(0)).toBe(0);
    expect((await creatorState(t, creator.id)).actions.at(-1)).toBe('Stage 2 submitted');
  });
});
