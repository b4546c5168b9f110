import { LoaderCircleIcon, Trash2Icon } from 'lucide-react';
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
import { useTranslation } from '#client/lib/i18n.ts';

export interface CreatorDeleteDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  creatorId: string;
  name: string;
  isPending: boolean;
  onConfirm: () => void;
}

/** Product §4/§9: deleting is permanent and takes the stage 2 answers, the activity log and the photos with it. */
export function CreatorDeleteDialog({
  open,
  onOpenChange,
  creatorId,
  name,
  isPending,
  onConfirm,
}: CreatorDeleteDialogProps) {
  const { t } = useTranslation('admin');
  return (
    <Dialog open={open} onOpenChange={(next) => !isPending && onOpenChange(next)}>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>{t('delete.title')}</DialogTitle>
          <DialogDescription>{t('delete.description', { name, creatorId })}</DialogDescription>
        </DialogHeader>
        <p className="rounded-lg bg-destructive/10 px-3 py-2 text-sm font-medium text-destructive">
          {t('delete.warning')}
        </p>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={isPending}>
              {t('actions.cancelDialog')}
            </Button>
          </DialogClose>
          <Button variant="destructive" onClick={onConfirm} disabled={isPending}>
            {isPending ? (
              <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
            ) : (
              <Trash2Icon aria-hidden="true" />
            )}
            {t('delete.confirm')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
