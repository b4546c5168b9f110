import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { RadioGroup, RadioGroupItem } from '#client/components/ui/radio-group.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { useTranslation } from '#client/lib/i18n.ts';
import { APPLICANT_MAX_AGE, APPLICANT_MIN_AGE, LONG_TEXT_MAX_LENGTH } from '#shared/limits.ts';
import { MONTHLY_RANGES, YES_NO } from '#shared/options.ts';
import type { ApplicationFormValues } from '../lib/form-values.ts';
import { monthlyRangeLabel } from '../lib/option-labels.ts';
import { ChoiceField } from './choice-field.tsx';
import { FormField } from './form-field.tsx';

/** Product §2 step 3: verified account yes/no, then monthly range (yes) or age (no), and the agency goals. */
export function StepExperience() {
  const { t, i18n } = useTranslation();
  const { control, register, formState, trigger } = useFormContext<ApplicationFormValues>();
  const hasOnlyFans = useWatch({ control, name: 'hasOnlyFans' });
  return (
    <>
      <FormField name="hasOnlyFans" label={t('application.fields.hasOnlyFans')} labelKind="group">
        {({ id, ...controlProps }, labelId) => (
          <Controller
            control={control}
            name="hasOnlyFans"
            render={({ field }) => (
              <RadioGroup
                {...controlProps}
                aria-labelledby={labelId}
                value={field.value}
                onValueChange={(value) => {
                  field.onChange(value);
                  // The age is only checked on the "no" branch: after a failed submit, re-check it.
                  if (formState.isSubmitted) void trigger('age');
                }}
                className="flex flex-wrap gap-3"
              >
                {YES_NO.map((value, index) => {
                  const itemId = index === 0 ? id : `${id}-${value}`;
                  return (
                    <Label
                      key={value}
                      htmlFor={itemId}
                      className="h-10 min-w-24 cursor-pointer gap-2 rounded-md border border-input bg-card px-4 text-sm font-normal leading-none shadow-xs transition-colors hover:bg-muted has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-secondary"
                    >
                      <RadioGroupItem id={itemId} value={value} ref={index === 0 ? field.ref : undefined} />
                      {t(`application.fields.${value}`)}
                    </Label>
                  );
                })}
              </RadioGroup>
            )}
          />
        )}
      </FormField>

      {hasOnlyFans === 'yes' && (
        <ChoiceField
          name="averageMonthlyRange"
          label={t('application.fields.averageMonthlyRange')}
          placeholder={t('application.fields.averageMonthlyRangePlaceholder')}
          options={MONTHLY_RANGES.map((value) => ({ value, label: monthlyRangeLabel(value, i18n.resolvedLanguage) }))}
        />
      )}

      {hasOnlyFans === 'no' && (
        <FormField
          name="age"
          label={t('application.fields.age')}
          hint={t('application.fields.ageHint', { min: APPLICANT_MIN_AGE })}
          className="max-w-48"
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
        </FormField>
      )}

      <FormField name="agencyGoals" label={t('application.fields.agencyGoals')} isRequired>
        {(controlProps) => (
          <Textarea
            {...controlProps}
            {...register('agencyGoals')}
            rows={4}
            maxLength={LONG_TEXT_MAX_LENGTH}
            placeholder={t('application.fields.agencyGoalsPlaceholder')}
          />
        )}
      </FormField>
    </>
  );
}
