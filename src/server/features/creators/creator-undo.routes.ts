import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bodyOrEmpty, creatorIdParams, errorReplies } from '#server/lib/route-schemas.ts';
import { currentAdmin } from '#server/plugins/admin-session.ts';
import { bulkJobAcceptedSchema } from '#shared/replies/bulk-jobs.ts';
import { bulkUndoResultSchema, undoResultSchema } from '#shared/replies/creators.ts';
import { bulkUndoSchema, undoChangeSchema } from '#shared/schemas/undo.ts';
import type { BulkJobRunner } from './creator-bulk-jobs.service.ts';
import { normaliseCreatorId } from './creator-id.ts';
import { undoCreatorChange } from './creator-undo.service.ts';

/** Room for the most changes one bulk action makes (Creator ID and change id each), and no more. */
const BULK_UNDO_BODY_LIMIT = 1024 * 1024;

/**
 * Taking back one status change (docs/decisions/033). Both roles may take back what their role may do; the
 * service reads that from the actions table.
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
};

/**
 * POST …/bulk/undo: a bulk action's changes taken back as a job like the action (docs/decisions/034), in
 * batches, each change only while its creator is as the action left it. Registered by the bulk routes, whose
 * job runner it shares (one shutdown, one set of running jobs).
 */
export const creatorBulkUndoRoutes: FastifyPluginAsyncZod<{ jobs: BulkJobRunner }> = async (app, { jobs }) => {
  const { config } = app.deps;
  app.post(
    '/bulk/undo',
    {
      bodyLimit: BULK_UNDO_BODY_LIMIT,
      schema: {
        summary: "Put back a bulk action's changes, each one only if nothing else has changed its creator since",
        description:
          'Answers with who was put back when the work ends within a few seconds; otherwise 202 with the job ' +
          "(action `undo`), whose `Location` (GET …/bulk/jobs/{jobId}) gives progress and then the summary's " +
          '`succeeded` and `failed`.',
        body: bodyOrEmpty(bulkUndoSchema),
        response: { 200: bulkUndoResultSchema, 202: bulkJobAcceptedSchema },
      },
    },
    async (request, reply) => {
      const admin = currentAdmin(request);
      // One change per creator, as a bulk reply lists them; the Creator ID as the bulk runner spells it.
      const changes = new Map<string, string>();
      for (const { creatorId, change } of request.body.changes) {
        const id = normaliseCreatorId(creatorId) ?? creatorId;
        if (!changes.has(id)) changes.set(id, change);
      }
      const job = await jobs.start({
        work: { action: 'undo', changes, role: admin.role },
        targets: { creatorIds: request.body.changes.map((c) => c.creatorId) },
        admin,
        log: request.log,
      });
      const result = await Promise.race([job.finished, sleep(config.bulkReplyWithinMs, null, { ref: false })]);
      if (result) return { succeeded: result.succeeded, failed: result.failed };
      const location = `/api/admin/creators/bulk/jobs/${job.accepted.jobId}`;
      return reply.code(202).header('location', location).send(job.accepted);
    },
  );
};
