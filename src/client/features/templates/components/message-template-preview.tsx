import { useId } from 'react';
import { useTranslation } from '#client/lib/i18n.ts';
import { SAMPLE_VALUES, type TemplateText } from '#shared/message-templates.ts';
import { sampleOf } from '../lib/template-texts.ts';

/**
 * A template as a sample creator reads it. Plain text with its line breaks, never markup (decision 060): what an
 * owner types shows as typed, and `{…}` a purpose cannot fill stays as written.
 */
export function TemplatePreview({
  text,
  language,
  heading,
}: {
  text: TemplateText;
  language: string;
  heading?: string;
}) {
  const { t } = useTranslation('templates');
  const headingId = useId();
  const message = sampleOf(text);
  return (
    <section
      aria-labelledby={headingId}
      data-testid="template-preview"
      className="grid min-w-0 content-start gap-3 self-start rounded-lg border bg-muted/40 p-4 xl:sticky xl:top-20"
    >
      <div>
        <h4 id={headingId} className="text-sm font-semibold">
          {heading ?? t('preview.heading')}
        </h4>
        <p className="text-xs text-muted-foreground">{t('preview.sample', { name: SAMPLE_VALUES.name })}</p>
      </div>
      <div className="grid gap-3 rounded-md border bg-card p-3 text-sm shadow-xs">
        <p className="break-words">
          <span className="font-medium text-muted-foreground">{t('preview.subject')} </span>
          <span lang={language} data-testid="template-preview-subject" className="font-semibold">
            {message.subject}
          </span>
        </p>
        <p lang={language} data-testid="template-preview-body" className="whitespace-pre-wrap break-words">
          {message.body}
        </p>
      </div>
    </section>
  );
}
