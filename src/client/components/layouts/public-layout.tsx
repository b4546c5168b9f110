import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { BrandLogo } from '#client/components/brand-logo.tsx';
import { LanguageMenu } from '#client/components/language-menu.tsx';
import { SkipLink } from '#client/components/skip-link.tsx';
import { BRAND_NAME, currentYear } from '#client/lib/brand.ts';
import { useTranslation } from '#client/lib/i18n.ts';

/** Width and gutters shared by header, page sections and footer so their edges line up. */
export const PAGE_CONTAINER = 'mx-auto w-full max-w-6xl px-4 sm:px-6 lg:px-8';

/** The public pages' top bar: brand home link and language menu, edge to edge with the page (also the admin login's). */
export function PublicHeader() {
  return (
    <header className="sticky top-0 z-40 border-b border-border/70 bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className={`${PAGE_CONTAINER} flex h-16 items-center justify-between gap-2 sm:gap-3`}>
        <Link
          href="/"
          className="-m-1 min-w-0 rounded-lg p-1 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <BrandLogo />
        </Link>
        <LanguageMenu />
      </div>
    </header>
  );
}

function PublicFooter() {
  const { t, i18n } = useTranslation();
  return (
    <footer className="border-t bg-card">
      <div
        className={`${PAGE_CONTAINER} flex flex-col gap-6 py-10 sm:flex-row sm:items-center sm:justify-between sm:py-8`}
      >
        <div className="flex flex-col gap-2">
          <BrandLogo />
          <p className="max-w-sm text-sm text-muted-foreground">{t('brand.tagline')}</p>
        </div>
        <div className="flex flex-col gap-2 text-sm text-muted-foreground sm:items-end">
          {/* The notice step 5 asks consent to (docs/decisions/048), served by the server in the page's language. */}
          <a
            href={`/privacy?lang=${i18n.language}`}
            className="self-start rounded-sm py-1 underline underline-offset-4 hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:self-end"
          >
            {t('footer.privacy')}
          </a>
          <p>{t('footer.copyright', { year: currentYear(), brand: BRAND_NAME })}</p>
        </div>
      </div>
    </footer>
  );
}

/** Header with brand and language menu, the page, and the footer (product §1 landing page). */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <PublicHeader />
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col outline-none">
        {children}
      </main>
      <PublicFooter />
    </div>
  );
}
