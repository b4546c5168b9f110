import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from '#client/lib/i18n.ts';
import { AMOUNT_MAX } from '#shared/limits.ts';
import { YES_NO } from '#shared/options.ts';
import type { Stage2FormValues } from '../lib/form-values.ts';
import { AmountInput } from './amount-input.tsx';
import { ContentTypeField } from './content-type-field.tsx';
import { ScreenshotUpload } from './screenshot-upload.tsx';
import { Stage2FormField } from './stage2-form-field.tsx';
import { Stage2RadioField } from './stage2-radio-field.tsx';

/**
 * Product §2 stage-2 step 3: a verified account brings last month's revenue and its screenshot; existing content
 * brings the content types.
 */
export function StepContent({ token, isDisabled }: { token: string; isDisabled: boolean }) {
  const { t } = useTranslation('stage2');
  const { control, register } = useFormContext<Stage2FormValues>();
  const [isVerified, hasContent] = useWatch({ control, name: ['isVerifiedOnlyFans', 'hasExistingContent'] });
  const yesNo = YES_NO.map((value) => ({ value, label: t(`fields.${value}`) }));
  return (
    <>
      <Stage2RadioField name="isVerifiedOnlyFans" label={t('fields.isVerifiedOnlyFans')} options={yesNo} isRequired />
      {isVerified === 'yes' && (
        <>
          <Stage2FormField name="onlyFansRevenue" label={t('fields.onlyFansRevenue')} className="max-w-64">
            {(controlProps) => (
              <AmountInput
                {...controlProps}
                {...register('onlyFansRevenue')}
                unit="$"
                min={0}
                max={AMOUNT_MAX}
                placeholder={t('fields.onlyFansRevenuePlaceholder')}
              />
            )}
          </Stage2FormField>
          <ScreenshotUpload token={token} isDisabled={isDisabled} />
        </>
      )}
      <Stage2RadioField name="hasExistingContent" label={t('fields.hasExistingContent')} options={yesNo} isRequired />
      {hasContent === 'yes' && <ContentTypeField />}
    </>
  );
}
