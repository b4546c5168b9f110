import { AdminLayout } from '#client/components/layouts/admin-layout.tsx';
import { CreatorBoard } from '#client/features/creators/components/creator-board.tsx';
import { renderRecruiterEmail } from '#client/features/recruiters/components/recruiter-email-of.tsx';
import { useTranslation } from '#client/lib/i18n.ts';

/** The board (decision 063): every status as a column, cards moved between them as the status machine allows. */
export function AdminBoardRoute() {
  const { t } = useTranslation('admin');
  return (
    <AdminLayout title={t('board.title')}>
      <CreatorBoard renderRecruiterEmail={renderRecruiterEmail} />
    </AdminLayout>
  );
}
