import { createChallenge, extractParams, verifySolution } from 'altcha-lib/v1';
import type { Payload } from 'altcha-lib/v1/types';
import { AppError } from '#server/lib/app-error.ts';
import type { RateLimiter } from '#server/lib/rate-limiter.ts';
import type { CaptchaChallenge } from '#shared/replies/captcha.ts';

/**
 * How hard a challenge is: the secret number is drawn from 0..this, so a solver tries half of it on average.
 * Some 25,000 SHA-256 hashes take a phone 1 to 3 seconds in the background and a laptop well under one.
 */
export const CAPTCHA_MAX_NUMBER = 50_000;

/** How long a challenge can be solved and posted: enough to fill the form after it was first shown. */
export const CAPTCHA_EXPIRES_MS = 20 * 60_000;

export interface CaptchaDeps {
  hmacKey: string;
  /** Remembers each used solution until it expires, in the store every instance shares. */
  limiter: RateLimiter;
  now?: () => number;
  maxNumber?: number;
}

export interface Captcha {
  challenge(): Promise<CaptchaChallenge>;
  /** Throws CAPTCHA_FAILED (400) unless `field` holds a valid solution not used before; marks it used. */
  check(field: string | undefined): Promise<void>;
}

export const captchaFailed = () => new AppError('CAPTCHA_FAILED', 'captcha.failed');

function payloadOf(field: string): Payload | null {
  try {
    const payload = JSON.parse(Buffer.from(field, 'base64').toString('utf8')) as Partial<Payload> | null;
    const isWellFormed =
      typeof payload?.challenge === 'string' &&
      typeof payload.salt === 'string' &&
      typeof payload.signature === 'string' &&
      payload.algorithm === 'SHA-256' &&
      Number.isSafeInteger(payload.number);
    return isWellFormed ? (payload as Payload) : null;
  } catch {
    return null;
  }
}

/** ALTCHA's proof of work (altcha-lib's v1 protocol), each solution accepted once (docs/decisions/049). */
export function createCaptcha(deps: CaptchaDeps): Captcha {
  const now = deps.now ?? Date.now;
  return {
    async challenge() {
      const challenge = await createChallenge({
        hmacKey: deps.hmacKey,
        algorithm: 'SHA-256',
        maxnumber: deps.maxNumber ?? CAPTCHA_MAX_NUMBER,
        expires: new Date(now() + CAPTCHA_EXPIRES_MS),
      });
      return { ...challenge, algorithm: 'SHA-256', maxnumber: challenge.maxnumber ?? CAPTCHA_MAX_NUMBER };
    },
    async check(field) {
      const payload = field ? payloadOf(field) : null;
      if (!payload) throw captchaFailed();
      const expiresAt = Number(extractParams(payload).expires) * 1000;
      // Every challenge this server signs expires; one without a date is not ours.
      if (!Number.isFinite(expiresAt) || expiresAt <= now()) throw captchaFailed();
      const isValid = await verifySolution(payload, deps.hmacKey, false).catch(() => false);
      if (!isValid) throw captchaFailed();
      // Seen once: the first post with this solution counts 1 and passes; any other is over the limit.
      const seen = await deps.limiter.hit(`captcha:${payload.signature}`, {
        limit: 1,
        windowMs: Math.max(1000, expiresAt - now()),
      });
      if (!seen.allowed) throw captchaFailed();
    },
  };
}
