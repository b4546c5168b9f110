import { z } from 'zod';

export { CAPTCHA_FIELD } from '../captcha-field.ts';

/** GET /api/captcha/challenge: an ALTCHA challenge, signed by the server, to solve before posting a form. */
export const captchaChallengeSchema = z
  .object({
    algorithm: z.literal('SHA-256'),
    challenge: z.string().describe('SHA-256 (hex) of `salt` followed by the secret number'),
    maxnumber: z.number().int().describe('The secret number is between 0 and this'),
    salt: z.string().describe('Includes `?expires=` (Unix seconds): the solution is refused after it'),
    signature: z.string().describe("HMAC-SHA-256 (hex) of `challenge` under the server's key"),
  })
  .meta({ id: 'CaptchaChallenge' });

export type CaptchaChallenge = z.output<typeof captchaChallengeSchema>;

/** The part in the forms' documents (POST /api/submissions, POST /api/stage2/{creatorId}). */
export const captchaPart = z
  .string()
  .optional()
  .describe(
    'The solved challenge of GET /api/captcha/challenge (base64 of the ALTCHA payload), before any file part; ' +
      'required unless the server runs with CAPTCHA=off',
  );
