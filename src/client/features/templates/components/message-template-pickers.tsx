import { cn } from '#client/lib/cn.ts';
import { useTranslation } from '#client/lib/i18n.ts';
import { LANGUAGES, type LanguageCode } from '#shared/languages.ts';
import { MESSAGE_PURPOSES, type MessagePurpose } from '#shared/message-templates.ts';
import type { MessageTemplate } from '#shared/replies/message-templates.ts';
import { templateIn } from '../lib/template-texts.ts';
import { TemplateSourceBadge } from './message-template-source-badge.tsx';

/** A choice among a few: each a button that says whether it is the one shown, with room for a long name. */
const CHOICE =
  'flex min-h-10 min-w-0 flex-col items-start justify-center gap-1 rounded-md border px-3 py-2 text-start text-sm ' +
  'font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring ' +
  'focus-visible:ring-offset-2 focus-visible:ring-offset-background';
const CHOSEN = 'border-primary bg-secondary text-secondary-foreground';
const NOT_CHOSEN = 'border-input bg-card hover:bg-muted';

export function TemplatePurposePicker({
  purpose,
  onChoose,
}: {
  purpose: MessagePurpose;
  onChoose: (purpose: MessagePurpose) => void;
}) {
  const { t } = useTranslation('templates');
  return (
    <fieldset className="grid min-w-0 gap-2">
      <legend className="mb-2 text-sm font-medium">{t('purpose')}</legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 xl:grid-cols-6">
        {MESSAGE_PURPOSES.map((option) => (
          <button
            key={option}
            type="button"
            aria-pressed={option === purpose}
            onClick={() => onChoose(option)}
            className={cn(CHOICE, option === purpose ? CHOSEN : NOT_CHOSEN)}
          >
            <span className="max-w-full break-words">{t(`purposes.${option}`)}</span>
          </button>
        ))}
      </div>
    </fieldset>
  );
}

/** The six languages of one template, each with what creators who applied in it get (decision 060). */
export function TemplateLanguagePicker({
  templates,
  purpose,
  language,
  onChoose,
}: {
  templates: readonly MessageTemplate[];
  purpose: MessagePurpose;
  language: LanguageCode;
  onChoose: (language: LanguageCode) => void;
}) {
  const { t } = useTranslation('templates');
  return (
    <fieldset className="grid min-w-0 gap-2">
      <legend className="mb-2 text-sm font-medium">{t('language')}</legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 xl:grid-cols-6">
        {LANGUAGES.map(({ code, name }) => {
          const source = templateIn(templates, purpose, code)?.source ?? 'default';
          return (
            <button
              key={code}
              type="button"
              aria-pressed={code === language}
              onClick={() => onChoose(code)}
              className={cn(CHOICE, code === language ? CHOSEN : NOT_CHOSEN)}
            >
              <span lang={code} className="max-w-full break-words">
                {name}
              </span>{' '}
              <TemplateSourceBadge source={source} />
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
