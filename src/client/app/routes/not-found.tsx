import { ArrowLeftIcon, CompassIcon } from 'lucide-react';
import { Link } from 'wouter';
import { PAGE_CONTAINER, PublicLayout } from '#client/components/layouts/public-layout.tsx';
import { buttonVariants } from '#client/components/ui/button.tsx';
import { useTranslation } from '#client/lib/i18n.ts';

/** Any route not in product §2, including admin creator pages for an unknown status. */
export function NotFoundRoute() {
  const { t } = useTranslation();
  return (
    <PublicLayout>
      <div className={`${PAGE_CONTAINER} flex flex-1 flex-col items-center justify-center py-20 text-center`}>
        <span className="flex size-16 items-center justify-center rounded-2xl bg-secondary text-primary">
          <CompassIcon className="size-8" aria-hidden="true" />
        </span>
        <h1 className="mt-6 text-2xl font-bold tracking-tight sm:text-3xl">{t('notFound.title')}</h1>
        <p className="mt-3 max-w-md text-muted-foreground">{t('notFound.description')}</p>
        <Link href="/" className={buttonVariants({ className: 'mt-8' })}>
          <ArrowLeftIcon aria-hidden="true" className="rtl:rotate-180" />
          {t('common.backHome')}
        </Link>
      </div>
    </PublicLayout>
  );
}
