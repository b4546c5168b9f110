import { RefreshCwIcon, RotateCcwIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#client/components/ui/table.tsx';
import { formatDateTime } from '#client/lib/date-time.ts';
import { useTranslation } from '#client/lib/i18n.ts';
import { toast } from '#client/lib/toast.ts';
import type { DeliveryItem } from '#shared/replies/deliveries.ts';
import { DELIVERY_STATUS_NAMES, type DeliveryStatusName } from '#shared/schemas/delivery.ts';
import { useDeliveries, useRetryDelivery } from '../api/deliveries.ts';

const EVENT_KEYS = [
  'creator.submitted',
  'creator.stage2_submitted',
  'creator.status_changed',
  'creator.stage2_link',
  'creator.withdrawn',
  'creator.message',
];

function RetryButton({ delivery }: { delivery: DeliveryItem }) {
  const { t } = useTranslation('admin');
  const retry = useRetryDelivery();
  async function run() {
    try {
      await retry.mutateAsync(delivery.id);
      toast({ title: t('deliveries.retried') });
    } catch {
      toast({ variant: 'destructive', title: t('deliveries.retryFailed') });
    }
  }
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={retry.isPending}
      onClick={() => void run()}
      aria-label={t('deliveries.retryNamed', {
        channel: t(`deliveries.channels.${delivery.channel}`),
        creatorId: delivery.creatorId,
      })}
    >
      <RotateCcwIcon aria-hidden="true" />
      {t('deliveries.retry')}
    </Button>
  );
}

/** Every alert delivery, newest first, with its state, attempts and last error; failed ones can be retried (decision 024). */
export function DeliveryList() {
  const { t, i18n } = useTranslation('admin');
  const [status, setStatus] = useState<DeliveryStatusName | null>(null);
  const deliveries = useDeliveries(status);
  const data = deliveries.data;
  const eventName = (type: string) =>
    EVENT_KEYS.includes(type) ? t(`deliveries.events.${type as 'creator.submitted'}`) : type;

  return (
    <div className="grid gap-4">
      <div className="flex flex-col gap-3 px-4 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <fieldset className="flex flex-wrap items-center gap-2">
          <legend className="sr-only">{t('deliveries.filter')}</legend>
          {[null, ...DELIVERY_STATUS_NAMES].map((option) => (
            <Button
              key={option ?? 'all'}
              size="sm"
              variant={status === option ? 'default' : 'outline'}
              aria-pressed={status === option}
              onClick={() => setStatus(option)}
            >
              {t(`deliveries.statuses.${option ?? 'all'}`)}
            </Button>
          ))}
        </fieldset>
        {data && (
          <p className="text-sm text-muted-foreground">
            {t('deliveries.counts', { pending: data.counts.pending, failed: data.counts.failed })}
          </p>
        )}
      </div>
      {data && data.channels.length === 0 && (
        <p className="mx-4 rounded-lg border border-dashed p-3 text-sm text-muted-foreground sm:mx-6">
          {t('deliveries.noChannels')}
        </p>
      )}
      {deliveries.isError && !data ? (
        <div role="alert" className="flex flex-col items-center gap-4 p-6 text-sm text-destructive">
          {t('deliveries.loadFailed')}
          <Button variant="outline" size="sm" onClick={() => void deliveries.refetch()}>
            <RefreshCwIcon aria-hidden="true" />
            {t('deliveries.reload')}
          </Button>
        </div>
      ) : !data ? (
        <div className="h-24 animate-pulse bg-muted" aria-hidden="true" />
      ) : data.items.length === 0 ? (
        <p className="px-6 pb-6 text-sm text-muted-foreground">{t('deliveries.empty')}</p>
      ) : (
        <Table aria-label={t('deliveries.heading')} aria-busy={deliveries.isFetching}>
          <TableHeader>
            <TableRow>
              <TableHead className="ps-6">{t('deliveries.columns.created')}</TableHead>
              <TableHead>{t('deliveries.columns.creator')}</TableHead>
              <TableHead>{t('deliveries.columns.event')}</TableHead>
              <TableHead>{t('deliveries.columns.channel')}</TableHead>
              <TableHead>{t('deliveries.columns.status')}</TableHead>
              <TableHead>{t('deliveries.columns.attempts')}</TableHead>
              <TableHead>{t('deliveries.columns.detail')}</TableHead>
              <TableHead align="end" className="pe-6">
                {t('deliveries.columns.actions')}
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {data.items.map((delivery) => (
              <TableRow key={delivery.id}>
                <TableCell className="ps-6 whitespace-nowrap">
                  {formatDateTime(delivery.createdAt, i18n.language)}
                </TableCell>
                <th scope="row" className="px-4 py-3 text-start font-medium">
                  <span className="block">{delivery.name}</span>
                  <span className="font-mono text-xs text-muted-foreground">{delivery.creatorId}</span>
                </th>
                <TableCell>{eventName(delivery.type)}</TableCell>
                <TableCell>{t(`deliveries.channels.${delivery.channel}`)}</TableCell>
                <TableCell>{t(`deliveries.statuses.${delivery.status}`)}</TableCell>
                <TableCell>{delivery.attempts}</TableCell>
                <TableCell className="max-w-xs text-sm break-words">
                  {delivery.status === 'sent' &&
                    t('deliveries.sentAt', { date: formatDateTime(delivery.sentAt, i18n.language) })}
                  {delivery.status === 'pending' &&
                    delivery.nextAttemptAt &&
                    t('deliveries.nextAttempt', { date: formatDateTime(delivery.nextAttemptAt, i18n.language) })}
                  {delivery.lastError && <span className="block text-destructive">{delivery.lastError}</span>}
                </TableCell>
                <TableCell className="pe-6 text-end">
                  {delivery.status === 'failed' && <RetryButton delivery={delivery} />}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </div>
  );
}
