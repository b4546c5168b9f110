import { useTranslation } from 'react-i18next';
import { AdminLayout } from '#client/components/layouts/admin-layout.tsx';
import { DashboardOverview } from '#client/features/dashboard/components/dashboard-overview.tsx';

/** Dashboard (spec §2 /admin/dashboard): 'Creator Submissions Overview'. */
export function AdminDashboardRoute() {
  const { t } = useTranslation('admin');
  return (
    <AdminLayout title={t('dashboard.title')}>
      <DashboardOverview />
    </AdminLayout>
  );
}
