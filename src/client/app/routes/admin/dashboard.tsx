import { AdminLayout } from '#client/components/layouts/admin-layout.tsx';
import { DashboardOverview } from '#client/features/dashboard/components/dashboard-overview.tsx';
import { useTranslation } from '#client/lib/i18n.ts';

/** Dashboard (product §2 /admin/dashboard): 'Creator Submissions Overview'. */
export function AdminDashboardRoute() {
  const { t } = useTranslation('admin');
  return (
    <AdminLayout title={t('dashboard.title')}>
      <DashboardOverview />
    </AdminLayout>
  );
}
