import { ImageUpIcon, RefreshCwIcon, Trash2Icon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { FileDropZone } from '#client/components/form/file-drop-zone.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Progress } from '#client/components/ui/progress.tsx';
import { cn } from '#client/lib/cn.ts';
import { useTranslation } from '#client/lib/i18n.ts';
import { useObjectUrl } from '#client/lib/use-object-url.ts';
import type { ApplicationFormValues } from '../lib/form-values.ts';
import { FormField } from './form-field.tsx';

function useFileSize(bytes: number): string {
  const { i18n } = useTranslation();
  const megabytes = bytes / 1_000_000;
  const options: Intl.NumberFormatOptions =
    megabytes >= 0.1
      ? { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 }
      : { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 0 };
  return new Intl.NumberFormat(i18n.resolvedLanguage, options).format(megabytes >= 0.1 ? megabytes : bytes / 1000);
}

function SelectedPhoto({
  file,
  isDisabled,
  onReplace,
  onRemove,
}: {
  file: File;
  isDisabled: boolean;
  onReplace: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const url = useObjectUrl(file);
  const [hasPreview, setHasPreview] = useState(true);
  const size = useFileSize(file.size);
  // A new file gets a new chance to show its preview.
  useEffect(() => setHasPreview(Boolean(file)), [file]);
  return (
    <div
      className={cn(
        'flex items-center gap-4 rounded-lg border bg-muted/40 p-3',
        'peer-focus-visible:border-ring peer-focus-visible:ring-2 peer-focus-visible:ring-ring/30 peer-aria-invalid:border-destructive',
      )}
    >
      <div className="flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-md bg-muted">
        {url && hasPreview ? (
          <img
            src={url}
            alt={t('application.fields.photoPreview')}
            className="size-full object-cover"
            onError={() => setHasPreview(false)}
          />
        ) : (
          <ImageUpIcon className="size-7 text-muted-foreground" aria-hidden="true" />
        )}
      </div>
      <div className="grid min-w-0 flex-1 gap-2">
        <div className="min-w-0">
          <p className="truncate text-sm font-medium">{file.name}</p>
          <p className="text-sm text-muted-foreground">{size}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={onReplace} disabled={isDisabled}>
            <RefreshCwIcon aria-hidden="true" />
            {t('application.fields.photoReplace')}
          </Button>
          <Button variant="ghost" size="sm" onClick={onRemove} disabled={isDisabled}>
            <Trash2Icon aria-hidden="true" />
            {t('application.fields.photoRemove')}
          </Button>
        </div>
      </div>
    </div>
  );
}

export interface PhotoUploadProps {
  isDisabled: boolean;
  /** Share of the upload sent (0…1) while submitting, or null. */
  uploadProgress: number | null;
}

/**
 * Product §2 step 5 verification photo: any image may be picked (accept="image/*"); size and type are checked
 * right away with the spec's messages (product §5), and a preview confirms the right picture was chosen.
 */
export function PhotoUpload({ isDisabled, uploadProgress }: PhotoUploadProps) {
  const { t, i18n } = useTranslation();
  const { control, trigger, clearErrors } = useFormContext<ApplicationFormValues>();
  const inputRef = useRef<HTMLInputElement | null>(null);
  const percent = uploadProgress === null ? 0 : Math.round(uploadProgress * 100);

  return (
    <FormField
      name="confirmationPhoto"
      label={t('application.fields.photo')}
      showRequiredMark
      hint={t('application.fields.photoHint')}
    >
      {(controlProps) => (
        <Controller
          control={control}
          name="confirmationPhoto"
          render={({ field }) => {
            const choose = (file: File | undefined) => {
              if (!file) return;
              field.onChange(file);
              // The photo is the one answer checked at once: a wrong file is better known before submitting.
              void trigger('confirmationPhoto');
            };
            const remove = () => {
              field.onChange(null);
              clearErrors('confirmationPhoto');
              if (inputRef.current) inputRef.current.value = '';
              inputRef.current?.focus();
            };
            return (
              <div className="grid gap-3">
                <input
                  {...controlProps}
                  ref={(element) => {
                    inputRef.current = element;
                    field.ref(element);
                  }}
                  name={field.name}
                  type="file"
                  accept="image/*"
                  disabled={isDisabled}
                  // With a photo chosen, Replace and Remove are the way in; the input stays focusable by script.
                  tabIndex={field.value ? -1 : undefined}
                  className="peer sr-only"
                  onBlur={field.onBlur}
                  onChange={(event) => choose(event.target.files?.[0])}
                />
                {field.value ? (
                  <SelectedPhoto
                    file={field.value}
                    isDisabled={isDisabled}
                    onReplace={() => inputRef.current?.click()}
                    onRemove={remove}
                  />
                ) : (
                  // The visible drop zone is the input's label: clicking it opens the file picker.
                  <FileDropZone
                    htmlFor={controlProps.id}
                    isDisabled={isDisabled}
                    onDrop={(files) => choose(files[0])}
                    className={cn(
                      'flex cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed border-input bg-muted/30 px-4 py-6 text-center transition-colors hover:border-primary/50 hover:bg-secondary/50',
                      'peer-focus-visible:border-ring peer-focus-visible:ring-2 peer-focus-visible:ring-ring/30',
                      'peer-aria-invalid:border-destructive peer-disabled:cursor-not-allowed peer-disabled:opacity-50',
                    )}
                  >
                    <span className="flex size-11 items-center justify-center rounded-full bg-secondary text-primary">
                      <ImageUpIcon className="size-5" aria-hidden="true" />
                    </span>
                    <span className="text-sm font-medium text-primary">{t('application.fields.photoChoose')}</span>
                    <span className="text-sm text-muted-foreground">{t('application.fields.photoDrop')}</span>
                  </FileDropZone>
                )}
                {uploadProgress !== null && (
                  <div className="grid gap-1.5">
                    <div className="flex justify-between text-sm text-muted-foreground">
                      <span>{t('application.fields.uploading')}</span>
                      <span aria-hidden="true">
                        {new Intl.NumberFormat(i18n.resolvedLanguage, { style: 'percent' }).format(percent / 100)}
                      </span>
                    </div>
                    <Progress
                      value={percent}
                      aria-label={t('application.fields.uploading')}
                      getValueLabel={(value) =>
                        new Intl.NumberFormat(i18n.resolvedLanguage, { style: 'percent' }).format(value / 100)
                      }
                    />
                  </div>
                )}
              </div>
            );
          }}
        />
      )}
    </FormField>
  );
}
