import type { FastifyInstance } from 'fastify';
import { insightsQuerySchema } from '#shared/schemas/insights.ts';
import { getInsights } from './insights.service.ts';

/** GET /api/admin/insights?from=&to= (issue 14): every admin's, reviewers included; it names no applicant. */
export async function insightsRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;
  app.get('/', async (request) => getInsights(db, insightsQuerySchema.parse(request.query ?? {})));
}
