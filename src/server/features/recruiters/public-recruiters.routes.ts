import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicRecruiterSchema } from '#shared/replies/recruiters.ts';
import type { RecruiterDirectory } from './recruiter-directory.ts';

/**
 * Product §7 GET /api/recruiters, for the application form's recruiter select; mounted at /api/recruiters.
 * The client caches it for five minutes; the reply keeps the API's no-store, like every /api reply. The
 * server answers from its in-memory directory, which recruiter edits refresh. Only id and name leave the
 * server: the reply is written by its schema, so a change to the query can never publish e-mail addresses.
 */
export const publicRecruiterRoutes: FastifyPluginAsyncZod<{ directory: RecruiterDirectory }> = async (
  app,
  { directory },
) => {
  app.get(
    '/',
    {
      schema: {
        summary: "The recruiters an applicant can name on the form's recruiter select",
        response: { 200: z.array(publicRecruiterSchema) },
      },
    },
    async () => directory.list(),
  );
};
