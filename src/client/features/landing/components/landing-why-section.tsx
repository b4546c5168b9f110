import { CrownIcon, GiftIcon, HandshakeIcon, type LucideIcon, RocketIcon } from 'lucide-react';
import { PAGE_CONTAINER } from '#client/components/layouts/public-layout.tsx';
import { BRAND_NAME } from '#client/lib/brand.ts';
import { useTranslation } from '#client/lib/i18n.ts';
import { ApplyNowButton, type ApplyTarget } from './apply-now-button.tsx';

const CARDS = [
  { key: 'match', Icon: HandshakeIcon },
  { key: 'bonus', Icon: GiftIcon },
  { key: 'elite', Icon: CrownIcon },
  { key: 'onboarding', Icon: RocketIcon },
] as const satisfies readonly { key: string; Icon: LucideIcon }[];

/** Product §1 pitch: 'Why {brand} Network?', the four cards carrying the marketing claims, and Apply Now. */
export function LandingWhySection({ apply }: { apply: ApplyTarget }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="why-title" className="py-16 sm:py-24">
      <div className={PAGE_CONTAINER}>
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="why-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
            {t('landing.why.title', { brand: BRAND_NAME })}
          </h2>
          <p className="mt-4 text-lg text-muted-foreground">{t('landing.why.intro')}</p>
        </div>
        <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {CARDS.map(({ key, Icon }) => (
            <li
              key={key}
              className="group relative flex flex-col rounded-2xl border bg-card p-6 shadow-sm transition-shadow hover:shadow-md"
            >
              <span className="flex size-12 items-center justify-center rounded-xl bg-linear-to-br from-primary to-accent text-primary-foreground shadow-md shadow-primary/20">
                <Icon className="size-6" aria-hidden="true" />
              </span>
              <h3 className="mt-5 text-lg font-semibold tracking-tight">{t(`landing.why.cards.${key}.title`)}</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{t(`landing.why.cards.${key}.body`)}</p>
            </li>
          ))}
        </ul>
        <div className="relative isolate mt-14 overflow-hidden rounded-3xl bg-linear-to-br from-primary to-[oklch(0.42_0.2_320)] px-6 py-12 text-center text-primary-foreground shadow-xl shadow-primary/20 sm:px-12">
          <div
            aria-hidden="true"
            className="absolute inset-0 -z-10 bg-[radial-gradient(60%_80%_at_85%_0%,oklch(0.6_0.22_355/0.55),transparent_70%)]"
          />
          <h3 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('landing.why.closing.title')}</h3>
          <p className="mx-auto mt-3 max-w-xl text-primary-foreground/85">{t('landing.why.closing.body')}</p>
          <ApplyNowButton apply={apply} variant="inverse" className="mt-8" />
        </div>
      </div>
    </section>
  );
}
