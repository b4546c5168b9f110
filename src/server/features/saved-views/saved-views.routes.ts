import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bodyOrEmpty, errorReplies, noContent } from '#server/lib/route-schemas.ts';
import { currentAdmin } from '#server/plugins/admin-session.ts';
import { savedViewListSchema, savedViewSchema } from '#shared/replies/saved-views.ts';
import { savedViewCreateSchema, savedViewParams, savedViewUpdateSchema } from '#shared/schemas/saved-views.ts';
import { createSavedView, deleteSavedView, listSavedViews, updateSavedView } from './saved-views.service.ts';

/**
 * Saved views (decision 063), mounted at /api/admin/views. Any admin keeps views of their own and shares them
 * with the team; only a view's maker changes it, and an owner may also delete a shared one.
 */
export const savedViewRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;

  app.get(
    '/',
    {
      schema: {
        summary: 'Your views and those the team shares, with how many creators each shows now',
        response: { 200: savedViewListSchema },
      },
    },
    async (request) => ({ views: await listSavedViews(db, currentAdmin(request)) }),
  );

  app.post(
    '/',
    {
      schema: {
        summary: 'Keep a list’s filters as a named view, personal or shared with the team',
        body: bodyOrEmpty(savedViewCreateSchema),
        response: { 201: savedViewSchema, ...errorReplies(409) },
      },
    },
    async (request, reply) => reply.code(201).send(await createSavedView(db, request.body, currentAdmin(request))),
  );

  app.patch(
    '/:id',
    {
      schema: {
        summary: 'Rename your view, or share it with the team or take it back',
        params: savedViewParams,
        body: bodyOrEmpty(savedViewUpdateSchema),
        response: { 200: savedViewSchema, ...errorReplies(403, 404) },
      },
    },
    async (request) => updateSavedView(db, request.params.id, request.body, currentAdmin(request)),
  );

  app.delete(
    '/:id',
    {
      schema: {
        summary: 'Delete your view (an owner may also delete a shared one)',
        params: savedViewParams,
        response: { 204: noContent, ...errorReplies(403, 404) },
      },
    },
    async (request, reply) => {
      await deleteSavedView(db, request.params.id, currentAdmin(request));
      return reply.status(204).send(null);
    },
  );
};
