import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { bulkJobs } from '#server/db/staff-work-schema.ts';
import { AppError, notFound } from '#server/lib/app-error.ts';
import type { FileStore } from '#server/lib/file-store.ts';
import { FORBIDDEN_MESSAGE } from '#server/plugins/admin-session.ts';
import type { AdminRole } from '#shared/admin-roles.ts';
import type { BulkJob, BulkJobAccepted, BulkJobResult } from '#shared/replies/bulk-jobs.ts';
import {
  applyInBatches,
  type BulkLog,
  type BulkOutcome,
  type BulkTargets,
  type BulkWork,
  bulkTargetIds,
  emptyOutcome,
  logBulkFinished,
  resultOf,
} from './creator-bulk.service.ts';

/**
 * Bulk actions as jobs (docs/decisions/034). Every bulk request is a `bulk_jobs` row whose progress commits
 * with each batch of creators; the request waits a few seconds for it and answers 202 if it is still going.
 * A job runs in the process that accepted it: stopping the app interrupts it between batches, and a process
 * that died leaves it for the next start (or, on PostgreSQL, any instance once its heartbeat is stale).
 */

/** A running job's heartbeat moves every batch (well under a second); one this old belongs to no live process. */
export const ABANDONED_AFTER_MS = 5 * 60_000;

export const BULK_JOB_NOT_FOUND = 'bulk.jobNotFound';

type JobRow = typeof bulkJobs.$inferSelect;

export interface StartedJob {
  accepted: BulkJobAccepted;
  /** The summary once every creator was judged; null if the job was interrupted or failed. */
  finished: Promise<BulkJobResult | null>;
}

export interface BulkJobRunner {
  start(input: {
    work: BulkWork;
    targets: BulkTargets;
    admin: { id: string; username: string };
    log: BulkLog;
  }): Promise<StartedJob>;
  /** Stops every job between two batches, marking it interrupted, and waits for that. */
  stop(): Promise<void>;
}

function scopeOf(work: BulkWork, targets: BulkTargets) {
  return {
    ...(work.action === 'status' ? { status: work.status } : {}),
    ...('matching' in targets ? { matching: targets.matching } : { creatorIds: targets.creatorIds.length }),
  };
}

/**
 * The embedded database runs one transaction at a time and every other query waits for it (pglite-thread.ts),
 * so a job there rests a third of each batch's time after it: the admin's other pages get their turn, for a
 * quarter more time on the job. PostgreSQL runs other queries beside it and needs no rest.
 */
export const restOnSharedDatabase = (batchMs: number) => sleep(Math.min(Math.max(batchMs / 3, 5), 500));

export function createBulkJobRunner(
  db: Db,
  store: FileStore,
  options: { pause?: (batchMs: number) => Promise<void>; statusBatchSize?: number } = {},
): BulkJobRunner {
  const running = new Set<Promise<unknown>>();
  let isStopping = false;

  async function run(job: JobRow, work: BulkWork, ids: string[], outcome: BulkOutcome, log: BulkLog) {
    const progress = async (tx: DbOrTx, state: JobRow['state'] = 'running') => {
      await tx
        .update(bulkJobs)
        .set({
          done: outcome.succeeded.length + outcome.failed.length,
          result: resultOf(work.action, outcome),
          state,
          heartbeatAt: sql`now()`,
          ...(state === 'running' ? {} : { finishedAt: sql`now()` }),
        })
        .where(eq(bulkJobs.id, job.id));
    };
    try {
      const isComplete = await applyInBatches(db, store, {
        work,
        performedBy: job.startedBy,
        log,
        ids,
        outcome,
        onBatch: (tx) => progress(tx),
        shouldStop: () => isStopping,
        ...(options.pause ? { pause: options.pause } : {}),
        ...(options.statusBatchSize ? { statusBatchSize: options.statusBatchSize } : {}),
      });
      await progress(db, isComplete ? 'done' : 'interrupted');
      logBulkFinished(log, work, outcome, job.startedBy);
      if (!isComplete) log.info({ jobId: job.id, done: outcome.succeeded.length }, 'bulk job interrupted by shutdown');
      return isComplete ? resultOf(work.action, outcome) : null;
    } catch (error) {
      log.error({ err: error, jobId: job.id }, 'bulk job failed');
      await db
        .update(bulkJobs)
        .set({ state: 'failed', finishedAt: sql`now()` })
        .where(eq(bulkJobs.id, job.id))
        .catch(() => {});
      return null;
    }
  }

  return {
    async start({ work, targets, admin, log }) {
      if (isStopping) throw new AppError('UNAVAILABLE', 'server.unavailable');
      const outcome = emptyOutcome();
      // Resolved first: a request over the cap is a 400 and leaves no job behind.
      const ids = await bulkTargetIds(db, targets, outcome);
      const [job] = await db
        .insert(bulkJobs)
        .values({
          adminId: admin.id,
          startedBy: admin.username,
          action: work.action,
          scope: scopeOf(work, targets),
          total: ids.length + outcome.failed.length,
          done: outcome.failed.length,
          state: 'running',
          result: resultOf(work.action, outcome),
        })
        .returning();
      if (!job) throw new Error('the bulk job was not recorded');
      const finished = run(job, work, ids, outcome, log);
      running.add(finished);
      void finished.finally(() => running.delete(finished));
      return {
        accepted: { jobId: job.id, action: job.action, state: job.state, total: job.total, done: job.done },
        finished,
      };
    },
    async stop() {
      isStopping = true;
      await Promise.all([...running]);
    },
  };
}

