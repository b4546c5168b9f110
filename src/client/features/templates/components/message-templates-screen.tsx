import { RefreshCwIcon } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'wouter';
import { useCan } from '#client/components/layouts/admin-layout.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';
import { formatDateTime } from '#client/lib/date-time.ts';
import { useTranslation } from '#client/lib/i18n.ts';
import { FALLBACK_LANGUAGE, isLanguageCode, languageOf } from '#shared/languages.ts';
import { DEFAULT_TEMPLATES, isMessagePurpose } from '#shared/message-templates.ts';
import type { MessageTemplate } from '#shared/replies/message-templates.ts';
import type { TemplateAddress } from '../api/change-message-template.ts';
import { useMessageTemplates } from '../api/get-message-templates.ts';
import { templateIn } from '../lib/template-texts.ts';
import { TemplateEditor } from './message-template-editor.tsx';
import { TemplateEnglishNotice } from './message-template-english-notice.tsx';
import { TemplateLanguagePicker, TemplatePurposePicker } from './message-template-pickers.tsx';
import { TemplateSourceBadge } from './message-template-source-badge.tsx';

/** The template shown, from the address (?purpose=&language=), so a reload or a shared link keeps it. */
function useChosenTemplate(): [TemplateAddress, (address: TemplateAddress) => void] {
  const [params, setParams] = useSearchParams();
  const purposeParam = params.get('purpose');
  const languageParam = params.get('language');
  const address: TemplateAddress = {
    purpose: isMessagePurpose(purposeParam) ? purposeParam : 'first_contact',
    language: isLanguageCode(languageParam) ? languageParam : FALLBACK_LANGUAGE,
  };
  const choose = useCallback(
    (next: TemplateAddress) =>
      setParams(
        (previous) => {
          const updated = new URLSearchParams(previous);
          updated.set('purpose', next.purpose);
          updated.set('language', next.language);
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [address, choose];
}

/**
 * The owners' message templates (decision 060): a purpose, a language marked with what its creators get, and the
 * text with a live preview. Switching away from unsaved changes asks first. Reviewers read them, unchangeable.
 */
export function MessageTemplatesScreen() {
  const { t } = useTranslation('templates');
  // Every admin reads them (every admin sends them); the server lets owners alone change them.
  const canEdit = useCan('manageTemplates');
  const templates = useMessageTemplates();
  const [address, choose] = useChosenTemplate();
  const [isDirty, setIsDirty] = useState(false);
  const [pending, setPending] = useState<TemplateAddress | null>(null);

  function request(next: TemplateAddress) {
    if (next.purpose === address.purpose && next.language === address.language) return;
    if (isDirty) setPending(next);
    else choose(next);
  }

  const list = templates.data?.templates;
  if (!list) {
    return templates.isError ? (
      <div role="alert" className="flex flex-col items-center gap-4 p-6 text-sm text-destructive">
        {t('loadFailed')}
        <Button variant="outline" size="sm" onClick={() => void templates.refetch()}>
          <RefreshCwIcon aria-hidden="true" />
          {t('reload')}
        </Button>
      </div>
    ) : (
      <div className="h-96 animate-pulse rounded-lg bg-muted" aria-hidden="true" />
    );
  }

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      {!canEdit && (
        <p role="status" className="rounded-lg border border-primary/40 bg-secondary p-3 text-sm font-medium">
          {t('readOnly')}
        </p>
      )}
      <TemplatePurposePicker purpose={address.purpose} onChoose={(purpose) => request({ ...address, purpose })} />
      <TemplateLanguagePicker
        templates={list}
        purpose={address.purpose}
        language={address.language}
        onChoose={(language) => request({ ...address, language })}
      />
      <ChosenTemplate
        key={`${address.purpose}/${address.language}`}
        list={list}
        address={address}
        canEdit={canEdit}
        onDirtyChange={setIsDirty}
      />
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={t('unsaved.title')}
        description={t('unsaved.description')}
        confirmLabel={t('unsaved.confirm')}
        cancelLabel={t('unsaved.cancel')}
        variant="destructive"
        isPending={false}
        onConfirm={() => {
          if (pending) choose(pending);
          setPending(null);
          setIsDirty(false);
        }}
      />
    </div>
  );
}

function ChosenTemplate({
  list,
  address,
  canEdit,
  onDirtyChange,
}: {
  list: readonly MessageTemplate[];
  address: TemplateAddress;
  canEdit: boolean;
  onDirtyChange: (isDirty: boolean) => void;
}) {
  const { t, i18n } = useTranslation('templates');
  const template = templateIn(list, address.purpose, address.language);
  if (!template) return null;
  const english = templateIn(list, address.purpose, FALLBACK_LANGUAGE);
  return (
    <section aria-labelledby="template-heading" className="grid grid-cols-[minmax(0,1fr)] gap-4 border-t pt-6">
      <div className="grid gap-1">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h3 id="template-heading" className="min-w-0 text-lg font-semibold tracking-tight break-words">
            {t(`purposes.${address.purpose}`)} ·{' '}
            <span lang={address.language}>{languageOf(address.language).name}</span>
          </h3>
          <TemplateSourceBadge source={template.source} />
        </div>
        <p className="text-sm text-muted-foreground">{t(`purposeHints.${address.purpose}`)}</p>
        {template.source === 'default' && <p className="text-xs text-muted-foreground">{t('editor.shipped')}</p>}
        {template.source !== 'default' && template.updatedBy && (
          <p className="text-xs text-muted-foreground">
            {t('editor.changedBy', {
              username: template.updatedBy,
              date: formatDateTime(template.updatedAt, i18n.language),
            })}
          </p>
        )}
      </div>
      {template.source === 'english' ? (
        <TemplateEnglishNotice
          address={address}
          english={
            english?.subject != null && english.body != null
              ? { subject: english.subject, body: english.body }
              : DEFAULT_TEMPLATES[address.purpose][FALLBACK_LANGUAGE]
          }
          canEdit={canEdit}
        />
      ) : (
        <TemplateEditor template={template} address={address} canEdit={canEdit} onDirtyChange={onDirtyChange} />
      )}
    </section>
  );
}
