import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplies } from '#server/lib/route-schemas.ts';
import { currentAdmin } from '#server/plugins/admin-session.ts';
import { bulkJobSchema } from '#shared/replies/bulk-jobs.ts';
import { readBulkJob } from './creator-bulk-jobs.service.ts';

const jobParams = z.object({ jobId: z.uuid({ error: 'bulk.jobNotFound' }).describe('From the 202 reply') });

/** GET /api/admin/creators/bulk/jobs/{jobId} (docs/decisions/034): the admin who started it, or an owner. */
export const creatorBulkJobRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database } = app.deps;
  app.get(
    '/bulk/jobs/:jobId',
    {
      schema: {
        summary: "A bulk job's progress, and its summary once it has ended",
        params: jobParams,
        response: { 200: bulkJobSchema, ...errorReplies(403, 404) },
      },
    },
    async (request) => readBulkJob(database.db, request.params.jobId, currentAdmin(request)),
  );
};
