import { MailCheckIcon } from 'lucide-react';
import { useTranslation } from '#client/lib/i18n.ts';

/** The day an earlier submission arrived, as the interface language writes a date ('27 November 2026'). */
export function formatSentDate(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(new Date(iso));
}

/**
 * A link opened again after it was used (architecture §4: it keeps working while the creator is stage2_sent or
 * stage2_submitted): when the form was sent, and that the answers below may still be changed and sent again.
 */
export function Stage2SentNotice({ submittedAt }: { submittedAt: string }) {
  const { t, i18n } = useTranslation('stage2');
  const date = formatSentDate(submittedAt, i18n.resolvedLanguage ?? 'en');
  return (
    <section
      aria-labelledby="stage2-sent-title"
      className="flex gap-3 rounded-xl border border-primary/30 bg-secondary/60 p-4 text-start"
    >
      <MailCheckIcon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
      <div>
        <h2 id="stage2-sent-title" className="font-semibold">
          {t('sent.title', { date })}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">{t('sent.description')}</p>
      </div>
    </section>
  );
}
