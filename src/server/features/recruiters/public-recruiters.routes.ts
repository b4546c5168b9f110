import type { FastifyInstance } from 'fastify';
import { listSelectableRecruiters } from './recruiters.service.ts';

/**
 * Only id and name leave the server: the serializer drops any other column, so a change to the
 * query can never publish recruiters' e-mail addresses.
 */
const publicRecruiterList = {
  type: 'array',
  items: {
    type: 'object',
    properties: { id: { type: 'string' }, name: { type: 'string' } },
    required: ['id', 'name'],
    additionalProperties: false,
  },
} as const;

/**
 * Spec §7 GET /api/recruiters, for the application form's recruiter select; mounted at /api/recruiters.
 * The client caches it for five minutes; the reply keeps the API's no-store, like every /api reply.
 */
export async function publicRecruiterRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;
  app.get('/', { schema: { response: { 200: publicRecruiterList } } }, async () => listSelectableRecruiters(db));
}
