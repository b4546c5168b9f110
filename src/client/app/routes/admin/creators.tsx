import { useLocation } from 'wouter';
import { AdminLayout } from '#client/components/layouts/admin-layout.tsx';
import { CreatorsByStatus } from '#client/features/creators/components/creators-by-status.tsx';
import { renderRecruiterEmail } from '#client/features/recruiters/components/recruiter-email-of.tsx';
import { useTranslation } from '#client/lib/i18n.ts';
import { useStatusName } from '#client/lib/use-status-name.ts';
import type { CreatorStatus } from '#shared/creator-status.ts';

/**
 * Creators with one status (product §2 /admin/creators/{status}); the router only lets valid statuses through.
 * The English title keeps the spec's form, the status with underscores as spaces ('stage2 sent Creators');
 * other languages name the status in their own words.
 */
export function AdminCreatorsRoute({ status }: { status: CreatorStatus }) {
  const { t } = useTranslation('admin');
  const statusName = useStatusName();
  const [, navigate] = useLocation();
  return (
    <AdminLayout title={t('creators.title', { status: statusName(status) })}>
      {/* A new status starts a fresh screen: its own search, page and dialogs. */}
      <CreatorsByStatus
        key={status}
        status={status}
        onChanged={(newStatus) => navigate(`/admin/creators/${newStatus}`)}
        renderRecruiterEmail={renderRecruiterEmail}
      />
    </AdminLayout>
  );
}
