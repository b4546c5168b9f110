import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { MessageKey } from '#shared/messages/message.ts';
import { apiErrorSchema } from '../../lib/route-schemas.ts';
import { RETRY_AFTER_UNAVAILABLE_SECONDS } from '../../lib/unavailable.ts';
import { errorBody } from '../../plugins/errors.ts';

/** What readiness needs: the database always; the bucket and Redis when they are configured. */
export interface ReadinessChecks {
  /** True when the database answers (it never throws). */
  database: () => Promise<boolean>;
  /** Throws when the bucket cannot be used (HeadBucket). */
  bucket?: () => Promise<void>;
  /** Throws when Redis does not answer. */
  redis?: () => Promise<void>;
}

type Dependency = keyof ReadinessChecks;

/** A probe answers within its platform's timeout (Kubernetes' default is one second; ours is below it). */
const CHECK_WITHIN_MS = 800;

const UNREACHABLE: Record<Dependency, MessageKey> = {
  database: 'server.databaseUnreachable',
  bucket: 'server.bucketUnreachable',
  redis: 'server.redisUnreachable',
};

/** Whether `check` succeeds within the time a probe has, and the error when it did not. */
async function passes(check: () => Promise<unknown>): Promise<{ ok: boolean; error?: unknown }> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_WITHIN_MS} ms`)), CHECK_WITHIN_MS);
  });
  try {
    const result = await Promise.race([check(), late]);
    return result === false ? { ok: false } : { ok: true };
  } catch (error) {
    return { ok: false, error };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Logs readiness when it changes, not at every probe: a bucket that is down is one warning when it goes and one
 * line when it is back, not one a second from every instance.
 */
function changeLogger(log: FastifyBaseLogger) {
  let lastFailing = '';
  return (failing: { name: Dependency; error?: unknown }[]) => {
    const names = failing.map(({ name }) => name).join(',');
    if (names === lastFailing) return;
    lastFailing = names;
    if (names === '') log.info('ready again: every dependency answers');
    else
      log.warn({ failing: names, err: failing.find(({ error }) => error)?.error }, `not ready: ${names} unreachable`);
  };
}

const ok = z.literal('ok');

/**
 * Liveness says the process answers; readiness says it can reach what it needs: its database, and its bucket and
 * Redis when configured. Both sit outside /api, for the platform's probes: they are declared like every route but
 * left out of the API document.
 */
export const healthRoutes: FastifyPluginAsyncZod<{ checks: ReadinessChecks }> = async (app, opts) => {
  const logChange = changeLogger(app.log);

  app.get(
    '/healthz',
    {
      schema: {
        summary: 'The process answers',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      schema: {
        summary: 'The process answers and reaches its database, and its bucket and Redis when configured',
        response: {
          200: z.object({ status: z.literal('ready'), database: ok, bucket: ok.optional(), redis: ok.optional() }),
          503: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const entries = Object.entries(opts.checks) as [Dependency, () => Promise<unknown>][];
      const results = await Promise.all(entries.map(async ([name, check]) => ({ name, ...(await passes(check)) })));
      const failing = results.filter((result) => !result.ok);
      logChange(failing);
      const [first] = failing;
      if (!first) {
        return {
          status: 'ready' as const,
          ...Object.fromEntries(results.map(({ name }) => [name, 'ok' as const])),
        } as {
          status: 'ready';
          database: 'ok';
        };
      }
      return reply
        .status(503)
        .header('Retry-After', String(RETRY_AFTER_UNAVAILABLE_SECONDS))
        .send(errorBody(request, 'UNAVAILABLE', UNREACHABLE[first.name]));
    },
  );
};
