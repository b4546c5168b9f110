import type { FastifyInstance } from 'fastify';
import type { RecruiterDirectory } from './recruiter-directory.ts';

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
 * Product §7 GET /api/recruiters, for the application form's recruiter select; mounted at /api/recruiters.
 * The client caches it for five minutes; the reply keeps the API's no-store, like every /api reply. The
 * server answers from its in-memory directory, which recruiter edits refresh.
 */
export async function publicRecruiterRoutes(
  app: FastifyInstance,
  { directory }: { directory: RecruiterDirectory },
): Promise<void> {
  app.get('/', { schema: { response: { 200: publicRecruiterList } } }, async () => directory.list());
}
