import { LoaderCircleIcon, RefreshCwIcon, TriangleAlertIcon } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { isApiError } from '#client/lib/api-client.ts';
import { useTranslation } from '#client/lib/i18n.ts';

export function CreatorDialogLoading() {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-16 text-sm text-muted-foreground">
      <LoaderCircleIcon className="size-5 animate-spin text-primary" aria-hidden="true" />
      {t('common.loading')}
    </div>
  );
}

/** A failed detail read: gone (404, e.g. deleted meanwhile) or worth another try. */
export function CreatorDialogError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('admin');
  const isGone = isApiError(error) && error.status === 404;
  return (
    <div role="alert" className="flex flex-col items-center gap-3 py-12 text-center">
      <TriangleAlertIcon className="size-8 text-destructive" aria-hidden="true" />
      <p className="font-medium">{isGone ? t('details.notFound') : t('details.loadFailed')}</p>
      {!isGone && (
        <Button variant="outline" onClick={onRetry}>
          <RefreshCwIcon aria-hidden="true" />
          {t('actions.retry')}
        </Button>
      )}
    </div>
  );
}
