import type { FastifyInstance } from 'fastify';
import { AppError } from '#server/lib/app-error.ts';
import { FUNNEL_BODY_MAX_BYTES } from '#shared/funnel.ts';
import { funnelEventSchema } from '#shared/schemas/insights.ts';
import { checkFunnelRate, recordFunnelStep } from './funnel.service.ts';

const NOT_JSON = 'The funnel event must be a JSON object';

/**
 * `navigator.sendBeacon` with a string sends `text/plain`; a Blob may say `application/json`. Either way the
 * body is one small JSON object.
 */
function eventBody(body: unknown): unknown {
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body);
  } catch {
    throw new AppError('VALIDATION_FAILED', NOT_JSON);
  }
}

/** POST /api/funnel (issue 14): the public form reports a step a visit reached. No cookie is read or set. */
export async function funnelRoutes(app: FastifyInstance): Promise<void> {
  const { database, limiter } = app.deps;
  app.post('/', { bodyLimit: FUNNEL_BODY_MAX_BYTES }, async (request, reply) => {
    await checkFunnelRate(limiter, request.ip);
    const event = funnelEventSchema.parse(eventBody(request.body));
    await recordFunnelStep(database.db, event);
    return reply.status(204).send();
  });
}
