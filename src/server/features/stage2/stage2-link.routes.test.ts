import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { creators } from '#server/db/schema.ts';
import { jpeg } from '#tests/fixtures/images.ts';
import { filePart } from '#tests/setup/multipart.ts';
import { setUpTestApp } from '#tests/setup/test-app.ts';
import {
  getForm,
  type LinkedCreator,
  linkedCreator,
  postForm,
  resetStage2,
  sendStage2,
  validStage2,
} from './stage2.test-support.ts';
import { STAGE2_ATTEMPT_RULE, STAGE2_LINK_INVALID } from './stage2-link.service.ts';

const t = setUpTestApp();
const { headers } = t;
beforeEach(() => resetStage2(t));

const DEAD_LINK = { message: STAGE2_LINK_INVALID, code: 'NOT_FOUND' };

async function expectDead(creatorId: string, token?: string) {
  const res = await getForm(t, creatorId, token);
  expect(res.statusCode).toBe(404);
  expect(res.json()).toMatchObject(DEAD_LINK);
  expect(res.headers['referrer-policy']).toBe('no-referrer');
  expect(res.headers['cache-control']).toBe('no-store');
}

const setCreator = (creator: LinkedCreator, values: Partial<typeof creators.$inferInsert>) =>
  t.database.db.update(creators).set(values).where(eq(creators.id, creator.id));

describe('GET /api/stage2/:creatorId', () => {
  it('answers only the creator’s name, id, age and platform answer, and no earlier answers yet', async () => {
    const creator = await linkedCreator(t, headers, { name: 'Ana Lima', age: 27, hasOnlyFans: 'no' });
    const res = await getForm(t, creator.creatorId, creator.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      creator: { name: 'Ana Lima', creatorId: creator.creatorId, age: 27, hasOnlyFans: 'no' },
      existingData: null,
    });
    // Never contact details, recruiter, photo, status or anything about the link itself.
    for (const secret of ['@example.com', 'Walk-in', creator.token, 'stage2_sent', creator.id]) {
      expect(res.body).not.toContain(secret);
    }
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('prefills from the earlier submission, with references to its files the page can load', async () => {
    const creator = await linkedCreator(t, headers);
    const image = filePart(await jpeg(), 'a.jpg');
    const form = validStage2({
      isVerifiedOnlyFans: 'yes',
      onlyFansRevenue: '1200',
      revenueScreenshotFile: filePart(await jpeg(), 'shot.jpg'),
      hasExistingContent: 'yes',
      contentType: ['solo', 'softcore'],
      compensationType: 'revenueShare',
      revenueShare: '40',
      imageFiles: [image, image],
    });
    expect((await postForm(t, creator, form)).statusCode).toBe(200);

    const res = await getForm(t, creator.creatorId, creator.token);
    expect(res.statusCode).toBe(200);
    const { existingData } = res.json();
    expect(existingData).toMatchObject({
      country: 'Brazil',
      age: 24,
      englishLevel: 3,
      compensationType: 'revenueShare',
      monthlySalary: null,
      revenueShare: 40,
      isVerifiedOnlyFans: 'yes',
      onlyFansRevenue: 1200,
      hasExistingContent: true,
      contentType: ['solo', 'softcore'],
      agencyPitch: 'I post every day and answer every message.',
    });
    expect(Object.keys(existingData).sort()).toEqual(
      [
        'country',
        'age',
        'englishLevel',
        'compensationType',
        'monthlySalary',
        'revenueShare',
        'isVerifiedOnlyFans',
        'onlyFansRevenue',
        'revenueScreenshot',
        'hasExistingContent',
        'contentType',
        'agencyPitch',
        'images',
        'submittedAt',
      ].sort(),
    );
    expect(existingData.images).toHaveLength(2);
    const prefix = `/api/stage2/${creator.creatorId}/files/`;
    for (const upload of [existingData.revenueScreenshot, ...existingData.images]) {
      expect(upload.url).toBe(`${prefix}${upload.key}`);
      expect(upload.url).not.toContain('token');
    }
  });
});

describe('GET /api/stage2/:creatorId: which links work (architecture §4)', () => {
  it('refuses a wrong token, a missing one and one sent twice with the same 404', async () => {
    const creator = await linkedCreator(t, headers);
    // One character changed (to one it is not already: a token ends in 'A' one time in 64).
    const last = creator.token.endsWith('A') ? 'B' : 'A';
    await expectDead(creator.creatorId, `${creator.token.slice(0, -1)}${last}`);
    await expectDead(creator.creatorId, '');
    await expectDead(creator.creatorId);
    const twice = await t.app.inject({
      method: 'GET',
      url: `/api/stage2/${creator.creatorId}?token=${creator.token}&token=${creator.token}`,
    });
    expect(twice.statusCode).toBe(404);
  });

  it('refuses another creator’s token and an unknown or malformed creator id the same way', async () => {
    const first = await linkedCreator(t, headers);
    const second = await linkedCreator(t, headers);
    await expectDead(first.creatorId, second.token);
    await expectDead('RC-23456789', first.token);
    await expectDead('not-an-id', first.token);
  });

  it('kills the old link when the admin sends a new one', async () => {
    const creator = await linkedCreator(t, headers);
    const fresh = await sendStage2(t, headers, creator.creatorId);
    await expectDead(creator.creatorId, creator.token);
    expect((await getForm(t, creator.creatorId, fresh)).statusCode).toBe(200);
  });

  it('refuses an expired link', async () => {
    const creator = await linkedCreator(t, headers);
    await setCreator(creator, { stage2TokenExpiresAt: new Date(Date.now() - 1000) });
    await expectDead(creator.creatorId, creator.token);
  });

  it('refuses the link once the creator is listed (the token is cleared)', async () => {
    const creator = await linkedCreator(t, headers);
    expect((await postForm(t, creator, validStage2())).statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/creators/${creator.creatorId}/status`,
      headers,
      payload: { status: 'listed', rollickListingUrl: 'https://rollick.example/l/1' },
    });
    expect(res.statusCode).toBe(200);
    await expectDead(creator.creatorId, creator.token);
  });

  it.each(['pending', 'listed', 'matched', 'finalized', 'cancelled'] as const)(
    'refuses a %s creator even with the stored token',
    async (status) => {
      const creator = await linkedCreator(t, headers);
      await setCreator(creator, { status });
      await expectDead(creator.creatorId, creator.token);
    },
  );

  it('keeps working after the creator submitted, so the form can be re-opened and re-submitted', async () => {
    const creator = await linkedCreator(t, headers);
    expect((await postForm(t, creator, validStage2())).statusCode).toBe(200);
    expect((await getForm(t, creator.creatorId, creator.token)).statusCode).toBe(200);
  });
});

describe('GET /api/stage2/:creatorId: attempts per address', () => {
  it(`answers 429 with Retry-After after ${STAGE2_ATTEMPT_RULE.limit} attempts in a window`, async () => {
    const creator = await linkedCreator(t, headers);
    for (let i = 0; i < STAGE2_ATTEMPT_RULE.limit; i++) {
      expect((await getForm(t, creator.creatorId, `guess-${i}`, '203.0.113.50')).statusCode).toBe(404);
    }
    const limited = await getForm(t, creator.creatorId, creator.token, '203.0.113.50');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await postForm(t, creator, validStage2(), '203.0.113.50')).statusCode).toBe(429);

    // Another address is not affected.
    expect((await getForm(t, creator.creatorId, creator.token, '203.0.113.51')).statusCode).toBe(200);
  });
});
