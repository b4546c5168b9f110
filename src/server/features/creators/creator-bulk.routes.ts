import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/lib/app-error.ts';
import { bodyOrEmpty } from '#server/lib/route-schemas.ts';
import { currentAdmin, FORBIDDEN_MESSAGE } from '#server/plugins/admin-session.ts';
import { can } from '#shared/admin-roles.ts';
import { CREATOR_MACHINE } from '#shared/creator-actions.ts';
import { bulkJobAcceptedSchema, isActionResult } from '#shared/replies/bulk-jobs.ts';
import { bulkResultSchema } from '#shared/replies/creators.ts';
import { BULK_KEYS, bulkQuerySchema, bulkRequestSchema } from '#shared/schemas/bulk.ts';
import { CANCEL_REASON_KEYS } from '#shared/schemas/cancel-reasons.ts';
import { checkCancelReason } from '../cancel-reasons/cancel-reasons.service.ts';
import { BULK_STATUS_BATCH_SIZE, type BulkActionWork } from './creator-bulk.service.ts';
import { creatorBulkJobRoutes } from './creator-bulk-jobs.routes.ts';
import {
  ABANDONED_AFTER_MS,
  createBulkJobRunner,
  interruptAbandonedJobs,
  restOnSharedDatabase,
} from './creator-bulk-jobs.service.ts';
import { previewBulkAction } from './creator-bulk-preview.service.ts';
import { withViewer } from './creator-list-filters.ts';
import { creatorBulkUndoRoutes } from './creator-undo.routes.ts';

/** Room for BULK_MAX_CREATORS Creator IDs, and no more. */
const BULK_BODY_LIMIT = 256 * 1024;

async function workOf(db: Db, body: BulkRequestBody, linkTtlMs: number): Promise<BulkActionWork> {
  switch (body.action) {
    case 'status': {
      if (!body.status) throw new AppError('VALIDATION_FAILED', BULK_KEYS.status, { status: BULK_KEYS.status });
      // Checked once for the whole request: a reason that does not fit refuses it before any creator moves.
      const cancelReason = await checkCancelReason(db, body);
      if (cancelReason && body.status !== 'cancelled') {
        throw new AppError('VALIDATION_FAILED', CANCEL_REASON_KEYS.onlyWhenCancelling, {
          cancelReasonId: CANCEL_REASON_KEYS.onlyWhenCancelling,
        });
      }
      return { action: 'status', status: body.status, cancelReason };
    }
    case 'stage2':
      return { action: 'stage2', linkTtlMs };
    case 'delete':
      return { action: 'delete' };
  }
}

type BulkRequestBody = Pick<z.output<typeof bulkRequestSchema>, 'action' | 'status' | 'cancelReasonId' | 'cancelNote'>;

/** POST /api/admin/creators/bulk (docs/decisions/027), run as a job (docs/decisions/034). */
export const creatorBulkRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, store, config } = app.deps;
  const jobs = createBulkJobRunner(
    database.db,
    store,
    database.driver === 'pglite'
      ? { pause: restOnSharedDatabase, statusBatchSize: BULK_STATUS_BATCH_SIZE.pglite }
      : { statusBatchSize: BULK_STATUS_BATCH_SIZE.postgres },
  );
  // Jobs of a process that is gone: on the embedded database every unfinished one (one process holds it).
  // A database that is down does not keep the server from starting (it answers 503 until it is back); the
  // hourly upkeep marks such jobs later.
  app.addHook('onReady', async () => {
    try {
      const count = await interruptAbandonedJobs(database.db, database.driver === 'pglite' ? 0 : ABANDONED_AFTER_MS);
      if (count > 0) app.log.warn({ count }, 'bulk jobs left unfinished by an earlier run marked interrupted');
    } catch (error) {
      app.log.warn({ err: error }, 'bulk jobs left unfinished could not be checked at start-up');
    }
  });
  // Before the database closes: each running job stops after its current batch and is marked interrupted.
  app.addHook('onClose', () => jobs.stop());
  await app.register(creatorBulkJobRoutes);
  await app.register(creatorBulkUndoRoutes, { jobs });

  app.post(
    '/bulk',
    {
      bodyLimit: BULK_BODY_LIMIT,
      schema: {
        summary: 'One action (status, stage-2 link or delete) for many creators, named or all matching a filter',
        // A body left out is read as `{}`, so the reply names the missing action and creators.
        description:
          'Answers with the summary when the work ends within a few seconds; otherwise 202 with the job, whose ' +
          '`Location` (GET …/bulk/jobs/{jobId}) gives progress and then the same summary. `?async=1` always answers 202.',
        querystring: bulkQuerySchema,
        body: bodyOrEmpty(bulkRequestSchema),
        response: { 200: bulkResultSchema, 202: bulkJobAcceptedSchema },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const admin = currentAdmin(request);
      // The role decides the whole request: a reviewer's bulk delete is refused before any creator is read.
      if (!CREATOR_MACHINE.bulkPermissions(body.action).every((permission) => can(admin.role, permission))) {
        throw new AppError('FORBIDDEN', FORBIDDEN_MESSAGE);
      }
      const work = await workOf(database.db, body, config.stage2LinkMs);
      const targets = body.matching
        ? { matching: withViewer(body.matching, admin.id) }
        : { creatorIds: body.creatorIds ?? [] };
      if (body.dryRun) return previewBulkAction(database.db, { work, targets });
      const job = await jobs.start({ work, targets, admin, log: request.log });
      const isAsync = request.query.async === '1';
      const result = isAsync
        ? null
        : await Promise.race([job.finished, sleep(config.bulkReplyWithinMs, null, { ref: false })]);
      if (result && isActionResult(result)) return result;
      const location = `/api/admin/creators/bulk/jobs/${job.accepted.jobId}`;
      return reply.code(202).header('location', location).send(job.accepted);
    },
  );
};
