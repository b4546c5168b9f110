import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { BrandLogo } from '#client/components/brand-logo.tsx';
import { LanguageMenu } from '#client/components/language-menu.tsx';

/** Admin login screen (spec §2 /admin). The form is built by the authentication issue. */
export function AdminLoginRoute() {
  const { t } = useTranslation();
  return (
    <div className="bg-hero-glow flex min-h-dvh flex-col">
      <header className="flex h-16 items-center justify-between gap-3 px-4 sm:px-6">
        <Link
          href="/"
          className="-m-1 rounded-lg p-1 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <BrandLogo />
        </Link>
        <LanguageMenu />
      </header>
      <main id="main" className="flex flex-1 items-center justify-center px-4 py-10">
        <div className="w-full max-w-sm rounded-2xl border bg-card p-6 shadow-xl shadow-primary/5 sm:p-8">
          <h1 className="text-center text-2xl font-bold tracking-tight">{t('admin.login.title')}</h1>
        </div>
      </main>
    </div>
  );
}
