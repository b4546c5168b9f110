import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '#server/lib/app-error.ts';
import { bodyOrEmpty, creatorIdParams, errorReplies } from '#server/lib/route-schemas.ts';
import { CREATOR_ACTIONS } from '#shared/creator-actions.ts';
import {
  creatorChangeResultSchema,
  messageResultSchema,
  noteResultSchema,
  stage2LinkResultSchema,
} from '#shared/replies/creators.ts';
import { bulkContactResultSchema, contactResultSchema } from '#shared/replies/message-templates.ts';
import { sendStage2Schema } from '#shared/schemas/delivery.ts';
import { listingSchema, statusChangeSchema } from '#shared/schemas/listing.ts';
import { bulkContactSchema, contactSchema } from '#shared/schemas/message-templates.ts';
import { noteSchema } from '#shared/schemas/note.ts';
import { bulkContact, contactCreator } from '../messages/creator-contact.service.ts';
import { deleteCreator } from './creator-delete.service.ts';
import { addCreatorNote } from './creator-notes.service.ts';
import { changeCreatorStatus, listCreatorDirectly, sendStage2Link } from './creator-status.service.ts';

/** The admin behind the session; the /api/admin scope has already refused requests without one. */
function performedBy(request: FastifyRequest): string {
  if (!request.admin) throw new AppError('UNAUTHENTICATED', 'auth.signInRequired');
  return request.admin.username;
}

/**
 * A body that may be left out (send-stage2 without options) or sent as null: read as `{}`, so a missing
 * field gets its own message rather than one about the whole body.
 */

/** Product §4 admin actions: each writes its change and its activity entry together (architecture §4). */
export const creatorActionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, store, config } = app.deps;
  const { db } = database;

  app.post(
    '/:creatorId/send-stage2',
    {
      schema: {
        summary: 'A new stage-2 link for a pending or stage2_sent creator, optionally e-mailed; the old link dies',
        description: 'The body may be left out: the link is then answered, not e-mailed.',
        params: creatorIdParams,
        body: bodyOrEmpty(sendStage2Schema),
        response: { 200: stage2LinkResultSchema, ...errorReplies(404, 409) },
      },
    },
    async (request) => {
      const { email } = request.body;
      const { link, expiresAt, change } = await sendStage2Link(db, {
        publicId: request.params.creatorId,
        performedBy: performedBy(request),
        linkTtlMs: config.stage2LinkMs,
        ...(email ? { email: { canEmail: config.alerts.smtp !== undefined } } : {}),
      });
      return { link, expiresAt, change };
    },
  );

  app.patch(
    '/:creatorId/status',
    {
      schema: {
        summary: 'Move a creator along the status machine (listing needs the marketplace URL)',
        params: creatorIdParams,
        body: bodyOrEmpty(statusChangeSchema),
        response: { 200: creatorChangeResultSchema, ...errorReplies(404, 409) },
      },
    },
    async (request) => {
      return changeCreatorStatus(db, {
        publicId: request.params.creatorId,
        performedBy: performedBy(request),
        change: request.body,
      });
    },
  );

  app.patch(
    '/:creatorId/list-directly',
    {
      schema: {
        summary: 'List a pending creator on the marketplace without stage 2',
        params: creatorIdParams,
        body: bodyOrEmpty(listingSchema),
        response: { 200: creatorChangeResultSchema, ...errorReplies(404, 409) },
      },
    },
    async (request) => {
      return listCreatorDirectly(db, {
        publicId: request.params.creatorId,
        performedBy: performedBy(request),
        listing: request.body,
      });
    },
  );

  // Both roles may note what they did (docs/decisions/025); the reply is the new activity entry.
  app.post(
    '/:creatorId/notes',
    {
      schema: {
        summary: "Add a note to a creator's activity log (it stops the 24–48 hour clock)",
        params: creatorIdParams,
        body: bodyOrEmpty(noteSchema),
        response: { 201: noteResultSchema, ...errorReplies(404) },
      },
    },
    async (request, reply) => {
      const entry = await addCreatorNote(db, {
        publicId: request.params.creatorId,
        performedBy: performedBy(request),
        note: request.body,
      });
      return reply.code(201).send({ entry });
    },
  );

  // Both roles contact creators (decision 060); the reply is the entry and the text as it was sent or prepared.
  app.post(
    '/:creatorId/contact',
    {
      schema: {
        summary: 'Send a creator a message from a template through the method she chose (it stops the clock)',
        description:
          'email: the server e-mails it through the outbox (SMTP_URL). whatsapp, telegram, sms and mailto: staff open the link; this records it.',
        params: creatorIdParams,
        body: bodyOrEmpty(contactSchema),
        response: { 201: contactResultSchema, ...errorReplies(404, 409) },
      },
    },
    async (request, reply) => {
      const result = await contactCreator(db, {
        publicId: request.params.creatorId,
        performedBy: performedBy(request),
        contact: request.body,
        brand: config.brandName,
        canEmail: config.alerts.smtp !== undefined,
      });
      return reply.code(201).send(result);
    },
  );

  app.post(
    '/bulk-contact',
    {
      schema: {
        summary: 'Contact many creators from one template, each in her own language',
        description:
          'Without send, only prepares: who gets the server e-mail, prepared links for the other methods, who cannot be reached. With send: true the e-mails go out.',
        body: bodyOrEmpty(bulkContactSchema),
        response: { 200: bulkContactResultSchema },
      },
    },
    async (request) =>
      bulkContact(db, {
        request: request.body,
        performedBy: performedBy(request),
        brand: config.brandName,
        canEmail: config.alerts.smtp !== undefined,
      }),
  );

  // Deleting is permanent (product §9): owners only.
  app.delete(
    '/:creatorId',
    {
      config: { permission: CREATOR_ACTIONS.delete.permission },
      schema: {
        summary: 'Delete a creator with their stage-2 answers, activity log and files (owners only)',
        params: creatorIdParams,
        response: { 200: messageResultSchema, ...errorReplies(404) },
      },
    },
    async (request) => {
      const admin = performedBy(request);
      const { creatorId, message } = await deleteCreator(db, store, {
        publicId: request.params.creatorId,
        log: request.log,
      });
      // The activity log goes with the creator, so the server log keeps who deleted whom (no contact details).
      request.log.info({ creatorId, admin }, 'creator deleted');
      return { message };
    },
  );
};
