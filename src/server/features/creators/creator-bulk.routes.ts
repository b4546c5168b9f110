import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '#server/lib/app-error.ts';
import { bodyOrEmpty } from '#server/lib/route-schemas.ts';
import { currentAdmin, FORBIDDEN_MESSAGE } from '#server/plugins/admin-session.ts';
import { can } from '#shared/admin-roles.ts';
import { type BulkTargetStatus, CREATOR_MACHINE } from '#shared/creator-actions.ts';
import { bulkResultSchema } from '#shared/replies/creators.ts';
import { BULK_KEYS, bulkRequestSchema } from '#shared/schemas/bulk.ts';
import { type BulkWork, runBulkAction } from './creator-bulk.service.ts';
import { previewBulkAction } from './creator-bulk-preview.service.ts';

/** Room for BULK_MAX_CREATORS Creator IDs, and no more. */
const BULK_BODY_LIMIT = 256 * 1024;

function workOf(
  body: { action: BulkWork['action']; status?: BulkTargetStatus | undefined },
  linkTtlMs: number,
): BulkWork {
  switch (body.action) {
    case 'status':
      if (!body.status) throw new AppError('VALIDATION_FAILED', BULK_KEYS.status, { status: BULK_KEYS.status });
      return { action: 'status', status: body.status };
    case 'stage2':
      return { action: 'stage2', linkTtlMs };
    case 'delete':
      return { action: 'delete' };
  }
}

/** POST /api/admin/creators/bulk (docs/decisions/027). */
export const creatorBulkRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, store, config } = app.deps;

  app.post(
    '/bulk',
    {
      bodyLimit: BULK_BODY_LIMIT,
      schema: {
        summary: 'One action (status, stage-2 link or delete) for many creators, named or all matching a filter',
        // A body left out is read as `{}`, so the reply names the missing action and creators.
        body: bodyOrEmpty(bulkRequestSchema),
        response: { 200: bulkResultSchema },
      },
    },
    async (request) => {
      const body = request.body;
      const admin = currentAdmin(request);
      // The role decides the whole request: a reviewer's bulk delete is refused before any creator is read.
      if (!CREATOR_MACHINE.bulkPermissions(body.action).every((permission) => can(admin.role, permission))) {
        throw new AppError('FORBIDDEN', FORBIDDEN_MESSAGE);
      }
      const work = workOf(body, config.stage2LinkMs);
      const targets = body.matching ? { matching: body.matching } : { creatorIds: body.creatorIds ?? [] };
      if (body.dryRun) return previewBulkAction(database.db, { work, targets });
      return runBulkAction(database.db, store, { work, targets, performedBy: admin.username, log: request.log });
    },
  );
};
