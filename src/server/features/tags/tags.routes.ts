import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bodyOrEmpty, creatorIdParams, errorReplies, noContent } from '#server/lib/route-schemas.ts';
import { currentAdmin } from '#server/plugins/admin-session.ts';
import { tagChangeResultSchema, tagListSchema, tagSchema } from '#shared/replies/tags.ts';
import { bulkTagsSchema, creatorTagsSchema, tagParams, tagSaveSchema } from '#shared/schemas/tags.ts';
import { changeTags, createTag, deleteTag, listTags, updateTag } from './tags.service.ts';

/**
 * Tags (decision 063), mounted at /api/admin. Every admin reads them and puts them on creators; owners define,
 * rename, recolour and delete them.
 */
export const tagRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const ownersOnly = { permission: 'manageLists' as const };

  app.get(
    '/tags',
    { schema: { summary: 'Every tag, by name, with how many creators carry it', response: { 200: tagListSchema } } },
    async () => ({ tags: await listTags(db) }),
  );

  app.post(
    '/tags',
    {
      config: ownersOnly,
      schema: {
        summary: 'Define a tag (owners only)',
        body: bodyOrEmpty(tagSaveSchema),
        response: { 201: tagSchema, ...errorReplies(409) },
      },
    },
    async (request, reply) => reply.code(201).send(await createTag(db, request.body)),
  );

  app.patch(
    '/tags/:id',
    {
      config: ownersOnly,
      schema: {
        summary: 'Rename or recolour a tag (owners only)',
        params: tagParams,
        body: bodyOrEmpty(tagSaveSchema),
        response: { 200: tagSchema, ...errorReplies(404) },
      },
    },
    async (request) => updateTag(db, request.params.id, request.body),
  );

  app.delete(
    '/tags/:id',
    {
      config: ownersOnly,
      schema: {
        summary: 'Delete a tag, taking it off every creator (owners only)',
        params: tagParams,
        response: { 204: noContent, ...errorReplies(404) },
      },
    },
    async (request, reply) => {
      await deleteTag(db, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/creators/:creatorId/tags',
    {
      schema: {
        summary: 'Put tags on a creator and take others off',
        params: creatorIdParams,
        body: bodyOrEmpty(creatorTagsSchema),
        response: { 200: tagChangeResultSchema },
      },
    },
    async (request) =>
      changeTags(db, {
        creatorIds: [request.params.creatorId],
        ...request.body,
        performedBy: currentAdmin(request).username,
      }),
  );

  app.post(
    '/creators/bulk-tags',
    {
      schema: {
        summary: 'Put tags on the selected creators and take others off',
        body: bodyOrEmpty(bulkTagsSchema),
        response: { 200: tagChangeResultSchema },
      },
    },
    async (request) => changeTags(db, { ...request.body, performedBy: currentAdmin(request).username }),
  );
};
