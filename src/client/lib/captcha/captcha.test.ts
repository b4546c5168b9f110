import { createChallenge, verifySolution } from 'altcha-lib/v1';
import { describe, expect, it } from 'vitest';
import { ApiError } from '#client/lib/api-client.ts';
import { withCaptcha } from './captcha.ts';
import { expiresAtOf, solvePayload } from './solve.ts';

const HMAC_KEY = 'a0f3c9d2e8b14f7a9c6d5e4b3a2f1e0d9c8b7a69';

const refusal = () =>
  new ApiError(
    400,
    'Bad Request',
    JSON.stringify({
      code: 'CAPTCHA_FAILED',
      message: 'The anti-spam check failed. Please try again.',
      messageKey: 'captcha.failed',
    }),
  );

async function challenge(expires = new Date(Date.now() + 20 * 60_000)) {
  const made = await createChallenge({ hmacKey: HMAC_KEY, maxnumber: 50_000, number: 31_337, expires });
  return { ...made, algorithm: 'SHA-256' as const, maxnumber: made.maxnumber ?? 50_000 };
}

describe('the proof-of-work solver (ALTCHA)', () => {
  // Some 31,000 hashes, which a busy machine takes more than the default five seconds to work through.
  it('finds the number, and the server library accepts the payload it sends', async () => {
    const payload = await solvePayload(await challenge());
    const decoded = JSON.parse(atob(payload));
    expect(decoded).toMatchObject({ algorithm: 'SHA-256', number: 31_337 });
    expect(await verifySolution(payload, HMAC_KEY)).toBe(true);
    expect(await verifySolution(payload, 'another key of at least thirty-two characters')).toBe(false);
  }, 30_000);

  it("reads when the challenge's solution stops being accepted", async () => {
    const expires = new Date('2026-11-28T05:00:00Z');
    expect(expiresAtOf(await challenge(expires))).toBe(expires.getTime());
    expect(expiresAtOf({ salt: 'a1b2c3' })).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('withCaptcha', () => {
  it('posts with the solution, and once more with a fresh one when the server refuses it', async () => {
    const solutions = ['first', 'second'];
    const sent: string[] = [];
    const result = await withCaptcha(
      async (field) => {
        sent.push(field);
        if (field === 'first') throw refusal();
        return 'stored';
      },
      async () => solutions.shift() ?? 'none left',
    );
    expect(result).toBe('stored');
    expect(sent).toEqual(['first', 'second']);
  });

  it('gives up after a second refusal, and never retries other errors', async () => {
    let posts = 0;
    const take = async () => `solution-${posts}`;
    await expect(
      withCaptcha(async () => {
        posts++;
        throw refusal();
      }, take),
    ).rejects.toMatchObject({ code: 'CAPTCHA_FAILED' });
    expect(posts).toBe(2);

    posts = 0;
    const invalid = new ApiError(400, 'Bad Request', JSON.stringify({ code: 'VALIDATION_FAILED', message: 'x' }));
    await expect(
      withCaptcha(async () => {
        posts++;
        throw invalid;
      }, take),
    ).rejects.toBe(invalid);
    expect(posts).toBe(1);
  });
});
