import { useTranslation } from 'react-i18next';
import { AdminLayout } from '#client/components/layouts/admin-layout.tsx';

/** Recruiter management (spec §2 /admin/recruiters); the list and dialogs come with the recruiters issue. */
export function AdminRecruitersRoute() {
  const { t } = useTranslation();
  return <AdminLayout title={t('admin.recruiters.title')} />;
}
