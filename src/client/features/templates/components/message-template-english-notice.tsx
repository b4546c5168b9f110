import { LanguagesIcon } from 'lucide-react';
import { useTranslation } from '#client/lib/i18n.ts';
import { FALLBACK_LANGUAGE } from '#shared/languages.ts';
import type { TemplateText } from '#shared/message-templates.ts';
import type { TemplateAddress } from '../api/change-message-template.ts';
import { languageNameIn } from '../lib/template-texts.ts';
import { TemplatePreview } from './message-template-preview.tsx';
import { TemplateResetButton } from './message-template-reset-button.tsx';

/**
 * A language whose translation the owners removed: its creators get the English text (decision 060), which this
 * says plainly and shows. Owners may bring the shipped translation back and edit it from there.
 */
export function TemplateEnglishNotice({
  address,
  english,
  canEdit,
}: {
  address: TemplateAddress;
  english: TemplateText;
  canEdit: boolean;
}) {
  const { t, i18n } = useTranslation('templates');
  const language = languageNameIn(i18n.language, address.language);
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6 xl:grid-cols-2">
      <div className="grid min-w-0 content-start gap-4">
        <div
          data-testid="english-notice"
          className="flex gap-3 rounded-lg border border-amber-600/30 bg-amber-50 p-4 text-sm text-amber-950"
        >
          <LanguagesIcon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          <div className="grid min-w-0 gap-1">
            <p className="font-semibold">{t('english.title')}</p>
            <p className="break-words">{t('english.notice', { language })}</p>
          </div>
        </div>
        {canEdit && (
          <div className="flex flex-wrap gap-2">
            <TemplateResetButton address={address} mode="restore" />
          </div>
        )}
      </div>
      <TemplatePreview text={english} language={FALLBACK_LANGUAGE} heading={t('english.sent')} />
    </div>
  );
}
