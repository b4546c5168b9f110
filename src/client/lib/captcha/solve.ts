import { solveChallenge } from 'altcha-lib/v1';
import type { CaptchaChallenge } from '#shared/replies/captcha.ts';

/**
 * Solves an ALTCHA challenge (docs/decisions/049) with altcha-lib's own solver, the library the server checks
 * it with: tries 0…maxnumber until SHA-256(salt + n) is the challenge. Answers the form part the server
 * expects, base64 of `{ algorithm, challenge, number, salt, signature }`.
 */
export async function solvePayload(challenge: CaptchaChallenge): Promise<string> {
  const { algorithm, challenge: hash, salt, signature, maxnumber } = challenge;
  const solution = await solveChallenge(hash, salt, algorithm, maxnumber).promise;
  if (!solution) throw new Error('The challenge has no solution');
  return btoa(JSON.stringify({ algorithm, challenge: hash, number: solution.number, salt, signature }));
}

/** When the challenge's solution stops being accepted (its salt carries `?expires=`, in Unix seconds). */
export function expiresAtOf(challenge: Pick<CaptchaChallenge, 'salt'>): number {
  const query = challenge.salt.split('?')[1] ?? '';
  const seconds = Number(new URLSearchParams(query).get('expires'));
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : Number.POSITIVE_INFINITY;
}
