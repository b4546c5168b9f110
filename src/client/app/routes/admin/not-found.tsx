import { ArrowLeftIcon, CompassIcon } from 'lucide-react';
import { Link } from 'wouter';
import { AdminLayout } from '#client/components/layouts/admin-layout.tsx';
import { buttonVariants } from '#client/components/ui/button.tsx';
import { useTranslation } from '#client/lib/i18n.ts';

/**
 * An /admin/… address that names no admin page (a mistyped status, an old bookmark): said inside the admin,
 * with its menu, rather than on the public site's not-found page.
 */
export function AdminNotFoundRoute() {
  const { t } = useTranslation('admin');
  // The spec's not-found heading, as on the public site; what follows speaks of the admin.
  const { t: common } = useTranslation();
  return (
    <AdminLayout title={common('notFound.title')}>
      <div className="flex flex-col items-center justify-center gap-4 py-16 text-center">
        <span className="flex size-14 items-center justify-center rounded-2xl bg-secondary text-primary">
          <CompassIcon className="size-7" aria-hidden="true" />
        </span>
        <p className="max-w-md text-muted-foreground">{t('notFound.description')}</p>
        <Link href="/admin/dashboard" className={buttonVariants({ variant: 'outline' })}>
          <ArrowLeftIcon aria-hidden="true" className="rtl:rotate-180" />
          {t('notFound.back')}
        </Link>
      </div>
    </AdminLayout>
  );
}
