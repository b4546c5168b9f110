import { beforeEach, describe, expect, it } from 'vitest';
import { jpeg } from '#tests/fixtures/images.ts';
import { filePart } from '#tests/setup/multipart.ts';
import { setUpTestApp } from '#tests/setup/test-app.ts';
import {
  expectNothingStored,
  linkedCreator,
  postForm,
  resetStage2,
  storedKeys,
  storedSubmission,
  validStage2,
} from '../stage2/stage2.test-support.ts';
import { CAPTCHA_KEY, fetchChallenge, signedChallenge, solved, withCaptcha } from './captcha.test-support.ts';

const refusal = { code: 'CAPTCHA_FAILED', message: 'The anti-spam check failed. Please try again.' };

describe('the stage-2 form with CAPTCHA on (the default)', () => {
  const t = setUpTestApp({ config: { captcha: { isOn: true, hmacKey: CAPTCHA_KEY } } });
  beforeEach(() => resetStage2(t));

  const answers = async () => validStage2({ imageFiles: [filePart(await jpeg())] });

  it('refuses a form without a solution, or with a forged or expired one, and stores nothing', async () => {
    const creator = await linkedCreator(t, t.headers);
    const withoutOne = await postForm(t, creator, await answers());
    expect(withoutOne.statusCode).toBe(400);
    expect(withoutOne.json()).toMatchObject(refusal);
    for (const challenge of [
      await signedChallenge({ hmacKey: 'another key of at least thirty-two characters' }),
      await signedChallenge({ expiresInMs: -1000 }),
    ]) {
      const res = await postForm(t, creator, withCaptcha(await solved(challenge), await answers()));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject(refusal);
    }
    await expectNothingStored(t, creator);
  });

  it('accepts a solved challenge once: a re-submission with the same solution is refused', async () => {
    const creator = await linkedCreator(t, t.headers);
    const field = await solved(await fetchChallenge(t));
    const first = await postForm(t, creator, withCaptcha(field, await answers()));
    expect(first.statusCode).toBe(200);
    const stored = await storedKeys(t);
    expect(stored).toHaveLength(1);

    const again = await postForm(t, creator, withCaptcha(field, validStage2({ country: 'Portugal' })));
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject(refusal);
    expect(await storedSubmission(t, creator.id)).toMatchObject({ country: 'Brazil' });
    expect(await storedKeys(t)).toEqual(stored);
  });
});

describe('the stage-2 form with CAPTCHA=off', () => {
  const t = setUpTestApp({ config: { captcha: { isOn: false, hmacKey: undefined } } });
  beforeEach(() => resetStage2(t));

  it('accepts a form without a solution', async () => {
    const creator = await linkedCreator(t, t.headers);
    const res = await postForm(t, creator, validStage2({ imageFiles: [filePart(await jpeg())] }));
    expect(res.statusCode).toBe(200);
    expect(await storedSubmission(t, creator.id)).toMatchObject({ country: 'Brazil' });
  });
});
