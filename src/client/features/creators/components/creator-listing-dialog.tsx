import { LoaderCircleIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Button } from '#client/components/ui/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#client/components/ui/dialog.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { useTranslation } from '#client/lib/i18n.ts';
import { fieldError, messageOfFieldError, type ShownMessage, useMessageText } from '#client/lib/messages.ts';
import { zodResolver } from '#client/lib/zod-resolver.ts';
import { type Listing, type ListingInput, listingSchema } from '#shared/schemas/listing.ts';

export type ListingMode = 'listDirectly' | 'list' | 'relist';

/** Field messages the server sent back (a 400), keyed like the form. */
export type ListingFieldErrors = Partial<Record<keyof Listing, ShownMessage>>;

export interface CreatorListingDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  mode: ListingMode;
  creatorId: string;
  isPending: boolean;
  /** Resolves with the server's field messages when it refused the values, otherwise with nothing. */
  onConfirm: (listing: Listing) => Promise<ListingFieldErrors | undefined>;
}

const resolver = zodResolver(listingSchema);
const EMPTY: ListingInput = { rollickListingUrl: '', rollickCreatorHubId: '' };

/**
 * Product §2/§4: listing asks for the marketplace Listing URL (required) and an optional Creator Hub ID.
 * Mounted when opened, so each opening starts with empty fields.
 */
export function CreatorListingDialog({
  open,
  onOpenChange,
  mode,
  creatorId,
  isPending,
  onConfirm,
}: CreatorListingDialogProps) {
  const { t } = useTranslation('admin');
  const say = useMessageText();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ListingInput, unknown, Listing>({ resolver, defaultValues: EMPTY });

  const onSubmit = handleSubmit(async (listing) => {
    const fieldErrors = await onConfirm(listing);
    for (const [field, message] of Object.entries(fieldErrors ?? {})) {
      if (message) setError(field as keyof Listing, fieldError(message), { shouldFocus: true });
    }
  });

  const urlError = say(messageOfFieldError(errors.rollickListingUrl));
  const hubError = say(messageOfFieldError(errors.rollickCreatorHubId));
  return (
    <Dialog open={open} onOpenChange={(next) => !isPending && onOpenChange(next)}>
      <DialogContent>
        <form noValidate onSubmit={onSubmit} className="grid gap-5">
          <DialogHeader>
            <DialogTitle>{t(`listing.title.${mode}`)}</DialogTitle>
            <DialogDescription>{t(`listing.description.${mode}`, { creatorId })}</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor="listing-url" className="gap-1 text-sm font-medium leading-none">
              {t('listing.url')}
              <span aria-hidden="true" className="text-destructive">
                *
              </span>
            </Label>
            <Input
              id="listing-url"
              type="url"
              inputMode="url"
              autoComplete="off"
              placeholder="https://"
              aria-required
              aria-invalid={urlError ? true : undefined}
              aria-describedby={urlError ? 'listing-url-error' : undefined}
              {...register('rollickListingUrl')}
            />
            {urlError && (
              <p id="listing-url-error" role="alert" className="text-sm font-medium text-destructive">
                {urlError}
              </p>
            )}
          </div>
          <div className="grid gap-2">
            <Label htmlFor="listing-hub-id">
              {t('listing.hubId')}
              <span className="font-normal text-muted-foreground">{t('listing.optional')}</span>
            </Label>
            <Input
              id="listing-hub-id"
              autoComplete="off"
              aria-invalid={hubError ? true : undefined}
              aria-describedby={hubError ? 'listing-hub-id-error' : undefined}
              {...register('rollickCreatorHubId')}
            />
            {hubError && (
              <p id="listing-hub-id-error" role="alert" className="text-sm font-medium text-destructive">
                {hubError}
              </p>
            )}
          </div>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={isPending}>
                {t('actions.cancelDialog')}
              </Button>
            </DialogClose>
            <Button type="submit" disabled={isPending}>
              {isPending && <LoaderCircleIcon className="animate-spin" aria-hidden="true" />}
              {t(`listing.submit.${mode}`)}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
