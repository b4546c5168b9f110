import { createHash } from 'node:crypto';

/**
 * The number n, 0 ≤ n ≤ maxnumber, whose hash of salt + n is the challenge (ALTCHA, docs/decisions/049): the
 * number the page's worker finds, found with Node's synchronous hash. altcha-lib's own solver awaits WebCrypto
 * once per number, which took up to 5 s a challenge here, and every application a test seeds solves one.
 */
export function solveProofOfWork(challenge: {
  algorithm: string;
  challenge: string;
  salt: string;
  /** ALTCHA's default when a challenge names none. */
  maxnumber?: number | undefined;
}): number {
  const algorithm = challenge.algorithm.replace('-', '').toLowerCase();
  for (let number = 0; number <= (challenge.maxnumber ?? 1_000_000); number++) {
    if (createHash(algorithm).update(`${challenge.salt}${number}`).digest('hex') === challenge.challenge) return number;
  }
  throw new Error('the challenge has no solution');
}
