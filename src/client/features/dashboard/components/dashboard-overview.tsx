import { RefreshCwIcon, TriangleAlertIcon } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { useTranslation } from '#client/lib/i18n.ts';
import { useCreatorSummary } from '../api/get-creator-summary.ts';
import { DashboardRecentSubmissions } from './dashboard-recent-submissions.tsx';
import { DashboardSlaCards } from './dashboard-sla-cards.tsx';
import { DashboardStatusCards } from './dashboard-status-cards.tsx';
import { DashboardWorkload } from './dashboard-workload.tsx';

/** Product §2 Dashboard: count cards, the 24–48 hour clock, then the recent submissions, from one summary call. */
export function DashboardOverview() {
  const { t } = useTranslation('admin');
  const summary = useCreatorSummary();

  if (summary.isError) {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 rounded-xl border bg-card px-4 py-12 text-center">
        <TriangleAlertIcon className="size-8 text-destructive" aria-hidden="true" />
        <p className="font-medium">{t('dashboard.loadFailed')}</p>
        <Button variant="outline" onClick={() => summary.refetch()} disabled={summary.isFetching}>
          <RefreshCwIcon aria-hidden="true" />
          {t('actions.retry')}
        </Button>
      </div>
    );
  }

  return (
    <div className="grid grid-cols-1 gap-6 lg:gap-8">
      <DashboardStatusCards counts={summary.data?.counts} />
      <DashboardSlaCards sla={summary.data?.sla} />
      <DashboardWorkload />
      <DashboardRecentSubmissions creators={summary.data?.recent} />
    </div>
  );
}
