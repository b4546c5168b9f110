import { useId } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { useTranslation } from '#client/lib/i18n.ts';
import { type MessagePurpose, variablesOf } from '#shared/message-templates.ts';
import { variableToken } from '../lib/template-texts.ts';

/** The variables a purpose can fill (the invitation alone has the stage-2 link), each put in at the cursor. */
export function TemplateVariableButtons({
  purpose,
  onInsert,
}: {
  purpose: MessagePurpose;
  onInsert: (token: string) => void;
}) {
  const { t } = useTranslation('templates');
  const hintId = useId();
  return (
    <fieldset aria-describedby={hintId} className="grid min-w-0 gap-2">
      <legend className="text-sm font-medium">{t('editor.variables')}</legend>
      <p id={hintId} className="-mt-1 text-sm text-muted-foreground">
        {t('editor.variablesHint')}
      </p>
      <div className="flex flex-wrap gap-2">
        {variablesOf(purpose).map((variable) => (
          <Button
            key={variable}
            variant="outline"
            size="xs"
            title={t(`variables.${variable}`)}
            onClick={() => onInsert(variableToken(variable))}
          >
            <code className="font-mono text-xs">{variableToken(variable)}</code>
            <span className="sr-only">: {t(`variables.${variable}`)}</span>
          </Button>
        ))}
      </div>
    </fieldset>
  );
}
