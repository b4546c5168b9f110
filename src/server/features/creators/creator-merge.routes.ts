import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '#server/lib/app-error.ts';
import { bodyOrEmpty, creatorIdParams, errorReplies } from '#server/lib/route-schemas.ts';
import { mergeResultSchema } from '#shared/replies/creator-merge.ts';
import { mergeRequestSchema } from '#shared/schemas/creator-merge.ts';
import { mergeCreators } from './creator-merge.service.ts';

/** Merging a possible duplicate into a creator (decision 062): it removes a record for good, so owners only. */
export const creatorMergeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, store } = app.deps;

  app.post(
    '/:creatorId/merge',
    {
      config: { permission: 'mergeCreators' },
      schema: {
        summary: 'Merge a possible duplicate into this creator and remove it (owners only; cannot be undone)',
        description:
          "The creator in the URL stays; `from` is removed after its notes, activity, events, stage-2 answers and files move to it. Each field takes the value chosen in `fields`, else the newer application's. 409 when the two no longer share a contact or photo, when `from` is further along, or when both are listed.",
        params: creatorIdParams,
        body: bodyOrEmpty(mergeRequestSchema),
        response: { 200: mergeResultSchema, ...errorReplies(404, 409) },
      },
    },
    async (request) => {
      if (!request.admin) throw new AppError('UNAUTHENTICATED', 'auth.signInRequired');
      const admin = request.admin.username;
      const result = await mergeCreators(database.db, store, {
        publicId: request.params.creatorId,
        request: request.body,
        performedBy: admin,
        log: request.log,
      });
      // The removed record's own log went with it; the server log keeps who merged which (no contact details).
      request.log.info({ creatorId: result.creator.creatorId, merged: result.merged, admin }, 'creators merged');
      return result;
    },
  );
};
