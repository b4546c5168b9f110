import { mkdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { stage2Submissions } from '#server/db/schema.ts';
import { insertCreator } from '#tests/factories.ts';
import { setUpTestApp } from '#tests/setup/test-app.ts';
import { ORPHAN_MIN_AGE_MS, sweepOrphanFiles } from './files.service.ts';

const t = setUpTestApp({ signedIn: false });

const uploads = () => path.join(t.config.dataDir, 'uploads');
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);

/** Stores a file and backdates it, as if uploaded `hours` ago. */
async function storedFile(hours: number, extension: 'jpg' | 'png' | 'webp' = 'jpg'): Promise<string> {
  const { key } = await t.store.put(Buffer.from(`file ${Math.random()}`), { extension });
  const when = hoursAgo(hours);
  await utimes(path.join(uploads(), key), when, when);
  return key;
}

describe('sweepOrphanFiles', () => {
  it('removes only old files that no row names, plus stale temporary writes', async () => {
    const photo = await storedFile(5);
    const screenshot = await storedFile(5, 'png');
    const image = await storedFile(5, 'webp');
    const orphan = await storedFile(5);
    const freshOrphan = await storedFile(0);
    const creator = await insertCreator(t.database.db, { status: 'stage2_submitted', photoKey: photo });
    await t.database.db.insert(stage2Submissions).values({
      creatorId: creator.id,
      country: 'France',
      age: 22,
      englishLevel: 2,
      compensationType: 'flatMonthly',
      monthlySalary: 3000,
      isVerifiedOnlyFans: 'yes',
      revenueScreenshotKey: screenshot,
      hasExistingContent: false,
      agencyPitch: 'Pitch',
      imageKeys: [image],
    });
    await mkdir(path.join(uploads(), '.tmp'), { recursive: true });
    const staleTemp = path.join(uploads(), '.tmp', 'abandoned.part');
    await writeFile(staleTemp, 'half a file');
    await utimes(staleTemp, hoursAgo(3), hoursAgo(3));

    const result = await sweepOrphanFiles(t.database.db, t.store);
    expect(result).toEqual({ removed: 1, tempRemoved: 1 });
    expect(await t.store.exists(orphan)).toBe(false);
    for (const key of [photo, screenshot, image, freshOrphan]) expect(await t.store.exists(key), key).toBe(true);

    expect(await sweepOrphanFiles(t.database.db, t.store)).toEqual({ removed: 0, tempRemoved: 0 });
  });

  it('spares files younger than the threshold, which in-flight uploads may still claim', async () => {
    const young = await storedFile(0.5);
    expect(ORPHAN_MIN_AGE_MS).toBe(3_600_000);
    await sweepOrphanFiles(t.database.db, t.store);
    expect(await t.store.exists(young)).toBe(true);
    const result = await sweepOrphanFiles(t.database.db, t.store, { olderThanMs: 10 * 60_000 });
    expect(result.removed).toBe(1);
    expect(await t.store.exists(young)).toBe(false);
  });

  it('works through more files than one batch', async () => {
    const keys = await Promise.all(Array.from({ length: 1005 }, () => storedFile(2)));
    const kept = keys[1002] ?? '';
    await insertCreator(t.database.db, { photoKey: kept });
    const result = await sweepOrphanFiles(t.database.db, t.store);
    expect(result.removed).toBe(1004);
    expect(await t.store.exists(kept)).toBe(true);
  });
});
