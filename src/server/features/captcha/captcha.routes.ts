import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { MultipartGate } from '#server/lib/multipart-body.ts';
import { CAPTCHA_FIELD, captchaChallengeSchema } from '#shared/replies/captcha.ts';
import { type Captcha, captchaFailed, createCaptcha } from './captcha.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The public forms' proof of work (docs/decisions/049): the gate their bodies pass before any file is
     * written, or undefined while CAPTCHA=off.
     */
    captchaGate: () => MultipartGate | undefined;
  }
}

/** A gate on the form part CAPTCHA_FIELD: refused (400) unless it holds a valid solution not used before. */
const gateOf = (captcha: Captcha): MultipartGate => ({
  field: CAPTCHA_FIELD,
  check: (value) => captcha.check(value),
  missing: captchaFailed,
});

/**
 * Hands out challenges at GET /api/captcha/challenge and gives the form routes their gate. The key comes from
 * the configuration (lib/captcha-key.ts); an app built without one (tests) signs with a key of its own.
 */
export async function registerCaptcha(app: FastifyInstance): Promise<void> {
  const { config, limiter } = app.deps;
  const captcha = createCaptcha({ hmacKey: config.captcha.hmacKey ?? randomBytes(32).toString('hex'), limiter });
  const gate = gateOf(captcha);
  app.decorate('captchaGate', () => (config.captcha.isOn ? gate : undefined));
  await app.register(captchaRoutes, { prefix: '/api/captcha', captcha });
}

const captchaRoutes: FastifyPluginAsyncZod<{ captcha: Captcha }> = async (app, { captcha }) => {
  app.get(
    '/challenge',
    {
      schema: {
        summary: 'A proof-of-work challenge to solve before posting the application or stage-2 form',
        description:
          `Solve it (ALTCHA): find the number n, 0 ≤ n ≤ maxnumber, whose SHA-256 of salt + n is challenge, and send ` +
          `base64 of JSON { algorithm, challenge, number, salt, signature } as the form's first part, ` +
          `\`${CAPTCHA_FIELD}\`. Each solution is accepted once, until the challenge expires.`,
        response: { 200: captchaChallengeSchema },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return captcha.challenge();
    },
  );
};
