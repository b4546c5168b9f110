import { createChallenge } from 'altcha-lib/v1';
import type { Challenge } from 'altcha-lib/v1/types';
import { CAPTCHA_FIELD, type CaptchaChallenge } from '#shared/replies/captcha.ts';
import { solveProofOfWork } from '#tests/setup/captcha-solver.ts';
import type { TestApp } from '#tests/setup/test-app.ts';

/** Shared by the proof-of-work tests: challenges from the real endpoint or signed by hand, and their solutions. */

export const CAPTCHA_KEY = 'b6f1d0c2e97a4f3e8d5c1a0b9e8f7d6c5b4a3928';

export async function fetchChallenge(t: TestApp): Promise<CaptchaChallenge> {
  const res = await t.app.inject({ method: 'GET', url: '/api/captcha/challenge' });
  if (res.statusCode !== 200) throw new Error(`challenge failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** What the browser's solver sends: base64 of `{ algorithm, challenge, number, salt, signature }`. */
export async function solved(challenge: Challenge): Promise<string> {
  const { algorithm, challenge: hash, salt, signature } = challenge;
  const payload = { algorithm, challenge: hash, number: solveProofOfWork(challenge), salt, signature };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

/** A challenge signed with `hmacKey` and a small secret number, so a test solves it at once. */
export function signedChallenge(options: { hmacKey?: string; expiresInMs?: number } = {}) {
  return createChallenge({
    hmacKey: options.hmacKey ?? CAPTCHA_KEY,
    number: 1234,
    maxnumber: 50_000,
    expires: new Date(Date.now() + (options.expiresInMs ?? 10 * 60_000)),
  });
}

/** The solution as the form's first part, then the fields. */
export const withCaptcha = <T>(field: string, fields: Record<string, T>): Record<string, T | string> => ({
  [CAPTCHA_FIELD]: field,
  ...fields,
});
