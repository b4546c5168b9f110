import { z } from 'zod';
import { BULK_ACTIONS } from '../schemas/bulk.ts';
import { type BulkResult, bulkResultSchema } from './creators.ts';

/**
 * Bulk work that outlasts a request runs as a job (docs/decisions/034). A job is queued, runs, and ends
 * done (its summary is the bulk reply's), failed (something beyond single creators went wrong) or
 * interrupted (the server stopped or died while it ran; what it changed before is kept and listed).
 */
export const BULK_JOB_STATES = ['queued', 'running', 'done', 'failed', 'interrupted'] as const;
export type BulkJobState = (typeof BULK_JOB_STATES)[number];

/** States after which nothing more changes. */
export const FINISHED_BULK_JOB_STATES: readonly BulkJobState[] = ['done', 'failed', 'interrupted'];

/** What a job does: a bulk action, or `undo`, taking back a bulk action's changes (POST …/bulk/undo). */
export const BULK_JOB_ACTIONS = [...BULK_ACTIONS, 'undo'] as const;
export type BulkJobAction = (typeof BULK_JOB_ACTIONS)[number];

/** A job's summary: the bulk reply's; for `undo`, only `succeeded` (put back) and `failed`. */
export const bulkJobResultSchema = bulkResultSchema
  .extend({ action: z.enum(BULK_JOB_ACTIONS) })
  .meta({ id: 'BulkJobResult' });

const timestamp = z.iso.datetime();

/** 202 from POST /api/admin/creators/bulk and …/bulk/undo: the work goes on; `Location` names where to follow it. */
export const bulkJobAcceptedSchema = z
  .object({
    jobId: z.uuid(),
    action: z.enum(BULK_JOB_ACTIONS),
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
    result: bulkJobResultSchema
      .optional()
      .describe('When done: the summary the request would have answered. When interrupted: what had changed'),
  })
  .meta({ id: 'BulkJob' });

export type BulkJobAccepted = z.output<typeof bulkJobAcceptedSchema>;
export type BulkJob = z.output<typeof bulkJobSchema>;
export type BulkJobResult = z.output<typeof bulkJobResultSchema>;

/** A bulk action's summary (the reply of POST …/bulk), not an undo's. */
export const isActionResult = (result: BulkJobResult): result is BulkResult => result.action !== 'undo';
