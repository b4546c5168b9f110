import { AdminLayout } from '#client/components/layouts/admin-layout.tsx';
import { CancelReasonsEditor } from '#client/features/lists/components/cancel-reasons-editor.tsx';
import { TagsEditor } from '#client/features/lists/components/tags-editor.tsx';
import { useTranslation } from '#client/lib/i18n.ts';

/** The lists the team shares (decision 063): cancel reasons and tags; owners keep them, reviewers read them. */
export function AdminListsRoute() {
  const { t } = useTranslation('admin');
  return (
    <AdminLayout title={t('lists.title')}>
      <div className="mx-auto grid w-full max-w-3xl grid-cols-[minmax(0,1fr)] gap-6">
        <section aria-labelledby="cancel-reasons-heading" className="rounded-xl border bg-card shadow-sm">
          <div className="border-b p-4 sm:p-6">
            <h2 id="cancel-reasons-heading" className="text-lg font-semibold tracking-tight">
              {t('lists.cancelReasons')}
            </h2>
            <p className="mt-1 text-sm text-muted-foreground">{t('lists.cancelReasonsDescription')}</p>
          </div>
          <div className="p-4 sm:p-6">
            <CancelReasonsEditor />
          </div>
        </section>
        <section aria-labelledby="tags-heading" className="rounded-xl border bg-card shadow-sm">
          <div className="border-b p-4 sm:p-6">
            <h2 id="tags-heading" className="text-lg font-semibold tracking-tight">
              {t('tags.heading')}
            </h2>
            <p className="mt-1 text-sm text-muted-foreground">{t('tags.description')}</p>
          </div>
          <div className="p-4 sm:p-6">
            <TagsEditor />
          </div>
        </section>
      </div>
    </AdminLayout>
  );
}
