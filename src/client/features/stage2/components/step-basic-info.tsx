import { useMemo } from 'react';
import { useFormContext } from 'react-hook-form';
import { Input } from '#client/components/ui/input.tsx';
import { useTranslation } from '#client/lib/i18n.ts';
import { APPLICANT_MAX_AGE, APPLICANT_MIN_AGE } from '#shared/limits.ts';
import { ENGLISH_LEVELS } from '#shared/options.ts';
import { countryOptions } from '../lib/country-names.ts';
import type { Stage2FormValues } from '../lib/form-values.ts';
import { Stage2CountryField } from './stage2-country-field.tsx';
import { Stage2FormField } from './stage2-form-field.tsx';
import { Stage2SelectField } from './stage2-select-field.tsx';

/** Product §9's levels, index = level, as translation keys. */
const LEVEL_KEYS = ['none', 'basic', 'simple', 'working', 'professional', 'native'] as const;

/** Product §2 stage-2 step 1: country (named in the interface language, stored in English), age, English level. */
export function StepBasicInfo() {
  const { t, i18n } = useTranslation('stage2');
  const { register } = useFormContext<Stage2FormValues>();
  const language = i18n.resolvedLanguage;
  const countries = useMemo(() => countryOptions(language), [language]);
  const levels = ENGLISH_LEVELS.map(({ value }) => ({
    value: String(value),
    label: t('englishLevels.option', { level: value, label: t(`englishLevels.${LEVEL_KEYS[value]}`) }),
  }));
  return (
    <>
      <Stage2CountryField options={countries} />
      <Stage2FormField
        name="age"
        label={t('fields.age')}
        hint={t('fields.ageHint', { min: APPLICANT_MIN_AGE })}
        className="max-w-xs"
        isRequired
      >
        {(controlProps) => (
          <Input
            {...controlProps}
            {...register('age')}
            type="number"
            inputMode="numeric"
            min={APPLICANT_MIN_AGE}
            max={APPLICANT_MAX_AGE}
            step={1}
          />
        )}
      </Stage2FormField>
      <Stage2SelectField
        name="englishLevel"
        label={t('fields.englishLevel')}
        placeholder={t('fields.englishLevelPlaceholder')}
        options={levels}
        isRequired
      />
    </>
  );
}
