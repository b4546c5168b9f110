import { useFormContext } from 'react-hook-form';
import { Input } from '#client/components/ui/input.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { useTranslation } from '#client/lib/i18n.ts';
import { ADDITIONAL_INFO_MAX_LENGTH, HANDLE_MAX_LENGTH } from '#shared/limits.ts';
import type { ApplicationFormValues } from '../lib/form-values.ts';
import { FormField } from './form-field.tsx';

const HANDLES = ['instagram', 'tiktok', 'twitter'] as const;

/** Product §2 step 4: optional social handles and notes. */
export function StepAdditionalDetails() {
  const { t } = useTranslation();
  const { register } = useFormContext<ApplicationFormValues>();
  return (
    <>
      <div className="grid gap-5 sm:grid-cols-3 sm:gap-4">
        {HANDLES.map((handle) => (
          <FormField key={handle} name={handle} label={t(`application.fields.${handle}`)}>
            {(controlProps) => (
              <Input
                {...controlProps}
                {...register(handle)}
                dir="ltr"
                spellCheck={false}
                autoCapitalize="off"
                autoComplete="off"
                maxLength={HANDLE_MAX_LENGTH}
                placeholder={t('application.fields.handlePlaceholder')}
              />
            )}
          </FormField>
        ))}
      </div>
      <FormField name="additionalInfo" label={t('application.fields.additionalInfo')}>
        {(controlProps) => (
          <Textarea
            {...controlProps}
            {...register('additionalInfo')}
            rows={4}
            maxLength={ADDITIONAL_INFO_MAX_LENGTH}
            placeholder={t('application.fields.additionalInfoPlaceholder')}
          />
        )}
      </FormField>
    </>
  );
}
