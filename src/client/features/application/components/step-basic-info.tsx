import { useFormContext } from 'react-hook-form';
import { Input } from '#client/components/ui/input.tsx';
import { useTranslation } from '#client/lib/i18n.ts';
import { NAME_MAX_LENGTH } from '#shared/limits.ts';
import { GENDERS, LANGUAGES } from '#shared/options.ts';
import type { ApplicationFormValues } from '../lib/form-values.ts';
import { genderLabel, languageLabel } from '../lib/option-labels.ts';
import { ChoiceField } from './choice-field.tsx';
import { FormField } from './form-field.tsx';

/** Product §2 step 1: name, preferred language, gender. */
export function StepBasicInfo() {
  const { t } = useTranslation();
  const { register } = useFormContext<ApplicationFormValues>();
  return (
    <>
      <FormField name="name" label={t('application.fields.name')} isRequired>
        {(control) => (
          <Input
            {...control}
            {...register('name')}
            autoComplete="name"
            maxLength={NAME_MAX_LENGTH}
            placeholder={t('application.fields.namePlaceholder')}
          />
        )}
      </FormField>
      <ChoiceField
        name="language"
        label={t('application.fields.language')}
        placeholder={t('application.fields.languagePlaceholder')}
        options={LANGUAGES.map((value) => ({ value, label: languageLabel(t, value) }))}
        isRequired
      />
      <ChoiceField
        name="gender"
        label={t('application.fields.gender')}
        placeholder={t('application.fields.genderPlaceholder')}
        options={GENDERS.map((value) => ({ value, label: genderLabel(t, value) }))}
        isRequired
      />
    </>
  );
}
