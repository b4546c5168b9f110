import type { FastifyInstance } from 'fastify';
import { RETRY_AFTER_UNAVAILABLE_SECONDS } from '../../lib/unavailable.ts';
import { errorBody } from '../../plugins/errors.ts';

/** Liveness says the process answers; readiness says it can reach its database too. */
export async function healthRoutes(app: FastifyInstance, opts: { ping: () => Promise<boolean> }): Promise<void> {
  app.get('/healthz', async () => ({ status: 'ok' }));

  app.get('/readyz', async (request, reply) => {
    if (await opts.ping()) return { status: 'ready', database: 'ok' };
    return reply
      .status(503)
      .header('Retry-After', String(RETRY_AFTER_UNAVAILABLE_SECONDS))
      .send(errorBody(request, 'UNAVAILABLE', 'The database is not reachable'));
  });
}
