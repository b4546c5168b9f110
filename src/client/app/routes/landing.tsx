import { SparklesIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PAGE_CONTAINER, PublicLayout } from '#client/components/layouts/public-layout.tsx';

function Hero() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden">
      <div aria-hidden="true" className="bg-hero-glow absolute inset-0 -z-10" />
      <div className={`${PAGE_CONTAINER} flex flex-col items-center py-16 text-center sm:py-24 lg:py-32`}>
        <p className="inline-flex items-center gap-2 rounded-full border border-primary/15 bg-card/80 px-3.5 py-1.5 text-sm font-medium text-secondary-foreground shadow-xs">
          <SparklesIcon className="size-4 text-accent" aria-hidden="true" />
          {t('landing.hero.eyebrow')}
        </p>
        <h1
          id="hero-title"
          className="mt-6 max-w-4xl bg-linear-to-br from-foreground via-primary to-accent bg-clip-text pb-1 text-4xl font-extrabold tracking-tight text-transparent sm:text-5xl lg:text-6xl"
        >
          {t('landing.hero.title')}
        </h1>
        <p className="mt-6 max-w-2xl text-lg text-muted-foreground sm:text-xl">
          <span className="block">{t('landing.hero.subtitleLine1')}</span>
          <span className="block">{t('landing.hero.subtitleLine2')}</span>
        </p>
      </div>
    </section>
  );
}

/** The public landing page (spec §1, §2 route /). The application form is added by its own issue. */
export function LandingRoute() {
  return (
    <PublicLayout>
      <Hero />
    </PublicLayout>
  );
}
