import { HistoryIcon } from 'lucide-react';
import { Fragment, useState } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '#client/components/ui/dialog.tsx';
import { useTranslation } from '#client/lib/i18n.ts';
import type { ActivityEntry } from '#shared/replies/creators.ts';
import { useCreatorDetail } from '../api/get-creator-detail.ts';
import { activityTime, describeActivity } from '../lib/activity-sentence.ts';
import { CreatorDialogError, CreatorDialogLoading } from './creator-dialog-states.tsx';

export interface CreatorActivityDialogProps {
  /** The public Creator ID (RC-…). */
  creatorId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

function ActivityItem({ entry, now }: { entry: ActivityEntry; now: number }) {
  const { t, i18n } = useTranslation('admin');
  const language = i18n.resolvedLanguage ?? 'en';
  const line = describeActivity({ t, language }, entry);
  const time = activityTime(entry.timestamp, language, now);
  return (
    <li className="grid gap-1.5 rounded-lg border bg-card p-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="font-medium">{line.sentence}</p>
        <time dateTime={entry.timestamp} title={time.full} className="text-xs tabular-nums text-muted-foreground">
          {time.text}
        </time>
      </div>
      <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
        {t('activity.by', { performedBy: line.performer })}
      </p>
      {line.note !== null && (
        <p className="whitespace-pre-wrap rounded-md bg-muted p-2 text-sm [overflow-wrap:anywhere]">{line.note}</p>
      )}
      {line.details.length > 0 && (
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded-md bg-muted p-2 text-sm">
          {line.details.map((detail) => (
            <Fragment key={detail.key}>
              <dt className="text-muted-foreground">{detail.label}</dt>
              <dd className="min-w-0 [overflow-wrap:anywhere]">{detail.value}</dd>
            </Fragment>
          ))}
        </dl>
      )}
    </li>
  );
}

function ActivityList({ entries }: { entries: readonly ActivityEntry[] }) {
  const { t } = useTranslation('admin');
  // One moment for the whole list, so every entry's 'minutes ago' is counted from the same now.
  const [now] = useState(Date.now);
  if (entries.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 py-12 text-center text-muted-foreground">
        <HistoryIcon className="size-8" aria-hidden="true" />
        <p>{t('activity.empty')}</p>
      </div>
    );
  }
  return (
    <ol className="grid gap-3">
      {entries.map((entry) => (
        <ActivityItem key={entry.id} entry={entry} now={now} />
      ))}
    </ol>
  );
}

/**
 * Product §2 'Activity Log: {creatorId}': each entry as a sentence in the admin's language, when (local time,
 * the exact moment on hover), who, and its extra details as labelled values rather than the stored JSON.
 */
export function CreatorActivityDialog({ creatorId, open, onOpenChange }: CreatorActivityDialogProps) {
  const { t } = useTranslation('admin');
  const detail = useCreatorDetail(creatorId, { enabled: open });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl gap-4 p-4 sm:p-6">
        <DialogHeader>
          <DialogTitle className="[overflow-wrap:anywhere]">{t('activity.title', { creatorId })}</DialogTitle>
          <DialogDescription>{t('activity.description')}</DialogDescription>
        </DialogHeader>
        {detail.data ? (
          <ActivityList entries={detail.data.activityLog} />
        ) : detail.isError ? (
          <CreatorDialogError error={detail.error} onRetry={() => detail.refetch()} />
        ) : (
          <CreatorDialogLoading />
        )}
      </DialogContent>
    </Dialog>
  );
}
