import { beforeEach, describe, expect, it } from 'vitest';
import { STAGE2_FIELD_ORDER, STAGE2_MESSAGES } from '#shared/schemas/stage2.ts';
import { jpeg } from '#tests/fixtures/images.ts';
import { filePart } from '#tests/setup/multipart.ts';
import { setUpTestApp } from '#tests/setup/test-app.ts';
import {
  creatorState,
  expectNothingStored,
  linkedCreator,
  postForm,
  resetStage2,
  sendStage2,
  storedSubmission,
  validStage2,
} from './stage2.test-support.ts';
import { STAGE2_LINK_INVALID } from './stage2-link.service.ts';

const t = setUpTestApp();
const { headers } = t;
beforeEach(() => resetStage2(t));

const m = STAGE2_MESSAGES;

describe('POST /api/stage2/:creatorId', () => {
  it('stores the answers, moves the creator to stage2_submitted and records who did it', async () => {
    const creator = await linkedCreator(t, headers);
    const res = await postForm(t, creator, validStage2({ imageFiles: [filePart(await jpeg())] }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cache-control']).toBe('no-store');

    expect(await storedSubmission(t, creator.id)).toMatchObject({
      country: 'Brazil',
      age: 24,
      englishLevel: 3,
      compensationType: 'negotiable',
      monthlySalary: null,
      revenueShare: null,
      isVerifiedOnlyFans: 'no',
      onlyFansRevenue: null,
      revenueScreenshotKey: null,
      hasExistingContent: false,
      contentType: [],
      agencyPitch: 'I post every day and answer every message.',
      imageKeys: [expect.stringMatching(/^[0-9a-f]{32}\.jpg$/)],
    });
    const { status, actions, log } = await creatorState(t, creator.id);
    expect(status).toBe('stage2_submitted');
    expect(actions.at(-1)).toBe('Stage 2 submitted');
    expect(log.at(-1)).toMatchObject({
      performedBy: creator.creatorId,
      additionalInfo: { from: 'stage2_sent', to: 'stage2_submitted', images: 1, revenueScreenshot: false },
    });
    expect(JSON.stringify(log)).not.toContain(creator.token);
  });

  it('shows the admin the answers with file URLs that load (product §3 Stage 2 data)', async () => {
    const creator = await linkedCreator(t, headers);
    const form = validStage2({
      isVerifiedOnlyFans: 'yes',
      revenueScreenshotFile: filePart(await jpeg()),
      imageFiles: [filePart(await jpeg()), filePart(await jpeg())],
    });
    expect((await postForm(t, creator, form)).statusCode).toBe(200);
    const detail = await t.app.inject({ method: 'GET', url: `/api/admin/creators/${creator.creatorId}`, headers });
    const { stage2Data } = detail.json();
    expect(stage2Data.imageUrls).toHaveLength(2);
    for (const url of [stage2Data.revenueScreenshotUrl, ...stage2Data.imageUrls]) {
      const file = await t.app.inject({ method: 'GET', url, headers });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/jpeg');
    }
  });

  it('refuses a dead link before reading the body, and stores nothing', async () => {
    const creator = await linkedCreator(t, headers);
    const res = await postForm(
      t,
      { ...creator, token: 'wrong' },
      validStage2({ imageFiles: [filePart(await jpeg())] }),
    );
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: STAGE2_LINK_INVALID, code: 'NOT_FOUND' });
    // The rest of the body is read and dropped on the kept connection, so the client reads the refusal (decision 052).
    expect(res.headers.connection).not.toBe('close');
    await expectNothingStored(t, creator);
  });
});

describe('POST /api/stage2/:creatorId: product §5 messages', () => {
  it.each([
    ['country', '', m.country],
    ['country', 'Atlantis', m.country],
    ['age', '', m.age],
    ['age', '17', 'You must be between 18 and 99 years old'],
    ['englishLevel', '', m.englishLevel],
    ['englishLevel', '6', m.englishLevel],
    ['compensationType', '', m.compensationType],
    ['isVerifiedOnlyFans', '', m.yesNo],
    ['hasExistingContent', 'maybe', m.yesNo],
    ['agencyPitch', '   ', m.agencyPitch],
  ])('%s = %j → 400 %s', async (field, value, message) => {
    const creator = await linkedCreator(t, headers);
    const res = await postForm(t, creator, validStage2({ [field]: value, imageFiles: [filePart(await jpeg())] }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, code: 'VALIDATION_FAILED', fields: { [field]: message } });
    await expectNothingStored(t, creator);
  });

  it('reports every missing answer at once, in the form’s order', async () => {
    const creator = await linkedCreator(t, headers);
    const res = await postForm(t, creator, { contentType: 'nonsense' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.message).toBe(m.country);
    expect(Object.keys(body.fields)).toEqual(
      STAGE2_FIELD_ORDER.filter((field) =>
        [
          'country',
          'age',
          'englishLevel',
          'compensationType',
          'isVerifiedOnlyFans',
          'hasExistingContent',
          'contentType',
          'agencyPitch',
        ].includes(field),
      ),
    );
  });

  it.each([
    ['monthlySalary', 'flatMonthly', { compensationType: 'flatMonthly', monthlySalary: '12.5' }, m.amount],
    ['revenueShare', 'revenueShare', { compensationType: 'revenueShare', revenueShare: '0' }, m.revenueShare],
    ['revenueShare', 'revenueShare', { compensationType: 'revenueShare', revenueShare: '101' }, m.revenueShare],
    ['onlyFansRevenue', 'verified', { isVerifiedOnlyFans: 'yes', onlyFansRevenue: '-5' }, m.amount],
    ['contentType', 'existing content', { hasExistingContent: 'yes', contentType: ['solo', 'bogus'] }, m.contentType],
  ])('checks %s on the %s branch', async (field, _branch, fields, message) => {
    const creator = await linkedCreator(t, headers);
    const res = await postForm(t, creator, validStage2(fields));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ [field]: message });
  });
});

