import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CAPTCHA_FIELD } from '#shared/replies/captcha.ts';
import { insertRecruiter } from '#tests/factories.ts';
import { jpeg } from '#tests/fixtures/images.ts';
import { filePart } from '#tests/setup/multipart.ts';
import { setUpTestApp } from '#tests/setup/test-app.ts';
import {
  expectNothingStored,
  RECRUITER_NAME,
  resetSubmissions,
  storedCounts,
  submit,
  validApplication,
} from '../submissions/submissions.test-support.ts';
import { CAPTCHA_EXPIRES_MS, CAPTCHA_MAX_NUMBER } from './captcha.service.ts';
import { CAPTCHA_KEY, fetchChallenge, signedChallenge, solved, withCaptcha } from './captcha.test-support.ts';

const ON = { captcha: { isOn: true, hmacKey: CAPTCHA_KEY } };

const refusal = { code: 'CAPTCHA_FAILED', message: 'The anti-spam check failed. Please try again.' };

describe('the application form with CAPTCHA on (the default)', () => {
  const t = setUpTestApp({ signedIn: false, config: ON });
  beforeAll(() => insertRecruiter(t.database.db, { name: RECRUITER_NAME }));
  beforeEach(() => resetSubmissions(t));

  const application = async () => validApplication({ confirmationPhoto: filePart(await jpeg()) });

  it('hands out signed challenges that expire, never cached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/captcha/challenge' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['set-cookie']).toBeUndefined();
    const challenge = res.json();
    expect(challenge).toMatchObject({ algorithm: 'SHA-256', maxnumber: CAPTCHA_MAX_NUMBER });
    const expires = Number(new URLSearchParams(challenge.salt.split('?')[1]).get('expires')) * 1000;
    expect(expires - Date.now()).toBeGreaterThan(CAPTCHA_EXPIRES_MS - 60_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(CAPTCHA_EXPIRES_MS);
    expect((await fetchChallenge(t)).salt).not.toBe(challenge.salt);
  });

  it('accepts a solved challenge from the endpoint, once: the same solution again is refused', async () => {
    const field = await solved(await fetchChallenge(t));
    const first = await submit(t, withCaptcha(field, await application()));
    expect(first.statusCode).toBe(201);
    expect(await storedCounts(t)).toMatchObject({ creators: 1, files: 1 });

    const again = await submit(t, withCaptcha(field, await application()), { ip: '203.0.113.77' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ ...refusal, messageKey: 'captcha.failed' });
    expect(await storedCounts(t)).toMatchObject({ creators: 1, files: 1 });
  });

  it('refuses an application without a solution, and stores nothing', async () => {
    const res = await submit(t, await application());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject(refusal);
    await expectNothingStored(t);
  });

  it('refuses a solution that is not one, a forged or an expired challenge, and stores nothing', async () => {
    const wrongNumber = JSON.parse(Buffer.from(await solved(await signedChallenge()), 'base64').toString());
    wrongNumber.number += 1;
    const fields = [
      'not base64 json',
      Buffer.from(JSON.stringify(wrongNumber)).toString('base64'),
      await solved(await signedChallenge({ hmacKey: 'another key of at least thirty-two characters' })),
      await solved(await signedChallenge({ expiresInMs: -1000 })),
    ];
    for (const field of fields) {
      const res = await submit(t, withCaptcha(field, await application()));
      expect(res.statusCode, field).toBe(400);
      expect(res.json()).toMatchObject(refusal);
    }
    await expectNothingStored(t);
  });

  it('refuses a solution sent after the photo: no file is written before the check', async () => {
    const field = await solved(await signedChallenge());
    const { confirmationPhoto, ...answers } = await application();
    const res = await submit(t, { ...answers, confirmationPhoto, [CAPTCHA_FIELD]: field });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject(refusal);
    await expectNothingStored(t);
  });
});

describe('the application form with CAPTCHA=off', () => {
  const t = setUpTestApp({ signedIn: false, config: { captcha: { isOn: false, hmacKey: undefined } } });
  beforeAll(() => insertRecruiter(t.database.db, { name: RECRUITER_NAME }));
  beforeEach(() => resetSubmissions(t));

  it('accepts an application without a solution', async () => {
    const res = await submit(t, validApplication({ confirmationPhoto: filePart(await jpeg()) }));
    expect(res.statusCode).toBe(201);
    expect(await storedCounts(t)).toMatchObject({ creators: 1, files: 1 });
  });
});
