import { Controller } from 'react-hook-form';
import { Combobox } from '#client/components/ui/combobox.tsx';
import { useTranslation } from '#client/lib/i18n.ts';
import type { CountryOption } from '../lib/country-names.ts';
import type { Stage2FormValues } from '../lib/form-values.ts';
import { Stage2FormField } from './stage2-form-field.tsx';

/**
 * Product §2 stage-2 country: typed into and filtered on a phone as on a desktop, found by its name in the
 * interface language or in English; the form keeps the spec's English name (what the API stores).
 */
export function Stage2CountryField({ options }: { options: readonly CountryOption[] }) {
  const { t, i18n } = useTranslation('stage2');
  return (
    <Stage2FormField name="country" label={t('fields.country')} isRequired>
      {(controlProps, labelId) => (
        <Controller<Stage2FormValues, 'country'>
          name="country"
          render={({ field }) => (
            <Combobox
              {...controlProps}
              labelId={labelId}
              inputRef={field.ref}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              options={options}
              placeholder={t('fields.countryPlaceholder')}
              emptyText={t('fields.countryNoMatch')}
              locale={i18n.resolvedLanguage}
            />
          )}
        />
      )}
    </Stage2FormField>
  );
}