describe('POST /api/stage2/:creatorId: conditional fields (product §2)', () => {
  const stray = { monthlySalary: '3000', revenueShare: '40', onlyFansRevenue: '900' };

  it.each([
    ['flatMonthly', { monthlySalary: 3000, revenueShare: null }],
    ['revenueShare', { monthlySalary: null, revenueShare: 40 }],
    ['negotiable', { monthlySalary: null, revenueShare: null }],
  ])('keeps only the number that belongs to %s', async (compensationType, kept) => {
    const creator = await linkedCreator(t, headers);
    expect((await postForm(t, creator, validStage2({ ...stray, compensationType }))).statusCode).toBe(200);
    expect(await storedSubmission(t, creator.id)).toMatchObject({ ...kept, onlyFansRevenue: null });
  });

  it('keeps the revenue and screenshot only when the account is verified', async () => {
    const verified = await linkedCreator(t, headers);
    const screenshot = filePart(await jpeg(), 'shot.jpg');
    const form = { ...stray, revenueScreenshotFile: screenshot };
    expect((await postForm(t, verified, validStage2({ ...form, isVerifiedOnlyFans: 'yes' }))).statusCode).toBe(200);
    const stored = await storedSubmission(t, verified.id);
    expect(stored).toMatchObject({ isVerifiedOnlyFans: 'yes', onlyFansRevenue: 900 });
    expect(stored?.revenueScreenshotKey).toMatch(/\.jpg$/);

    const unverified = await linkedCreator(t, headers);
    // A stray invalid amount in the hidden field does not block the "no" branch either.
    const noBranch = validStage2({ ...form, onlyFansRevenue: 'lots', isVerifiedOnlyFans: 'no' });
    expect((await postForm(t, unverified, noBranch)).statusCode).toBe(200);
    expect(await storedSubmission(t, unverified.id)).toMatchObject({
      onlyFansRevenue: null,
      revenueScreenshotKey: null,
    });
  });

  it('keeps several content types, in order and once each, only when there is existing content', async () => {
    const withContent = await linkedCreator(t, headers);
    const types = ['fullNudity', 'solo', 'fullNudity', 'sameSame'];
    const yes = validStage2({ hasExistingContent: 'yes', contentType: types });
    expect((await postForm(t, withContent, yes)).statusCode).toBe(200);
    expect(await storedSubmission(t, withContent.id)).toMatchObject({
      hasExistingContent: true,
      contentType: ['fullNudity', 'solo', 'sameSame'],
    });

    const without = await linkedCreator(t, headers);
    const no = validStage2({ hasExistingContent: 'no', contentType: types });
    expect((await postForm(t, without, no)).statusCode).toBe(200);
    expect(await storedSubmission(t, without.id)).toMatchObject({ hasExistingContent: false, contentType: [] });
  });
});

describe('POST /api/stage2/:creatorId: a link that dies while the files are processed', () => {
  it('answers 404 and leaves nothing behind when the admin sends a new link meanwhile', async () => {
    const creator = await linkedCreator(t, headers);
    const putFile = t.store.putFile.bind(t.store);
    let isRegenerated = false;
    t.store.putFile = async (file, options) => {
      if (!isRegenerated) {
        isRegenerated = true;
        await sendStage2(t, headers, creator.creatorId);
      }
      return putFile(file, options);
    };
    try {
      const res = await postForm(
        t,
        creator,
        validStage2({ imageFiles: [filePart(await jpeg()), filePart(await jpeg())] }),
      );
      expect(res.statusCode).toBe(404);
    } finally {
      t.store.putFile = putFile;
    }
    expect(await storedSubmission(t, creator.id)).toBeNull();
    expect((await creatorState(t, creator.id)).status).toBe('stage2_sent');
    expect(await t.store.sweepTemp(0)).toBe(0);
    for await (const entry of t.store.list()) throw new Error(`file left behind: ${entry.key}`);
  });
});
