import { useTranslation } from 'react-i18next';
import { AdminLayout } from '#client/components/layouts/admin-layout.tsx';
import type { CreatorStatus } from '#shared/creator-status.ts';

/** Creators with one status (spec §2 /admin/creators/{status}); the router only lets valid statuses through. */
export function AdminCreatorsRoute({ status }: { status: CreatorStatus }) {
  const { t } = useTranslation();
  return <AdminLayout title={t('admin.creators.title', { status: t(`status.${status}`) })} />;
}
