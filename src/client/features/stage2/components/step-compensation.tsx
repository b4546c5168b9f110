import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from '#client/lib/i18n.ts';
import { AMOUNT_MAX, REVENUE_SHARE_MAX, REVENUE_SHARE_MIN } from '#shared/limits.ts';
import { COMPENSATION_TYPES } from '#shared/options.ts';
import type { Stage2FormValues } from '../lib/form-values.ts';
import { AmountInput } from './amount-input.tsx';
import { Stage2FormField } from './stage2-form-field.tsx';
import { Stage2RadioField } from './stage2-radio-field.tsx';

/** Product §2 stage-2 step 2: the kind of pay, then the salary or the share that belongs to it. */
export function StepCompensation() {
  const { t } = useTranslation('stage2');
  const { control, register } = useFormContext<Stage2FormValues>();
  const compensationType = useWatch({ control, name: 'compensationType' });
  return (
    <>
      <Stage2RadioField
        name="compensationType"
        label={t('fields.compensationType')}
        options={COMPENSATION_TYPES.map((value) => ({ value, label: t(`compensationTypes.${value}`) }))}
        layout="stack"
        isRequired
      />
      {compensationType === 'flatMonthly' && (
        <Stage2FormField name="monthlySalary" label={t('fields.monthlySalary')} className="max-w-64">
          {(controlProps) => (
            <AmountInput
              {...controlProps}
              {...register('monthlySalary')}
              unit="$"
              min={0}
              max={AMOUNT_MAX}
              placeholder={t('fields.monthlySalaryPlaceholder')}
            />
          )}
        </Stage2FormField>
      )}
      {compensationType === 'revenueShare' && (
        <Stage2FormField
          name="revenueShare"
          label={t('fields.revenueShare')}
          hint={t('fields.revenueShareHint', { min: REVENUE_SHARE_MIN, max: REVENUE_SHARE_MAX })}
          className="max-w-64"
        >
          {(controlProps) => (
            <AmountInput
              {...controlProps}
              {...register('revenueShare')}
              unit="%"
              unitPosition="end"
              min={REVENUE_SHARE_MIN}
              max={REVENUE_SHARE_MAX}
              placeholder={t('fields.revenueSharePlaceholder')}
            />
          )}
        </Stage2FormField>
      )}
      {compensationType === 'negotiable' && (
        <p className="rounded-lg bg-secondary/60 px-4 py-3 text-sm text-secondary-foreground">
          {t('fields.negotiableNote')}
        </p>
      )}
    </>
  );
}
