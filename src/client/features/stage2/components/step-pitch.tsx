import { useFormContext } from 'react-hook-form';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { useTranslation } from '#client/lib/i18n.ts';
import { LONG_TEXT_MAX_LENGTH } from '#shared/limits.ts';
import type { Stage2FormValues } from '../lib/form-values.ts';
import { ImageUploads } from './image-uploads.tsx';
import { Stage2FormField } from './stage2-form-field.tsx';

/** Product §2 stage-2 step 4: why an agency should choose the creator, and the images. */
export function StepPitch({
  token,
  isDisabled,
  uploadProgress,
}: {
  token: string;
  isDisabled: boolean;
  uploadProgress: number | null;
}) {
  const { t } = useTranslation('stage2');
  const { register } = useFormContext<Stage2FormValues>();
  return (
    <>
      <Stage2FormField name="agencyPitch" label={t('fields.agencyPitch')} isRequired>
        {(controlProps) => (
          <Textarea
            {...controlProps}
            {...register('agencyPitch')}
            rows={6}
            maxLength={LONG_TEXT_MAX_LENGTH}
            placeholder={t('fields.agencyPitchPlaceholder')}
          />
        )}
      </Stage2FormField>
      <ImageUploads token={token} isDisabled={isDisabled} uploadProgress={uploadProgress} />
    </>
  );
}
