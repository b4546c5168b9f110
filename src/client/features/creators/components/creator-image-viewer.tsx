import { ChevronLeftIcon, ChevronRightIcon, DownloadIcon } from 'lucide-react';
import { type KeyboardEvent, useState } from 'react';
import { Button, buttonVariants } from '#client/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#client/components/ui/dialog.tsx';
import { useTranslation } from '#client/lib/i18n.ts';

export interface ViewerImage {
  url: string;
  /** Shown as the title and used as the image's text alternative. */
  title: string;
  /** The download's file name (the browser adds the extension from the stored type). */
  fileName: string;
}

export interface ViewerState {
  images: readonly ViewerImage[];
  index: number;
  /** A gallery (the stage 2 images) gets previous/next and 'n / total'. */
  isGallery: boolean;
}

export interface CreatorImageViewerProps {
  state: ViewerState | null;
  onStateChange: (state: ViewerState | null) => void;
}

/** Product §2: the full-size image viewer, with download and, for the stage 2 images, previous/next. */
export function CreatorImageViewer({ state, onStateChange }: CreatorImageViewerProps) {
  const { t } = useTranslation('admin');
  // While the dialog animates out its state is already gone: it keeps showing the last image meanwhile.
  const [shown, setShown] = useState(state);
  if (state !== null && state !== shown) setShown(state);
  const isOpen = state !== null;
  const image = shown ? shown.images[shown.index] : undefined;
  const total = shown?.images.length ?? 0;
  const canPage = Boolean(shown?.isGallery) && total > 1;

  function go(step: number) {
    if (!state || !canPage) return;
    onStateChange({ ...state, index: (state.index + step + total) % total });
  }

  function onKeyDown(event: KeyboardEvent) {
    const forward = document.documentElement.dir === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
    const backward = forward === 'ArrowRight' ? 'ArrowLeft' : 'ArrowRight';
    if (event.key === forward) go(1);
    else if (event.key === backward) go(-1);
  }

  return (
    <Dialog open={isOpen && image !== undefined} onOpenChange={(open) => !open && onStateChange(null)}>
      <DialogContent className="max-w-4xl gap-3 p-4 sm:p-6" onKeyDown={onKeyDown}>
        <DialogHeader>
          <DialogTitle>{image?.title}</DialogTitle>
          <DialogDescription className="sr-only">{t('viewer.description')}</DialogDescription>
        </DialogHeader>
        {image && (
          <div className="flex min-h-48 items-center justify-center overflow-hidden rounded-lg bg-muted">
            <img
              key={image.url}
              src={image.url}
              alt={image.title}
              className="max-h-[calc(100dvh-14rem)] w-auto max-w-full object-contain"
            />
          </div>
        )}
        <DialogFooter justify="between" className="items-center">
          {canPage && shown ? (
            <div className="flex items-center justify-center gap-2">
              <Button variant="outline" size="icon" aria-label={t('viewer.previous')} onClick={() => go(-1)}>
                <ChevronLeftIcon className="rtl:rotate-180" aria-hidden="true" />
              </Button>
              <span className="min-w-14 text-center text-sm tabular-nums text-muted-foreground" aria-live="polite">
                {t('viewer.counter', { current: shown.index + 1, total })}
              </span>
              <Button variant="outline" size="icon" aria-label={t('viewer.next')} onClick={() => go(1)}>
                <ChevronRightIcon className="rtl:rotate-180" aria-hidden="true" />
              </Button>
            </div>
          ) : (
            <span />
          )}
          {image && (
            <a href={image.url} download={image.fileName} className={buttonVariants({ variant: 'outline' })}>
              <DownloadIcon aria-hidden="true" />
              {t('viewer.download')}
            </a>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
