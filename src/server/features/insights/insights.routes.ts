import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { insightsSchema } from '#shared/replies/insights.ts';
import { insightsQuerySchema } from '#shared/schemas/insights.ts';
import { getInsights } from './insights.service.ts';

/** GET /api/admin/insights?from=&to= (decision 026): every admin's, reviewers included; it names no applicant. */
export const insightsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  app.get(
    '/',
    {
      schema: {
        summary: 'Funnel, applications per day, conversion and time in each status over a range of days',
        querystring: insightsQuerySchema,
        response: { 200: insightsSchema },
      },
    },
    async (request) => getInsights(db, request.query),
  );
};
