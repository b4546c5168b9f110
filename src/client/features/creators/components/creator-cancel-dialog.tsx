import { LoaderCircleIcon } from 'lucide-react';
import { type FormEvent, useState } from 'react';
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
import { useCancelReasons } from '#client/lib/cancel-reasons.ts';
import { useTranslation } from '#client/lib/i18n.ts';
import {
  type CancelChoice,
  type CancelChoiceErrors,
  CreatorCancelReasonPicker,
  cancelChoiceErrors,
  NO_CANCEL_CHOICE,
} from './creator-cancel-reason-picker.tsx';

export interface CreatorCancelDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  creator: { creatorId: string; name: string };
  isPending: boolean;
  /** Resolves with the server's field messages when it refused the reason, otherwise with nothing. */
  onConfirm: (choice: CancelChoice) => Promise<CancelChoiceErrors | undefined>;
}

/**
 * Cancel (product §4) asks why first (decision 063): a reason from the owners' list, and a note for Other. Mounted
 * when opened, so each opening starts with nothing chosen.
 */
export function CreatorCancelDialog({ open, onOpenChange, creator, isPending, onConfirm }: CreatorCancelDialogProps) {
  const { t } = useTranslation('admin');
  const reasons = useCancelReasons();
  const [choice, setChoice] = useState<CancelChoice>(NO_CANCEL_CHOICE);
  const [errors, setErrors] = useState<CancelChoiceErrors>({});

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems = cancelChoiceErrors(choice, reasons.data?.reasons ?? []);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setErrors((await onConfirm(choice)) ?? {});
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !isPending && onOpenChange(next)}>
      <DialogContent>
        <form noValidate onSubmit={submit} className="grid gap-5">
          <DialogHeader>
            <DialogTitle>{t('cancel.title')}</DialogTitle>
            <DialogDescription>
              {t('cancel.description', { name: creator.name, creatorId: creator.creatorId })}
            </DialogDescription>
          </DialogHeader>
          <CreatorCancelReasonPicker
            idPrefix={`cancel-${creator.creatorId}`}
            value={choice}
            onChange={(next) => {
              setChoice(next);
              setErrors({});
            }}
            errors={errors}
            disabled={isPending}
          />
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={isPending}>
                {t('cancel.keep')}
              </Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={isPending || reasons.isPending}>
              {isPending && <LoaderCircleIcon className="animate-spin" aria-hidden="true" />}
              {t('cancel.submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
