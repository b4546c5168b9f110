import { BRAND_NAME } from '#client/lib/brand.ts';
import { useTranslation } from '#client/lib/i18n.ts';

export interface Stage2HeaderProps {
  creator: { name: string; creatorId: string };
  /**
   * After the first step: the title and a one-line Creator ID and Name, so on a phone the step's question
   * stays above the fold (docs/decisions/050-stage2-on-a-phone.md).
   */
  isCompact?: boolean;
}

/** Product §2: the title with the brand, the welcome line and the box with Creator ID and Creator Name. */
export function Stage2Header({ creator, isCompact = false }: Stage2HeaderProps) {
  const { t } = useTranslation('stage2');
  if (isCompact) {
    return (
      <header className="text-center">
        <h1 className="text-lg font-bold tracking-tight text-balance sm:text-2xl">
          {t('title', { brand: BRAND_NAME })}
        </h1>
        <dl className="mt-1 flex flex-wrap items-baseline justify-center gap-x-3 text-sm text-muted-foreground">
          <div className="flex min-w-0 gap-1">
            <dt className="sr-only">{t('creatorId')}</dt>
            <dd className="font-mono font-semibold tracking-wide text-foreground">{creator.creatorId}</dd>
          </div>
          <div className="flex min-w-0 gap-1">
            <dt className="sr-only">{t('creatorName')}</dt>
            <dd className="truncate">{creator.name}</dd>
          </div>
        </dl>
      </header>
    );
  }
  return (
    <header className="text-center">
      <h1 className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">
        {t('title', { brand: BRAND_NAME })}
      </h1>
      <p className="mt-3 text-lg font-medium text-foreground">{t('welcome', { name: creator.name })}</p>
      <p className="mx-auto mt-2 max-w-xl text-muted-foreground">{t('intro')}</p>
      <dl className="mx-auto mt-6 grid max-w-xl gap-3 rounded-xl border bg-secondary/50 p-4 text-start sm:grid-cols-2">
        <div className="min-w-0">
          <dt className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">{t('creatorId')}</dt>
          <dd className="mt-1 font-mono text-base font-semibold tracking-wide break-all">{creator.creatorId}</dd>
        </div>
        <div className="min-w-0">
          <dt className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">{t('creatorName')}</dt>
          <dd className="mt-1 text-base font-semibold break-words">{creator.name}</dd>
        </div>
      </dl>
    </header>
  );
}
