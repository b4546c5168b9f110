import { z } from 'zod';
import { BULK_ACTIONS } from '../schemas/bulk.ts';
import { bulkResultSchema } from './creators.ts';

/**
 * Bulk work that outlasts a request runs as a job (docs/decisions/034). A job is queued, runs, and ends
 * done (its summary is the bulk reply's), failed (something beyond single creators went wrong) or
 * interrupted (the server stopped or died while it ran; what it changed before is kept and listed).
 */
export const BULK_JOB_STATES = ['queued', 'running', 'done', 'failed', 'interrupted'] as const;
export type BulkJobState = (typeof BULK_JOB_STATES)[number];

/** States after which nothing more changes. */
export const FINISHED_BULK_JOB_STATES: readonly BulkJobState[] = ['done', 'failed', 'interrupted'];

const timestamp = z.iso.datetime();

/** 202 from POST /api/admin/creators/bulk: the work goes on; `Location` names where to follow it. */
export const bulkJobAcceptedSchema = z
  .object({
    jobId: z.uuid(),
    action: z.enum(BULK_ACTIONS),
    state: z.enum(BULK_JOB_STATES),
    total: z.number().int().describe('Creators the request names, malformed ids included'),
    done: z.number().int().describe('Creators judged so far, changed or left as they were'),
  })
  .meta({ id: 'BulkJobAccepted' });

/** GET /api/admin/creators/bulk/jobs/{jobId}: progress, and the summary once the job has ended. */
export const bulkJobSchema = bulkJobAcceptedSchema
  .extend({
    startedBy: z.string(),
    createdAt: timestamp,
    finishedAt: timestamp.nullable(),
    result: bulkResultSchema
      .optional()
      .describe('When done: the summary the request would have answered. When interrupted: what had changed'),
  })
  .meta({ id: 'BulkJob' });

export type BulkJobAccepted = z.output<typeof bulkJobAcceptedSchema>;
export type BulkJob = z.output<typeof bulkJobSchema>;
