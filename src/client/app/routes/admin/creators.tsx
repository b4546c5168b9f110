import { useLocation } from 'wouter';
import { AdminLayout } from '#client/components/layouts/admin-layout.tsx';
import { CreatorsByStatus } from '#client/features/creators/components/creators-by-status.tsx';
import { useTranslation } from '#client/lib/i18n.ts';
import { type CreatorStatus, statusLabel } from '#shared/creator-status.ts';

/**
 * Creators with one status (spec §2 /admin/creators/{status}); the router only lets valid statuses through.
 * The title keeps the spec's form, the status with underscores as spaces ('stage2 sent Creators').
 */
export function AdminCreatorsRoute({ status }: { status: CreatorStatus }) {
  const { t } = useTranslation('admin');
  const [, navigate] = useLocation();
  return (
    <AdminLayout title={t('creators.title', { status: statusLabel(status) })}>
      {/* A new status starts a fresh screen: its own search, page and dialogs. */}
      <CreatorsByStatus
        key={status}
        status={status}
        onChanged={(newStatus) => navigate(`/admin/creators/${newStatus}`)}
      />
    </AdminLayout>
  );
}
