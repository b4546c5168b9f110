import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplies } from '#server/lib/route-schemas.ts';
import { creatorFindReplySchema } from '#shared/replies/creator-find.ts';
import { creatorFindQuerySchema } from '#shared/schemas/creator-find.ts';
import { findCreators } from './creator-find.service.ts';

/**
 * The find box of the admin top bar (docs/decisions/036), open to both roles: every admin already sees every
 * creator on the status pages; this only saves knowing which page to look on.
 */
export const creatorFindRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;

  app.get(
    '/search',
    {
      schema: {
        summary: 'Find creators of any status by name, phone (any formatting), e-mail, handle or Creator ID',
        description:
          'Answers at most ten creators, the most exact matches first: a whole Creator ID, then phone numbers ' +
          'ending alike (with or without country code), e-mails and handles starting with the query, names ' +
          'starting with it, then names containing it.',
        querystring: creatorFindQuerySchema,
        response: { 200: creatorFindReplySchema, ...errorReplies(400) },
      },
    },
    async (request) => ({ creators: await findCreators(db, request.query.q) }),
  );
};
