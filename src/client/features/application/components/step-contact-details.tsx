import { useFormContext, useWatch } from 'react-hook-form';
import { Input } from '#client/components/ui/input.tsx';
import { useTranslation } from '#client/lib/i18n.ts';
import { CONTACT_INFO_MAX_LENGTH } from '#shared/limits.ts';
import { CONTACT_METHODS, type ContactMethod } from '#shared/options.ts';
import type { ApplicationFormValues } from '../lib/form-values.ts';
import { CONTACT_METHOD_IDS, contactMethodLabel, contactMethodOf } from '../lib/option-labels.ts';
import { ChoiceField } from './choice-field.tsx';
import { FormField } from './form-field.tsx';

/** Product §2 step 2: the input follows the method (type, keyboard, autofill). */
const CONTACT_INPUT = {
  Email: { type: 'email', inputMode: 'email', autoComplete: 'email' },
  Telegram: { type: 'text', inputMode: 'text', autoComplete: 'off' },
  WhatsApp: { type: 'tel', inputMode: 'tel', autoComplete: 'tel' },
  'SMS/Phone': { type: 'tel', inputMode: 'tel', autoComplete: 'tel' },
} as const satisfies Record<ContactMethod, { type: string; inputMode: string; autoComplete: string }>;

/** Product §2 step 2: preferred contact method, then the contact field for that method. */
export function StepContactDetails() {
  const { t } = useTranslation();
  const { register, control, formState, trigger } = useFormContext<ApplicationFormValues>();
  const method = contactMethodOf(useWatch({ control, name: 'contactMethod' }));
  return (
    <>
      <ChoiceField
        name="contactMethod"
        label={t('application.fields.contactMethod')}
        placeholder={t('application.fields.contactMethodPlaceholder')}
        options={CONTACT_METHODS.map((value) => ({ value, label: contactMethodLabel(t, value) }))}
        isRequired
        // The contact info is checked against its method: after a failed submit, re-check it with the new one.
        onPicked={() => {
          if (formState.isSubmitted) void trigger('contactInfo');
        }}
      />
      {method && (
        <FormField
          name="contactInfo"
          label={t(`application.fields.contactInfoLabel.${CONTACT_METHOD_IDS[method]}`)}
          hint={t(`application.fields.contactInfoHint.${CONTACT_METHOD_IDS[method]}`)}
          isRequired
        >
          {(controlProps) => (
            <Input
              {...controlProps}
              {...register('contactInfo')}
              {...CONTACT_INPUT[method]}
              dir="ltr"
              spellCheck={false}
              autoCapitalize="off"
              maxLength={CONTACT_INFO_MAX_LENGTH}
              placeholder={t(`application.fields.contactInfoPlaceholder.${CONTACT_METHOD_IDS[method]}`)}
            />
          )}
        </FormField>
      )}
    </>
  );
}
