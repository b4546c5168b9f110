import { SparklesIcon } from 'lucide-react';
import { PAGE_CONTAINER } from '#client/components/layouts/public-layout.tsx';
import { useTranslation } from '#client/lib/i18n.ts';
import { ApplyNowButton, type ApplyTarget } from './apply-now-button.tsx';

const STATS = [
  { value: 'landing.hero.stats.agenciesValue', label: 'landing.hero.stats.agencies' },
  { value: 'landing.hero.stats.contactValue', label: 'landing.hero.stats.contact' },
  { value: 'landing.hero.stats.matchValue', label: 'landing.hero.stats.match' },
] as const;

/** Product §1: the headline, the two-line subtitle and Apply Now, with the promises that back them. */
export function LandingHero({ apply }: { apply: ApplyTarget }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden">
      <div aria-hidden="true" className="bg-hero-glow absolute inset-0 -z-10" />
      <div className={`${PAGE_CONTAINER} flex flex-col items-center pt-14 pb-4 text-center sm:pt-24 lg:pt-28`}>
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
        <ApplyNowButton apply={apply} className="mt-10" />
        <dl className="mt-14 grid w-full max-w-3xl grid-cols-3 divide-x divide-border rounded-2xl border bg-card/70 py-5 shadow-sm backdrop-blur rtl:divide-x-reverse">
          {STATS.map((stat) => (
            <div key={stat.value} className="flex flex-col-reverse items-center gap-1 px-2 sm:px-4">
              <dt className="text-xs text-muted-foreground sm:text-sm">{t(stat.label)}</dt>
              <dd className="text-xl font-bold tracking-tight text-foreground sm:text-3xl">{t(stat.value)}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
