import { AdminLayout } from '#client/components/layouts/admin-layout.tsx';
import { MessageTemplatesScreen } from '#client/features/templates/components/message-templates-screen.tsx';
import { useTranslation } from '#client/lib/i18n.ts';

/**
 * The messages staff send creators (decision 060). Owners change them; reviewers, who send them too, read them
 * here unchangeable, as the server allows them to.
 */
export function AdminTemplatesRoute() {
  const { t, ready } = useTranslation('templates');
  return (
    <AdminLayout title={ready ? t('title') : ''}>
      {ready && (
        <section
          aria-labelledby="templates-heading"
          className="mx-auto w-full max-w-6xl rounded-xl border bg-card shadow-sm"
        >
          <div className="border-b p-4 sm:p-6">
            <h2 id="templates-heading" className="text-lg font-semibold tracking-tight">
              {t('heading')}
            </h2>
            <p className="mt-1 text-sm text-muted-foreground">{t('description')}</p>
          </div>
          <div className="p-4 sm:p-6">
            <MessageTemplatesScreen />
          </div>
        </section>
      )}
    </AdminLayout>
  );
}
