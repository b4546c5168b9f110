import { useTranslation } from 'react-i18next';
import { PAGE_CONTAINER, PublicLayout } from '#client/components/layouts/public-layout.tsx';
import { BRAND_NAME } from '#client/lib/brand.ts';

/**
 * Second-stage form for a creator with a token link (spec §2 /stage2/{creatorId}). The form itself, reading
 * creatorId through wouter's useParams and the token from the query, is built by its own issue.
 */
export function Stage2Route() {
  const { t } = useTranslation();
  return (
    <PublicLayout>
      <div className={`${PAGE_CONTAINER} max-w-3xl py-10 sm:py-14`}>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('stage2.title', { brand: BRAND_NAME })}</h1>
      </div>
    </PublicLayout>
  );
}
