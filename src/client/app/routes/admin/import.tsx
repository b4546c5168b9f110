import { AdminLayout, useCan } from '#client/components/layouts/admin-layout.tsx';
import { ImportScreen } from '#client/features/import/components/import-screen.tsx';
import { useTranslation } from '#client/lib/i18n.ts';

/** Importing creators from a CSV (decision 061), owners only: the server refuses reviewers, and this page says so. */
export function AdminImportRoute() {
  const { t, ready } = useTranslation('import');
  const mayImport = useCan('importCreators');
  return (
    <AdminLayout title={ready ? t('title') : ''}>
      {ready && !mayImport && (
        <p role="alert" className="mx-auto max-w-3xl text-sm text-muted-foreground">
          {t('forbidden')}
        </p>
      )}
      {ready && mayImport && (
        <section
          aria-labelledby="import-heading"
          className="mx-auto w-full max-w-5xl rounded-xl border bg-card shadow-sm"
        >
          <div className="border-b p-4 sm:p-6">
            <h2 id="import-heading" className="text-lg font-semibold tracking-tight">
              {t('heading')}
            </h2>
            <p className="mt-1 text-sm text-muted-foreground">{t('description')}</p>
          </div>
          <div className="p-4 sm:p-6">
            <ImportScreen />
          </div>
        </section>
      )}
    </AdminLayout>
  );
}
