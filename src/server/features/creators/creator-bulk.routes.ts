import type { FastifyInstance } from 'fastify';
import { AppError } from '#server/lib/app-error.ts';
import { currentAdmin, FORBIDDEN_MESSAGE } from '#server/plugins/admin-session.ts';
import { can } from '#shared/admin-roles.ts';
import { BULK_MESSAGES, type BulkTargetStatus, bulkRequestSchema } from '#shared/schemas/bulk.ts';
import { type BulkWork, runBulkAction } from './creator-bulk.service.ts';

/** Room for BULK_MAX_CREATORS Creator IDs, and no more. */
const BULK_BODY_LIMIT = 256 * 1024;

function workOf(
  body: { action: BulkWork['action']; status?: BulkTargetStatus | undefined },
  linkTtlMs: number,
): BulkWork {
  switch (body.action) {
    case 'status':
      if (!body.status) throw new AppError('VALIDATION_FAILED', BULK_MESSAGES.status, { status: BULK_MESSAGES.status });
      return { action: 'status', status: body.status };
    case 'stage2':
      return { action: 'stage2', linkTtlMs };
    case 'delete':
      return { action: 'delete' };
  }
}

/** POST /api/admin/creators/bulk (docs/decisions/027). */
export async function creatorBulkRoutes(app: FastifyInstance): Promise<void> {
  const { database, store, config } = app.deps;

  app.post('/bulk', { bodyLimit: BULK_BODY_LIMIT }, async (request) => {
    const body = bulkRequestSchema.parse(request.body ?? {});
    const admin = currentAdmin(request);
    // The role decides the whole request: a reviewer's bulk delete is refused before any creator is read.
    if (body.action === 'delete' && !can(admin.role, 'deleteCreators')) {
      throw new AppError('FORBIDDEN', FORBIDDEN_MESSAGE);
    }
    const work = workOf(body, config.stage2LinkMs);
    const targets = body.matching ? { matching: body.matching } : { creatorIds: body.creatorIds ?? [] };
    return runBulkAction(database.db, store, { work, targets, performedBy: admin.username, log: request.log });
  });
}