/**
 * Jobs no process is running any more become interrupted: at start-up every unfinished one on the embedded
 * database (one process), and on PostgreSQL those whose heartbeat is older than ABANDONED_AFTER_MS. What they
 * changed stays changed, and their summary so far says what.
 */
export async function interruptAbandonedJobs(db: DbOrTx, olderThanMs: number): Promise<number> {
  const rows = await db
    .update(bulkJobs)
    .set({ state: 'interrupted', finishedAt: sql`now()` })
    .where(
      and(
        inArray(bulkJobs.state, ['queued', 'running']),
        lt(bulkJobs.heartbeatAt, sql`now() - make_interval(secs => ${olderThanMs / 1000})`),
      ),
    )
    .returning({ id: bulkJobs.id });
  return rows.length;
}

/**
 * A finished job is kept a week: long enough for the admin who started it to come back to its summary, no
 * longer, since a stage-2 run's summary holds the links it made (as the outbox holds an e-mailed one).
 */
export const BULK_JOB_KEEP_MS = 7 * 24 * 60 * 60_000;

/** The hourly upkeep: jobs whose process is gone become interrupted, and finished jobs past their week go. */
export async function tidyBulkJobs(db: Db): Promise<void> {
  await interruptAbandonedJobs(db, ABANDONED_AFTER_MS);
  await db
    .delete(bulkJobs)
    .where(lt(bulkJobs.finishedAt, sql`now() - make_interval(secs => ${BULK_JOB_KEEP_MS / 1000})`));
}

/** GET …/bulk/jobs/{jobId}: for the admin who started it, or an owner. */
export async function readBulkJob(db: Db, jobId: string, reader: { id: string; role: AdminRole }): Promise<BulkJob> {
  let [job] = await db.select().from(bulkJobs).where(eq(bulkJobs.id, jobId));
  if (!job) throw notFound(BULK_JOB_NOT_FOUND);
  if (job.adminId !== reader.id && reader.role !== 'owner') throw new AppError('FORBIDDEN', FORBIDDEN_MESSAGE);
  if (job.state === 'running' && Date.now() - job.heartbeatAt.getTime() > ABANDONED_AFTER_MS) {
    await interruptAbandonedJobs(db, ABANDONED_AFTER_MS);
    [job] = await db.select().from(bulkJobs).where(eq(bulkJobs.id, jobId));
    if (!job) throw notFound(BULK_JOB_NOT_FOUND);
  }
  const isFinished = job.state === 'done' || job.state === 'interrupted';
  return {
    jobId: job.id,
    action: job.action,
    state: job.state,
    total: job.total,
    done: job.done,
    startedBy: job.startedBy,
    createdAt: job.createdAt.toISOString(),
    finishedAt: job.finishedAt?.toISOString() ?? null,
    ...(isFinished && job.result ? { result: job.result } : {}),
  };
}
