import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type PublicRecruiter, publicRecruiterSchema } from '#shared/replies/recruiters.ts';
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
  const listSchema = z.array(publicRecruiterSchema);
  const bodies = new WeakMap<object, string>();
  app.get(
    '/',
    {
      schema: {
        summary: "The recruiters an applicant can name on the form's recruiter select",
        response: { 200: z.array(publicRecruiterSchema) },
      },
    },
    async (_request, reply) => {
      const list = await directory.list();
      // The directory hands out the same list until it changes, so its reply body is written once per list,
      // still through the schema (only id and name), rather than checked and stringified on every request.
      let body = bodies.get(list);
      if (body === undefined) {
        body = JSON.stringify(listSchema.parse(list));
        bodies.set(list, body);
      }
      // A string with a JSON type is sent as it is, past the route's serializer.
      return reply.type('application/json; charset=utf-8').send(body as unknown as PublicRecruiter[]);
    },
  );
};
