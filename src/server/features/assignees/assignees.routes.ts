import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bodyOrEmpty, creatorIdParams, errorReplies } from '#server/lib/route-schemas.ts';
import { currentAdmin } from '#server/plugins/admin-session.ts';
import {
  assigneeListSchema,
  assignResultSchema,
  bulkAssignResultSchema,
  languagesResultSchema,
  workloadSchema,
} from '#shared/replies/assignees.ts';
import { assignSchema, bulkAssignSchema, languagesSchema } from '#shared/schemas/assignees.ts';
import { assignCreator, assignInBulk, listAssignees, setAdminLanguages, teamWorkload } from './assignees.service.ts';

/**
 * Owners of creators (decision 063), mounted at /api/admin. Any admin assigns: the team splits its own work. The
 * languages one works in are one's own to say.
 */
export const assigneeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;

  app.get(
    '/assignees',
    {
      schema: {
        summary: 'Every admin a creator may belong to, with the languages they work in and how many are theirs',
        response: { 200: assigneeListSchema },
      },
    },
    async () => ({ assignees: await listAssignees(db) }),
  );

  app.get(
    '/assignees/workload',
    {
      schema: {
        summary: "Each admin's creators still in play, by status, with their due and overdue pending ones",
        response: { 200: workloadSchema },
      },
    },
    async () => ({ workload: await teamWorkload(db) }),
  );

  app.put(
    '/creators/:creatorId/assignee',
    {
      schema: {
        summary: 'Make a creator one admin’s, or nobody’s',
        params: creatorIdParams,
        body: bodyOrEmpty(assignSchema),
        response: { 200: assignResultSchema, ...errorReplies(404) },
      },
    },
    async (request) =>
      assignCreator(db, {
        publicId: request.params.creatorId,
        adminId: request.body.adminId,
        performedBy: currentAdmin(request).username,
      }),
  );

  app.post(
    '/creators/bulk-assign',
    {
      schema: {
        summary: 'Make the selected creators one admin’s, or nobody’s',
        body: bodyOrEmpty(bulkAssignSchema),
        response: { 200: bulkAssignResultSchema },
      },
    },
    async (request) =>
      assignInBulk(db, {
        creatorIds: request.body.creatorIds,
        adminId: request.body.adminId,
        performedBy: currentAdmin(request).username,
      }),
  );

  app.put(
    '/account/languages',
    {
      schema: {
        summary: "Say which applicants' languages you work in (round-robin hands you those applications)",
        body: bodyOrEmpty(languagesSchema),
        response: { 200: languagesResultSchema },
      },
    },
    async (request) => ({ languages: await setAdminLanguages(db, currentAdmin(request).id, request.body.languages) }),
  );
};
