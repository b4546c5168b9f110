import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '#server/lib/app-error.ts';
import { sendStage2Schema } from '#shared/schemas/delivery.ts';
import { listingSchema, statusChangeSchema } from '#shared/schemas/listing.ts';
import { noteSchema } from '#shared/schemas/note.ts';
import { deleteCreator } from './creator-delete.service.ts';
import { addCreatorNote } from './creator-notes.service.ts';
import { changeCreatorStatus, listCreatorDirectly, sendStage2Link } from './creator-status.service.ts';

type CreatorParams = { Params: { creatorId: string } };

/** The admin behind the session; the /api/admin scope has already refused requests without one. */
function performedBy(request: FastifyRequest): string {
  if (!request.admin) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue');
  return request.admin.username;
}

/** Product §4 admin actions: each writes its change and its activity entry together (architecture §4). */
export async function creatorActionRoutes(app: FastifyInstance): Promise<void> {
  const { database, store, config } = app.deps;
  const { db } = database;

  // Each change below may write outbox events; the worker is woken once they are committed.
  app.post<CreatorParams>('/:creatorId/send-stage2', async (request) => {
    const { email } = sendStage2Schema.parse(request.body ?? {});
    const result = await sendStage2Link(db, {
      publicId: request.params.creatorId,
      performedBy: performedBy(request),
      linkTtlMs: config.stage2LinkMs,
      ...(email ? { email: { canEmail: config.alerts.smtp !== undefined } } : {}),
    });
    app.deliveries.wake();
    return result;
  });

  app.patch<CreatorParams>('/:creatorId/status', async (request) => {
    const change = statusChangeSchema.parse(request.body ?? {});
    const creator = await changeCreatorStatus(db, {
      publicId: request.params.creatorId,
      performedBy: performedBy(request),
      change,
    });
    app.deliveries.wake();
    return { creator };
  });

  app.patch<CreatorParams>('/:creatorId/list-directly', async (request) => {
    const listing = listingSchema.parse(request.body ?? {});
    const creator = await listCreatorDirectly(db, {
      publicId: request.params.creatorId,
      performedBy: performedBy(request),
      listing,
    });
    app.deliveries.wake();
    return { creator };
  });

  // Both roles may note what they did (docs/decisions/025); the reply is the new activity entry.
  app.post<CreatorParams>('/:creatorId/notes', async (request, reply) => {
    const note = noteSchema.parse(request.body ?? {});
    const entry = await addCreatorNote(db, {
      publicId: request.params.creatorId,
      performedBy: performedBy(request),
      note,
    });
    return reply.code(201).send({ entry });
  });

  // Deleting is permanent (product §9): owners only.
  app.delete<CreatorParams>('/:creatorId', { config: { permission: 'deleteCreators' } }, async (request) => {
    const admin = performedBy(request);
    const { creatorId, message } = await deleteCreator(db, store, {
      publicId: request.params.creatorId,
      log: request.log,
    });
    // The activity log goes with the creator, so the server log keeps who deleted whom (no contact details).
    request.log.info({ creatorId, admin }, 'creator deleted');
    return { message };
  });
}
