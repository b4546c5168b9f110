import { useQuery } from '@tanstack/react-query';
import { apiGet } from '#client/lib/api-client.ts';
import { type BulkJob, FINISHED_BULK_JOB_STATES } from '#shared/replies/bulk-jobs.ts';
import { creatorKeys } from './query-keys.ts';

/** How often a running job is asked for its progress: often enough for the bar to move, rarely enough to be free. */
export const BULK_JOB_POLL_MS = 1000;

/** GET /api/admin/creators/bulk/jobs/{jobId} (docs/decisions/034). */
export function getBulkJob(jobId: string, signal?: AbortSignal): Promise<BulkJob> {
  return apiGet<BulkJob>(`/api/admin/creators/bulk/jobs/${encodeURIComponent(jobId)}`, { signal });
}

export const isFinished = (job: BulkJob | undefined) =>
  job !== undefined && FINISHED_BULK_JOB_STATES.includes(job.state);

/** A job's progress, asked again every second until it has ended. */
export function useBulkJob(jobId: string, pollMs = BULK_JOB_POLL_MS) {
  return useQuery({
    queryKey: creatorKeys.bulkJob(jobId),
    queryFn: ({ signal }) => getBulkJob(jobId, signal),
    refetchInterval: (query) => (isFinished(query.state.data) ? false : pollMs),
    // The job goes on while the tab is in the background; its outcome is due when the admin looks again.
    refetchIntervalInBackground: false,
    retry: 2,
  });
}
