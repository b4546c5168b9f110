import { AdminLayout } from '#client/components/layouts/admin-layout.tsx';
import { InsightsOverview } from '#client/features/insights/components/insights-overview.tsx';
import { useTranslation } from '#client/lib/i18n.ts';

/** Insights (/admin/insights, decision 026): where applicants give up, who converts, how long each stage takes. */
export function AdminInsightsRoute() {
  const { t } = useTranslation('admin');
  return (
    <AdminLayout title={t('insights.title')}>
      <InsightsOverview />
    </AdminLayout>
  );
}
