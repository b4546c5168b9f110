import { CheckIcon, CircleDotIcon, CircleIcon, MinusIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '#client/lib/cn.ts';
import { useTranslation } from '#client/lib/i18n.ts';
import type { ApplicantPage, PageStepItem, StepState } from '#shared/replies/applicant-page.ts';
import { formatDay, SECTION, SECTION_HEADING } from './page-parts.tsx';

const ICONS: Record<StepState, ReactNode> = {
  done: <CheckIcon className="size-4" aria-hidden="true" />,
  current: <CircleDotIcon className="size-4" aria-hidden="true" />,
  upcoming: <CircleIcon className="size-4" aria-hidden="true" />,
  skipped: <MinusIcon className="size-4" aria-hidden="true" />,
};

const BADGES: Record<StepState, string> = {
  done: 'bg-primary text-primary-foreground',
  current: 'bg-secondary text-primary ring-2 ring-primary',
  upcoming: 'bg-muted text-muted-foreground',
  skipped: 'bg-muted text-muted-foreground',
};

/** What a step says: its own words for where it stands, and for stage 2 whether her answers are in. */
function useStepWords(page: ApplicantPage) {
  const { t } = useTranslation('me');
  return (item: PageStepItem): string => {
    const { step, state } = item;
    if (state === 'skipped') return page.outcome ? t('timeline.notReached') : t('timeline.notNeeded');
    if (step === 'applied') return t(state === 'current' ? 'timeline.applied.current' : 'timeline.applied.done');
    if (step === 'stage2' && state === 'current' && page.status === 'stage2_submitted') {
      return t('timeline.stage2.submitted');
    }
    return t(`timeline.${step}.${state}`);
  };
}

/** Her application in words, step by step (decision 047): never a status code. */
export function ApplicantTimeline({ page }: { page: ApplicantPage }) {
  const { t, i18n } = useTranslation('me');
  const words = useStepWords(page);
  return (
    <section aria-labelledby="timeline-heading" className={SECTION}>
      <h2 id="timeline-heading" className={SECTION_HEADING}>
        {t('timeline.heading')}
      </h2>
      <ol className="mt-6 grid gap-0">
        {page.timeline.map((item, index) => (
          <li
            key={item.step}
            className="relative flex gap-4 pb-6 last:pb-0"
            aria-current={item.state === 'current' ? 'step' : undefined}
          >
            {index < page.timeline.length - 1 && (
              <span aria-hidden="true" className="absolute start-4 top-9 bottom-1 w-px -translate-x-1/2 bg-border" />
            )}
            <span className={cn('flex size-8 shrink-0 items-center justify-center rounded-full', BADGES[item.state])}>
              {ICONS[item.state]}
            </span>
            <div className="min-w-0 flex-1 pt-0.5">
              <p className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
                <span className={cn('font-semibold', item.state === 'upcoming' && 'text-muted-foreground')}>
                  {t(`timeline.${item.step}.title`)}
                </span>
                <span className="text-xs font-medium uppercase tracking-wide text-muted-foreground">
                  {t(`timeline.state.${item.state}`)}
                </span>
              </p>
              <p className="mt-1 text-sm text-muted-foreground">{words(item)}</p>
              {item.at && item.state !== 'skipped' && (
                <p className="mt-1 text-xs text-muted-foreground">
                  <time dateTime={item.at}>{formatDay(item.at, i18n.language)}</time>
                </p>
              )}
            </div>
          </li>
        ))}
      </ol>
      {page.outcome && (
        <p
          className={cn(
            'mt-6 rounded-xl border p-4 font-medium',
            page.outcome === 'finalized' ? 'border-primary/30 bg-secondary' : 'bg-muted',
          )}
        >
          {t(`timeline.outcome.${page.outcome}`)}
        </p>
      )}
    </section>
  );
}

/** What is asked of her now: her stage-2 answers while that link is live, or nothing. */
export function AskedOfHer({ page }: { page: ApplicantPage }) {
  const { t, i18n } = useTranslation('me');
  const { asked } = page;
  let text: ReactNode;
  if (asked.kind === 'stage2') {
    const known = ['Email', 'Telegram', 'WhatsApp', 'SMS/Phone'] as const;
    const channel = (known as readonly string[]).includes(asked.sentBy) ? asked.sentBy : 'other';
    text = (
      <>
        <p className="font-medium">
          {t('asked.stage2', { channel: t(`asked.channel.${channel as (typeof known)[number] | 'other'}`) })}
        </p>
        {asked.expiresAt && (
          <p className="mt-2 text-sm text-muted-foreground">
            {t('asked.stage2Until', { date: formatDay(asked.expiresAt, i18n.language) })}
          </p>
        )}
      </>
    );
  } else {
    text = <p className="text-muted-foreground">{t(page.outcome ? 'asked.ended' : 'asked.nothing')}</p>;
  }
  return (
    <section
      aria-labelledby="asked-heading"
      className={cn(SECTION, asked.kind === 'stage2' && 'border-primary/40 bg-secondary/40')}
    >
      <h2 id="asked-heading" className={SECTION_HEADING}>
        {t('asked.heading')}
      </h2>
      <div className="mt-3">{text}</div>
    </section>
  );
}
