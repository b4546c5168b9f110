import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '#server/lib/app-error.ts';
import { errorReplies, noContent } from '#server/lib/route-schemas.ts';
import { isSameOriginRequest } from '#server/plugins/security.ts';
import { FUNNEL_BODY_MAX_BYTES } from '#shared/funnel.ts';
import { funnelEventSchema } from '#shared/schemas/insights.ts';
import { checkFunnelRate, countFunnelEvent } from './funnel.service.ts';

/**
 * `navigator.sendBeacon` with a string sends `text/plain`; a Blob may say `application/json`. Either way the
 * body is one small JSON object, read here before the schema checks it.
 */
async function readTextBody(request: FastifyRequest): Promise<void> {
  if (typeof request.body !== 'string') return;
  try {
    request.body = JSON.parse(request.body);
  } catch {
    throw new AppError('VALIDATION_FAILED', 'funnel.notJson');
  }
}

/**
 * Only our own pages report (decision 042): a browser names the page's origin in `Origin` on every POST, a
 * beacon's included, or at least says `Sec-Fetch-Site`. Another site's page, or a request naming neither,
 * adds nothing to a recruiter's figures.
 */
async function refuseForeignOrigin(request: FastifyRequest): Promise<void> {
  if (!isSameOriginRequest(request, request.server.deps.config)) {
    throw new AppError('FORBIDDEN_ORIGIN', 'funnel.foreignOrigin');
  }
}

/** POST /api/funnel (decision 026): the public form reports a step a visit reached. No cookie is read or set. */
export const funnelRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, limiter } = app.deps;
  app.post(
    '/',
    {
      bodyLimit: FUNNEL_BODY_MAX_BYTES,
      schema: {
        summary: 'Count a step of the application form that a visit reached',
        description: `Sent with \`navigator.sendBeacon\`: a JSON object of at most ${FUNNEL_BODY_MAX_BYTES} bytes, as \`text/plain\` or \`application/json\`.`,
        consumes: ['application/json', 'text/plain'],
        body: funnelEventSchema,
        response: { 204: noContent, ...errorReplies(403, 429) },
      },
      // Every event from our pages counts against its address before it is read, a malformed one too.
      preValidation: [refuseForeignOrigin, async (request) => checkFunnelRate(limiter, request.ip), readTextBody],
    },
    async (request, reply) => {
      await countFunnelEvent(database.db, limiter, { ip: request.ip, event: request.body });
      return reply.status(204).send(null);
    },
  );
};
