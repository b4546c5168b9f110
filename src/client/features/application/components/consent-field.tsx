import { Controller, useFormContext } from 'react-hook-form';
import { Checkbox } from '#client/components/ui/checkbox.tsx';
import { isConsentAsked } from '#client/lib/consent-setting.ts';
import { useTranslation } from '#client/lib/i18n.ts';
import { type ApplicationFormValues, fieldId } from '../lib/form-values.ts';
import { useFieldError } from './form-field.tsx';

const LINK_CLASSES =
  'rounded-sm font-medium text-primary underline underline-offset-4 hover:no-underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/** "… agree to the [privacy notice]." → the text around the link, and the link's own words. */
function splitLabel(text: string): [string, string, string] {
  const match = /^(.*)\[(.+)\](.*)$/s.exec(text);
  return match ? [match[1] ?? '', match[2] ?? '', match[3] ?? ''] : [text, '', ''];
}

/**
 * Step 5's consent to the privacy notice (docs/decisions/048), unless the operator's lawful basis is not consent
 * (CONSENT=off). The notice opens in a new tab in her language, so her answers stay where they are.
 */
export function ConsentField({ isDisabled = false }: { isDisabled?: boolean }) {
  const { t, i18n } = useTranslation();
  const { control } = useFormContext<ApplicationFormValues>();
  const error = useFieldError('consent');
  if (!isConsentAsked()) return null;
  const id = fieldId('consent');
  const errorId = `${id}-error`;
  const [before, link, after] = splitLabel(t('application.fields.consent'));
  return (
    <div data-field="consent" className="grid gap-2">
      <div className="flex items-start gap-3">
        <Controller
          control={control}
          name="consent"
          render={({ field }) => (
            <Checkbox
              id={id}
              ref={field.ref}
              name={field.name}
              checked={field.value}
              onCheckedChange={(checked) => field.onChange(checked === true)}
              onBlur={field.onBlur}
              disabled={isDisabled}
              aria-required
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              className="mt-0.5"
            />
          )}
        />
        {/* A plain label: the shared one is a flex row, which would lay the sentence and its link out as columns. */}
        <label htmlFor={id} className="min-w-0 text-sm leading-relaxed peer-disabled:opacity-50">
          {before}
          <a href={`/privacy?lang=${i18n.language}`} target="_blank" rel="noopener" className={LINK_CLASSES}>
            {link}
            <span className="sr-only"> {t('application.fields.consentNewTab')}</span>
          </a>
          {after}
        </label>
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
