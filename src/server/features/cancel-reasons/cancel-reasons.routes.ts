import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bodyOrEmpty, errorReplies, noContent } from '#server/lib/route-schemas.ts';
import { cancelReasonListSchema, cancelReasonSchema } from '#shared/replies/cancel-reasons.ts';
import { cancelReasonParams, cancelReasonSaveSchema } from '#shared/schemas/cancel-reasons.ts';
import {
  createCancelReason,
  listCancelReasons,
  removeCancelReason,
  renameCancelReason,
} from './cancel-reasons.service.ts';

/**
 * Cancel reasons (decision 063), mounted at /api/admin/cancel-reasons. Every admin reads them (cancelling asks for
 * one); only owners change the list.
 */
export const cancelReasonRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const ownersOnly = { permission: 'manageLists' as const };

  app.get(
    '/',
    {
      schema: {
        summary:
          'The reasons a cancellation may give, in the owners’ order, with how many cancelled creators give each',
        response: { 200: cancelReasonListSchema },
      },
    },
    async () => ({ reasons: await listCancelReasons(db) }),
  );

  app.post(
    '/',
    {
      config: ownersOnly,
      schema: {
        summary: 'Offer a reason of the owners’ own (owners only)',
        body: bodyOrEmpty(cancelReasonSaveSchema),
        response: { 201: cancelReasonSchema, ...errorReplies(409) },
      },
    },
    async (request, reply) => reply.code(201).send(await createCancelReason(db, request.body)),
  );

  app.patch(
    '/:id',
    {
      config: ownersOnly,
      schema: {
        summary: 'Word a reason differently (owners only)',
        params: cancelReasonParams,
        body: bodyOrEmpty(cancelReasonSaveSchema),
        response: { 200: cancelReasonSchema, ...errorReplies(404) },
      },
    },
    async (request) => renameCancelReason(db, request.params.id, request.body),
  );

  app.delete(
    '/:id',
    {
      config: ownersOnly,
      schema: {
        summary: 'Stop offering a reason; the creators cancelled for it keep it (owners only)',
        params: cancelReasonParams,
        response: { 204: noContent, ...errorReplies(404, 409) },
      },
    },
    async (request, reply) => {
      await removeCancelReason(db, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
