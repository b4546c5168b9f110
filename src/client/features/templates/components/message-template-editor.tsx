import { LoaderCircleIcon, SaveIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { FormField } from '#client/components/form/form-field.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { toastFailure } from '#client/lib/failure-toast.ts';
import { useTranslation } from '#client/lib/i18n.ts';
import { fieldError, messageOfFieldError, serverFieldMessages, useMessageText } from '#client/lib/messages.ts';
import { toast } from '#client/lib/toast.ts';
import { zodResolver } from '#client/lib/zod-resolver.ts';
import { FALLBACK_LANGUAGE } from '#shared/languages.ts';
import { BODY_MAX_LENGTH } from '#shared/message-templates.ts';
import type { MessageTemplate } from '#shared/replies/message-templates.ts';
import { templateSaveSchema } from '#shared/schemas/message-templates.ts';
import { type TemplateAddress, type TemplateWording, useSaveTemplate } from '../api/change-message-template.ts';
import { TemplatePreview } from './message-template-preview.tsx';
import { TemplateRemoveButton } from './message-template-remove-button.tsx';
import { TemplateResetButton } from './message-template-reset-button.tsx';
import { TemplateVariableButtons } from './message-template-variables.tsx';

// The wording half of the PUT body: the form checks what the server checks, with the same messages by key.
const resolver = zodResolver(templateSaveSchema.options[0]);

type Field = keyof TemplateWording;

const wordingOf = (template: MessageTemplate): TemplateWording => ({
  subject: template.subject ?? '',
  body: template.body ?? '',
});

/**
 * One template in one language with its live preview. Owners edit, save, put back the shipped text or remove the
 * translation; the server refuses a `{…}` the purpose cannot fill, and its message shows at the field. Reviewers
 * read the same texts, unchangeable.
 */
export function TemplateEditor({
  template,
  address,
  canEdit,
  onDirtyChange,
}: {
  template: MessageTemplate;
  address: TemplateAddress;
  canEdit: boolean;
  onDirtyChange: (isDirty: boolean) => void;
}) {
  const { t } = useTranslation('templates');
  const say = useMessageText();
  const save = useSaveTemplate();
  const form = useForm<TemplateWording>({ resolver, defaultValues: wordingOf(template) });
  const { errors, isDirty } = form.formState;
  const [subject = '', body = ''] = useWatch({ control: form.control, name: ['subject', 'body'] });
  const fields = useRef<Record<Field, HTMLInputElement | HTMLTextAreaElement | null>>({ subject: null, body: null });
  // Where a variable goes: the field last in focus, the message until then.
  const lastField = useRef<Field>('body');

  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);
  // Gone (another template, or English now sent in its place): nothing of it is left unsaved.
  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);
  useEffect(() => {
    if (!isDirty) return;
    // Closing or reloading the tab asks first, as switching templates does.
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty]);

  function insert(token: string) {
    const field = lastField.current;
    const element = fields.current[field];
    const value = form.getValues(field);
    const start = element?.selectionStart ?? value.length;
    const end = element?.selectionEnd ?? start;
    form.setValue(field, value.slice(0, start) + token + value.slice(end), { shouldDirty: true });
    element?.focus();
    element?.setSelectionRange(start + token.length, start + token.length);
  }

  const onSubmit = form.handleSubmit(async (wording) => {
    try {
      const saved = await save.mutateAsync({ ...address, wording });
      form.reset(wordingOf(saved));
      toast({ title: t('saved') });
    } catch (error) {
      let isShownAtField = false;
      for (const [field, message] of Object.entries(serverFieldMessages(error))) {
        if (field !== 'subject' && field !== 'body') continue;
        form.setError(field, fieldError(message), { shouldFocus: !isShownAtField });
        isShownAtField = true;
      }
      if (!isShownAtField) toastFailure(error, { title: t('saveFailed') });
    }
  });

  const subjectField = form.register('subject');
  const bodyField = form.register('body');

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6 xl:grid-cols-2">
      <form noValidate onSubmit={onSubmit} className="grid min-w-0 content-start gap-4">
        <FormField
          name="subject"
          id="template-subject"
          label={t('editor.subject')}
          hint={t('editor.subjectHint')}
          error={say(messageOfFieldError(errors.subject))}
        >
          {(control) => (
            <Input
              {...control}
              {...subjectField}
              ref={(element) => {
                subjectField.ref(element);
                fields.current.subject = element;
              }}
              lang={address.language}
              readOnly={!canEdit}
              onFocus={() => {
                lastField.current = 'subject';
              }}
            />
          )}
        </FormField>
        <FormField
          name="body"
          id="template-body"
          label={t('editor.body')}
          hint={t('editor.length', { used: body.length, max: BODY_MAX_LENGTH })}
          error={say(messageOfFieldError(errors.body))}
        >
          {(control) => (
            <Textarea
              {...control}
              {...bodyField}
              ref={(element) => {
                bodyField.ref(element);
                fields.current.body = element;
              }}
              lang={address.language}
              rows={9}
              readOnly={!canEdit}
              className="resize-y"
              onFocus={() => {
                lastField.current = 'body';
              }}
            />
          )}
        </FormField>
        {canEdit && (
          <>
            <TemplateVariableButtons purpose={address.purpose} onInsert={insert} />
            <div className="flex flex-wrap items-center gap-2 border-t pt-4">
              <Button type="submit" disabled={!isDirty || save.isPending}>
                {save.isPending ? (
                  <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
                ) : (
                  <SaveIcon aria-hidden="true" />
                )}
                {save.isPending ? t('editor.saving') : t('editor.save')}
              </Button>
              {isDirty && (
                <Button variant="ghost" onClick={() => form.reset()}>
                  {t('editor.discard')}
                </Button>
              )}
              {template.source === 'custom' && (
                <TemplateResetButton address={address} mode="reset" onReset={(reset) => form.reset(wordingOf(reset))} />
              )}
              {address.language !== FALLBACK_LANGUAGE && <TemplateRemoveButton address={address} />}
            </div>
          </>
        )}
      </form>
      <TemplatePreview text={{ subject, body }} language={address.language} />
    </div>
  );
}
