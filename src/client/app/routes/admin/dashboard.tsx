import { useTranslation } from 'react-i18next';
import { AdminLayout } from '#client/components/layouts/admin-layout.tsx';

/** Dashboard (spec §2 /admin/dashboard); counts and recent submissions come with the dashboard issue. */
export function AdminDashboardRoute() {
  const { t } = useTranslation();
  return <AdminLayout title={t('admin.dashboard.title')} />;
}
