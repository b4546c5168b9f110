import { Link } from 'wouter';
import { Button, buttonVariants } from '#client/components/ui/button.tsx';
import { Progress } from '#client/components/ui/progress.tsx';
import { useTranslation } from '#client/lib/i18n.ts';
import type { ImportEnd } from '../api/run-import.ts';

/** While the batches commit: rows judged of the file's total, and creators made so far. */
export function ImportProgressView({
  fileName,
  done,
  total,
  created,
}: {
  fileName: string;
  done: number;
  total: number;
  created: number;
}) {
  const { t } = useTranslation('import');
  return (
    <div className="flex flex-col gap-3" aria-live="polite">
      <h3 className="text-base font-semibold break-all">{t('progress.heading', { name: fileName })}</h3>
      <Progress value={done} max={Math.max(total, 1)} aria-label={t('progress.rows', { done, total })} />
      <p className="text-sm">{t('progress.rows', { done, total })}</p>
      <p className="text-sm text-muted-foreground">{t('progress.created', { count: created })}</p>
      <p className="text-sm text-muted-foreground">{t('progress.keepOpen')}</p>
    </div>
  );
}

/** How the import ended: what was made and left out, or where it stopped; the way to the new creators. */
export function ImportResultView({
  end,
  failure,
  onAgain,
}: {
  end: ImportEnd | { type: 'lost'; created: number };
  failure?: string;
  onAgain: () => void;
}) {
  const { t } = useTranslation('import');
  return (
    <div className="flex flex-col gap-4">
      <h3 className="text-base font-semibold">{t('result.heading')}</h3>
      {end.type === 'done' && (
        <div role="status" className="flex flex-col gap-1 text-sm">
          <p className="font-medium">{t('result.created', { count: end.created })}</p>
          <p className="text-muted-foreground">
            {t('result.skipped', {
              invalid: t('report.invalid', { count: end.invalid }),
              duplicates: t('report.duplicates', { count: end.skipped }),
            })}
          </p>
        </div>
      )}
      {end.type === 'failed' && (
        <p role="alert" className="text-sm text-destructive">
          {t('result.stopped', { created: end.created, reason: failure ?? end.message })}
        </p>
      )}
      {end.type === 'lost' && (
        <p role="alert" className="text-sm text-destructive">
          {t('result.lost', { created: end.created })}
        </p>
      )}
      <div className="flex flex-col gap-2 sm:flex-row">
        <Link href="/admin/creators/pending" className={buttonVariants({})}>
          {t('result.openPending')}
        </Link>
        <Button variant="outline" onClick={onAgain}>
          {t('result.another')}
        </Button>
      </div>
    </div>
  );
}
