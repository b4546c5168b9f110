import { useQueryClient } from '@tanstack/react-query';
import { LoaderCircleIcon } from 'lucide-react';
import { useEffect } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#client/components/ui/dialog.tsx';
import { Progress } from '#client/components/ui/progress.tsx';
import { isApiError } from '#client/lib/api-client.ts';
import { useTranslation } from '#client/lib/i18n.ts';
import { toast } from '#client/lib/toast.ts';
import { isActionResult } from '#shared/replies/bulk-jobs.ts';
import { isFinished, useBulkJob } from '../api/get-bulk-job.ts';
import { invalidateAfterBulkStatusChange, invalidateAfterDelete } from '../api/query-keys.ts';
import {
  forgetBulkJob,
  hideBulkJob,
  showBulkJob,
  useWatchedBulkJobs,
  type WatchedBulkJob,
} from '../lib/bulk-job-store.ts';
import { toastBulkUndone } from '../lib/use-bulk-undo.ts';
import { CreatorBulkResultDialog } from './creator-bulk-result-dialog.tsx';

/**
 * A bulk action that outlasted its request (docs/decisions/034): its progress while it runs, on whichever
 * admin page the admin is on, and its summary when it has ended. Mounted once around every admin page.
 */
export function CreatorBulkJobWatcher() {
  const [first] = useWatchedBulkJobs();
  return first ? <WatchedJob key={first.jobId} watched={first} /> : null;
}

function WatchedJob({ watched }: { watched: WatchedBulkJob }) {
  const { t, i18n } = useTranslation('admin');
  const queryClient = useQueryClient();
  const { data: job, error } = useBulkJob(watched.jobId);
  const hasEnded = isFinished(job);
  const number = new Intl.NumberFormat(i18n.resolvedLanguage);

  useEffect(() => {
    if (!hasEnded || !job) return;
    // The lists changed while the job ran; they are read again once, now that it has ended.
    if (job.action === 'delete') void invalidateAfterDelete(queryClient, job.result?.succeeded ?? []);
    else void invalidateAfterBulkStatusChange(queryClient);
    if (job.state === 'failed') {
      toast({ variant: 'destructive', title: t('bulk.failedToast'), description: t('bulkJob.failed') });
      forgetBulkJob(job.jobId);
    } else if (job.result && !isActionResult(job.result)) {
      // An undo's outcome is the toast a short undo shows; it has no summary to read through.
      toastBulkUndone(t, job.result);
      forgetBulkJob(job.jobId);
    }
  }, [hasEnded, job, queryClient, t]);

  useEffect(() => {
    // Gone, or another admin's (signed in anew in this tab): nothing of it to show here.
    if (isApiError(error) && (error.status === 403 || error.status === 404)) forgetBulkJob(watched.jobId);
  }, [error, watched.jobId]);

  if (hasEnded) {
    if (!job?.result || !isActionResult(job.result)) return null;
    const unhandled = job.total - job.done;
    return (
      <CreatorBulkResultDialog result={job.result} onClose={() => forgetBulkJob(job.jobId)}>
        {job.state === 'interrupted' && (
          <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm">
            {t('bulkJob.interrupted', { amount: number.format(unhandled) })}
          </p>
        )}
      </CreatorBulkResultDialog>
    );
  }

  const total = job?.total ?? watched.total;
  const done = Math.min(job?.done ?? 0, total);
  const progressText = t('bulkJob.progress', { done: number.format(done), total: number.format(total) });
  if (watched.isHidden) {
    return (
      <Button
        variant="outline"
        size="sm"
        className="fixed bottom-4 start-4 z-40 shadow-md"
        onClick={() => showBulkJob(watched.jobId)}
      >
        <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
        {t('bulkJob.running', { progress: progressText })}
      </Button>
    );
  }
  return (
    <Dialog open onOpenChange={(open) => !open && hideBulkJob(watched.jobId)}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>{t('bulkJob.title')}</DialogTitle>
          <DialogDescription>{t('bulkJob.description')}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <Progress
            value={done}
            max={Math.max(total, 1)}
            aria-label={t('bulkJob.title')}
            getValueLabel={() => progressText}
          />
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {progressText}
          </p>
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={() => hideBulkJob(watched.jobId)}>
            {t('bulkJob.hide')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
