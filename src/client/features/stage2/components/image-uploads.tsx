import { ImagePlusIcon, XIcon } from 'lucide-react';
import { useRef } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { FileDropZone } from '#client/components/form/file-drop-zone.tsx';
import { Progress } from '#client/components/ui/progress.tsx';
import { cn } from '#client/lib/cn.ts';
import { useTranslation } from '#client/lib/i18n.ts';
import { useObjectUrl } from '#client/lib/use-object-url.ts';
import { STAGE2_MAX_IMAGES } from '#shared/limits.ts';
import { storedUploadSrc } from '../api/get-stage2-form.ts';
import type { Stage2FormValues } from '../lib/form-values.ts';
import { IMAGE_ACCEPT } from '../lib/uploads.ts';
import { ImagePreview } from './image-preview.tsx';
import { Stage2FormField } from './stage2-form-field.tsx';

/** Files have no id of their own; each picked File object gets one for React's keys. */
const fileKeys = new WeakMap<File, string>();
let lastFileKey = 0;
function keyOf(file: File): string {
  let key = fileKeys.get(file);
  if (!key) {
    lastFileKey += 1;
    key = `file-${lastFileKey}`;
    fileKeys.set(file, key);
  }
  return key;
}

const TILE = 'relative aspect-square overflow-hidden rounded-lg border bg-muted';

function RemoveButton({ label, onClick, isDisabled }: { label: string; onClick: () => void; isDisabled: boolean }) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={isDisabled}
      aria-label={label}
      className={cn(
        'absolute end-1.5 top-1.5 flex size-8 items-center justify-center rounded-full bg-foreground/70 text-background shadow transition-colors hover:bg-foreground',
        'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:opacity-50',
      )}
    >
      <XIcon className="size-4" aria-hidden="true" />
    </button>
  );
}

function NewImageTile({
  file,
  index,
  onRemove,
  isDisabled,
}: {
  file: File;
  index: number;
  onRemove: () => void;
  isDisabled: boolean;
}) {
  const { t } = useTranslation('stage2');
  const url = useObjectUrl(file);
  return (
    <li className={TILE}>
      <ImagePreview src={url} alt={t('uploads.imageAlt', { index })} className="size-full" />
      <RemoveButton label={t('uploads.removeImage', { index })} onClick={onRemove} isDisabled={isDisabled} />
    </li>
  );
}

export interface ImageUploadsProps {
  token: string;
  isDisabled: boolean;
  /** Share of the upload sent (0…1) while submitting, or null. */
  uploadProgress: number | null;
}

/**
 * Product §2 step 4: 3–6 images (guidance), jpg/png/webp, no watermarks. Images sent earlier are shown first and
 * stay unless removed; new ones are previewed. Each pick is checked at once, so a wrong file is known early.
 */
export function ImageUploads({ token, isDisabled, uploadProgress }: ImageUploadsProps) {
  const { t, i18n } = useTranslation('stage2');
  const { control, setValue, trigger } = useFormContext<Stage2FormValues>();
  const kept = useWatch({ control, name: 'keptImages' });
  const files = useWatch({ control, name: 'imageFiles' });
  const inputRef = useRef<HTMLInputElement | null>(null);
  const total = kept.length + files.length;
  const isFull = total >= STAGE2_MAX_IMAGES;
  const percent = new Intl.NumberFormat(i18n.resolvedLanguage, { style: 'percent' });

  const update = (next: { files?: File[]; kept?: typeof kept }) => {
    if (next.files) setValue('imageFiles', next.files, { shouldDirty: true });
    if (next.kept) setValue('keptImages', next.kept, { shouldDirty: true });
    void trigger('imageFiles');
  };
  const add = (picked: FileList | null | undefined) => {
    if (!picked || picked.length === 0 || isDisabled) return;
    update({ files: [...files, ...Array.from(picked)] });
  };
  const afterRemove = () => requestAnimationFrame(() => inputRef.current?.focus());

  return (
    <Stage2FormField name="imageFiles" label={t('fields.images')} hint={t('fields.imagesHint')}>
      {(controlProps) => (
        // The input sits outside the grid, so the add tile follows its focus and state through the group.
        <div className="group/uploads grid gap-3">
          <input
            {...controlProps}
            ref={inputRef}
            type="file"
            multiple
            accept={IMAGE_ACCEPT}
            disabled={isDisabled}
            // When six are chosen the tile to add more is gone; the input stays focusable by script for errors.
            tabIndex={isFull ? -1 : undefined}
            className="sr-only"
            onChange={(event) => {
              add(event.target.files);
              event.target.value = '';
            }}
          />
          <ul className="grid grid-cols-3 gap-2 sm:gap-3" aria-label={t('uploads.listLabel')}>
            {kept.map((image, index) => (
              <li key={image.key} className={TILE}>
                <ImagePreview
                  src={storedUploadSrc(image, token)}
                  alt={t('uploads.keptAlt', { index: index + 1 })}
                  className="size-full"
                />
                <RemoveButton
                  label={t('uploads.removeImage', { index: index + 1 })}
                  isDisabled={isDisabled}
                  onClick={() => {
                    update({ kept: kept.filter((item) => item.key !== image.key) });
                    afterRemove();
                  }}
                />
              </li>
            ))}
            {files.map((file, index) => (
              <NewImageTile
                key={keyOf(file)}
                file={file}
                index={kept.length + index + 1}
                isDisabled={isDisabled}
                onRemove={() => {
                  update({ files: files.filter((_, position) => position !== index) });
                  afterRemove();
                }}
              />
            ))}
            {!isFull && (
              <li className="aspect-square">
                <FileDropZone
                  htmlFor={controlProps.id}
                  isDisabled={isDisabled}
                  onDrop={add}
                  className={cn(
                    'flex size-full cursor-pointer flex-col items-center justify-center gap-1.5 rounded-lg border-2 border-dashed border-input bg-muted/30 p-2 text-center transition-colors hover:border-primary/50 hover:bg-secondary/50',
                    'group-has-[input:focus-visible]/uploads:border-ring group-has-[input:focus-visible]/uploads:ring-2 group-has-[input:focus-visible]/uploads:ring-ring/30',
                    'group-has-[input[aria-invalid]]/uploads:border-destructive group-has-[input:disabled]/uploads:cursor-not-allowed group-has-[input:disabled]/uploads:opacity-50',
                  )}
                >
                  <ImagePlusIcon className="size-6 text-primary" aria-hidden="true" />
                  <span className="text-xs font-medium text-primary sm:text-sm">{t('uploads.addImages')}</span>
                </FileDropZone>
              </li>
            )}
          </ul>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {t('uploads.count', { count: total, max: STAGE2_MAX_IMAGES })}
            {kept.length > 0 && ` · ${t('uploads.keptNote')}`}
          </p>
          {uploadProgress !== null && (
            <div className="grid gap-1.5">
              <div className="flex justify-between text-sm text-muted-foreground">
                <span>{t('uploads.uploading')}</span>
                <span aria-hidden="true">{percent.format(uploadProgress)}</span>
              </div>
              <Progress
                value={Math.round(uploadProgress * 100)}
                aria-label={t('uploads.uploading')}
                getValueLabel={(value) => percent.format(value / 100)}
              />
            </div>
          )}
        </div>
      )}
    </Stage2FormField>
  );
}
