import { inArray } from 'drizzle-orm';
import { creators } from '#server/db/schema.ts';
import { BULK_STATUS_BATCH_SIZE } from '#server/features/creators/creator-bulk.service.ts';
import type { CreatorStatus } from '#shared/creator-status.ts';
import type { BulkJob } from '#shared/replies/bulk-jobs.ts';
import { insertCreators } from '#tests/factories.ts';
import { buildTestApp, type FileTestApp } from '#tests/setup/test-app.ts';

/** More creators than two of the server's batches: a job of them is still running when a screen first asks. */
export const LONG_BULK_COUNT = 2 * BULK_STATUS_BATCH_SIZE.pglite + 50;

/** `count` stage-1 creators in `status`, straight into the database (quicker than the API for hundreds). */
export async function seedCreators(t: FileTestApp, status: CreatorStatus, count: number): Promise<string[]> {
  return (await insertCreators(t.database.db, count, { status })).map((row) => row.creatorId);
}

export async function storedStatuses(t: FileTestApp, creatorIds: readonly string[]): Promise<CreatorStatus[]> {
  const rows = await t.database.db
    .select({ status: creators.status })
    .from(creators)
    .where(inArray(creators.creatorId, [...creatorIds]));
  return rows.map((row) => row.status);
}

export async function readBulkJob(t: FileTestApp, jobId: string): Promise<BulkJob> {
  const reply = await t.app.inject({
    method: 'GET',
    url: `/api/admin/creators/bulk/jobs/${jobId}`,
    headers: t.headers,
  });
  return reply.json<BulkJob>();
}

/**
 * A job its server stopped under: started by the file's owner on a second instance of the app on the same
 * database, which is closed at once, so the job ends interrupted after its first batch.
 */
export async function interruptedBulkJob(t: FileTestApp, creatorIds: readonly string[]): Promise<BulkJob> {
  const second = await buildTestApp({ database: t.database, config: { bulkReplyWithinMs: 0 } });
  const started = await second.app.inject({
    method: 'POST',
    url: '/api/admin/creators/bulk',
    headers: t.headers,
    payload: { action: 'status', status: 'finalized', creatorIds },
  });
  await second.close();
  return readBulkJob(t, started.json<{ jobId: string }>().jobId);
}
