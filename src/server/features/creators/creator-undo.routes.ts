import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bodyOrEmpty, creatorIdParams, errorReplies } from '#server/lib/route-schemas.ts';
import { currentAdmin } from '#server/plugins/admin-session.ts';
import { bulkUndoResultSchema, undoResultSchema } from '#shared/replies/creators.ts';
import { bulkUndoSchema, undoChangeSchema } from '#shared/schemas/undo.ts';
import { undoCreatorChange, undoCreatorChanges } from './creator-undo.service.ts';

/** Room for the most changes one bulk action makes (Creator ID and change id each), and no more. */
const BULK_UNDO_BODY_LIMIT = 1024 * 1024;

/**
 * Taking back a status change (docs/decisions/033), one or a bulk action's many. Both roles may take back what
 * their role may do; the service reads that from the actions table.
 */
export const creatorUndoRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;

  app.post(
    '/:creatorId/status/undo',
    {
      schema: {
        summary: 'Put back exactly one status change, when nothing else has changed the creator since',
        description:
          'The change is named by the `change` the call that made it answered (PATCH …/status, …/list-directly, ' +
          'POST …/send-stage2). A 409 says why it cannot be taken back: already undone, or the creator changed since.',
        params: creatorIdParams,
        body: bodyOrEmpty(undoChangeSchema),
        response: { 200: undoResultSchema, ...errorReplies(403, 404, 409) },
      },
    },
    async (request) => {
      const admin = currentAdmin(request);
      const creator = await undoCreatorChange(db, {
        publicId: request.params.creatorId,
        change: request.body.change,
        performedBy: admin.username,
        role: admin.role,
      });
      return { creator };
    },
  );

  app.post(
    '/bulk/undo',
    {
      bodyLimit: BULK_UNDO_BODY_LIMIT,
      schema: {
        summary: "Put back a bulk action's changes, each one only if nothing else has changed its creator since",
        body: bodyOrEmpty(bulkUndoSchema),
        response: { 200: bulkUndoResultSchema },
      },
    },
    async (request) => {
      const admin = currentAdmin(request);
      return undoCreatorChanges(db, {
        changes: request.body.changes,
        performedBy: admin.username,
        role: admin.role,
        log: request.log,
      });
    },
  );
};
