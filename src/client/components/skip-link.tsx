import { useTranslation } from '#client/lib/i18n.ts';

/** Lets keyboard users jump past the header straight to the page's content (WCAG 2.4.1). */
export function SkipLink({ targetId = 'main' }: { targetId?: string }) {
  const { t } = useTranslation();
  return (
    <a
      href={`#${targetId}`}
      className="sr-only rounded-md bg-primary px-4 py-2 text-sm font-medium text-primary-foreground focus:not-sr-only focus:fixed focus:start-4 focus:top-4 focus:z-[60] focus:outline-none focus:ring-2 focus:ring-ring focus:ring-offset-2"
    >
      {t('nav.skipToContent')}
    </a>
  );
}
