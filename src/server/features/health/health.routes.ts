import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../lib/route-schemas.ts';
import { RETRY_AFTER_UNAVAILABLE_SECONDS } from '../../lib/unavailable.ts';
import { errorBody } from '../../plugins/errors.ts';

/**
 * Liveness says the process answers; readiness says it can reach its database too. Both sit outside /api,
 * for the platform's probes: they are declared like every route but left out of the API document.
 */
export const healthRoutes: FastifyPluginAsyncZod<{ ping: () => Promise<boolean> }> = async (app, opts) => {
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
        summary: 'The process answers and reaches its database',
        response: {
          200: z.object({ status: z.literal('ready'), database: z.literal('ok') }),
          503: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      if (await opts.ping()) return { status: 'ready' as const, database: 'ok' as const };
      return reply
        .status(503)
        .header('Retry-After', String(RETRY_AFTER_UNAVAILABLE_SECONDS))
        .send(errorBody(request, 'UNAVAILABLE', 'server.databaseUnreachable'));
    },
  );
};
