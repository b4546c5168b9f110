import { AdminLayout, useAdminSession, useCan } from '#client/components/layouts/admin-layout.tsx';
import { AdminCreateDialog } from '#client/features/admins/components/admin-create-dialog.tsx';
import { AdminList } from '#client/features/admins/components/admin-list.tsx';
import { useTranslation } from '#client/lib/i18n.ts';

/** Managing admins (decision 021), owners only: the server refuses reviewers, and this page says so. */
export function AdminAdminsRoute() {
  const { t, ready } = useTranslation('account');
  const mayManage = useCan('manageAdmins');
  const session = useAdminSession();
  return (
    <AdminLayout title={ready ? t('admins.title') : ''}>
      {ready && !mayManage && (
        <p role="alert" className="mx-auto max-w-3xl text-sm text-muted-foreground">
          {t('admins.forbidden')}
        </p>
      )}
      {ready && mayManage && (
        <section
          aria-labelledby="admins-heading"
          className="mx-auto w-full max-w-6xl overflow-hidden rounded-xl border bg-card shadow-sm"
        >
          <div className="flex flex-col gap-4 border-b p-4 sm:flex-row sm:items-center sm:justify-between sm:p-6">
            <div className="min-w-0">
              <h2 id="admins-heading" className="text-lg font-semibold tracking-tight">
                {t('admins.heading')}
              </h2>
              <p className="mt-1 text-sm text-muted-foreground">{t('admins.description')}</p>
            </div>
            <AdminCreateDialog />
          </div>
          <AdminList currentUsername={session?.username ?? null} />
        </section>
      )}
    </AdminLayout>
  );
}
