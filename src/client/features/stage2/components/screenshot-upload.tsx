import { EyeOffIcon, ImageUpIcon, RefreshCwIcon, Trash2Icon } from 'lucide-react';
import { useRef } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { Button } from '#client/components/ui/button.tsx';
import { cn } from '#client/lib/cn.ts';
import { useTranslation } from '#client/lib/i18n.ts';
import { useObjectUrl } from '#client/lib/use-object-url.ts';
import { storedUploadSrc } from '../api/get-stage2-form.ts';
import type { Stage2FormValues } from '../lib/form-values.ts';
import { IMAGE_ACCEPT } from '../lib/uploads.ts';
import { ImagePreview } from './image-preview.tsx';
import { Stage2FormField } from './stage2-form-field.tsx';

/**
 * Product §2: the revenue screenshot of the verified branch, with the instruction that it must not show the
 * username. A screenshot sent earlier is shown and kept unless replaced or removed.
 */
export function ScreenshotUpload({ token, isDisabled }: { token: string; isDisabled: boolean }) {
  const { t } = useTranslation('stage2');
  const { control, setValue, trigger, clearErrors } = useFormContext<Stage2FormValues>();
  const kept = useWatch({ control, name: 'keptRevenueScreenshot' });
  const file = useWatch({ control, name: 'revenueScreenshotFile' });
  const previewUrl = useObjectUrl(file);
  const inputRef = useRef<HTMLInputElement | null>(null);
  const src = file ? previewUrl : kept ? storedUploadSrc(kept, token) : null;

  const remove = () => {
    setValue('revenueScreenshotFile', null);
    setValue('keptRevenueScreenshot', null, { shouldDirty: true });
    clearErrors('revenueScreenshotFile');
    if (inputRef.current) inputRef.current.value = '';
    inputRef.current?.focus();
  };

  return (
    <Stage2FormField
      name="revenueScreenshotFile"
      label={t('fields.revenueScreenshot')}
      hint={
        <span className="flex items-start gap-2">
          <EyeOffIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
          {t('fields.revenueScreenshotHint')}
        </span>
      }
    >
      {(controlProps) => (
        <Controller
          control={control}
          name="revenueScreenshotFile"
          render={({ field }) => (
            <div className="grid gap-3">
              <input
                {...controlProps}
                ref={(element) => {
                  inputRef.current = element;
                  field.ref(element);
                }}
                name={field.name}
                type="file"
                accept={IMAGE_ACCEPT}
                disabled={isDisabled}
                tabIndex={src ? -1 : undefined}
                className="peer sr-only"
                onBlur={field.onBlur}
                onChange={(event) => {
                  const picked = event.target.files?.[0];
                  if (!picked) return;
                  field.onChange(picked);
                  void trigger('revenueScreenshotFile');
                }}
              />
              {src ? (
                <div className="flex items-center gap-4 rounded-lg border bg-muted/40 p-3">
                  <ImagePreview
                    src={src}
                    alt={t('uploads.screenshotPreview')}
                    className="size-20 shrink-0 rounded-md"
                  />
                  <div className="grid min-w-0 flex-1 gap-2">
                    <p className="truncate text-sm font-medium">{file ? file.name : t('uploads.uploadedEarlier')}</p>
                    <div className="flex flex-wrap gap-2">
                      <Button
                        variant="outline"
                        size="sm"
                        onClick={() => inputRef.current?.click()}
                        disabled={isDisabled}
                      >
                        <RefreshCwIcon aria-hidden="true" />
                        {t('uploads.replace')}
                      </Button>
                      <Button variant="ghost" size="sm" onClick={remove} disabled={isDisabled}>
                        <Trash2Icon aria-hidden="true" />
                        {t('uploads.remove')}
                      </Button>
                    </div>
                  </div>
                </div>
              ) : (
                <label
                  htmlFor={controlProps.id}
                  className={cn(
                    'flex cursor-pointer items-center gap-3 rounded-lg border-2 border-dashed border-input bg-muted/30 px-4 py-4 transition-colors hover:border-primary/50 hover:bg-secondary/50',
                    'peer-focus-visible:border-ring peer-focus-visible:ring-2 peer-focus-visible:ring-ring/30 peer-aria-invalid:border-destructive',
                  )}
                >
                  <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-secondary text-primary">
                    <ImageUpIcon className="size-5" aria-hidden="true" />
                  </span>
                  <span className="grid gap-0.5">
                    <span className="text-sm font-medium text-primary">{t('uploads.chooseScreenshot')}</span>
                    <span className="text-sm text-muted-foreground">{t('uploads.formats')}</span>
                  </span>
                </label>
              )}
            </div>
          )}
        />
      )}
    </Stage2FormField>
  );
}
