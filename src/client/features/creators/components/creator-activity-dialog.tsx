import { HistoryIcon } from 'lucide-react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '#client/components/ui/dialog.tsx';
import { useTranslation } from '#client/lib/i18n.ts';
import type { ActivityEntry } from '#shared/replies/creators.ts';
import { useCreatorDetail } from '../api/get-creator-detail.ts';
import { CreatorDialogError, CreatorDialogLoading } from './creator-dialog-states.tsx';
import { noteTextOf } from './creator-notes-section.tsx';

export interface CreatorActivityDialogProps {
  /** The public Creator ID (RC-…). */
  creatorId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

function hasInfo(info: ActivityEntry['additionalInfo']): info is Record<string, unknown> {
  return info !== null && Object.keys(info).length > 0;
}

function ActivityList({ entries }: { entries: readonly ActivityEntry[] }) {
  const { t, i18n } = useTranslation('admin');
  const format = new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'medium', timeStyle: 'medium' });
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
      {entries.map((entry) => {
        const note = noteTextOf(entry);
        return (
          <li key={entry.id} className="grid gap-1.5 rounded-lg border bg-card p-3">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
              <p className="font-medium">{entry.action}</p>
              <time dateTime={entry.timestamp} className="text-xs tabular-nums text-muted-foreground">
                {format.format(new Date(entry.timestamp))}
              </time>
            </div>
            <p className="text-sm text-muted-foreground">{t('activity.by', { performedBy: entry.performedBy })}</p>
            {/* A note is read as written; other details stay the spec's formatted JSON. */}
            {note !== null ? (
              <p className="whitespace-pre-wrap rounded-md bg-muted p-2 text-sm [overflow-wrap:anywhere]">{note}</p>
            ) : (
              hasInfo(entry.additionalInfo) && (
                <pre className="whitespace-pre-wrap rounded-md bg-muted p-2 font-mono text-xs leading-relaxed [overflow-wrap:anywhere]">
                  {JSON.stringify(entry.additionalInfo, null, 2)}
                </pre>
              )
            )}
          </li>
        );
      })}
    </ol>
  );
}

/** Product §2 'Activity Log: {creatorId}': action, time, who, and any extra details as formatted JSON. */
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
