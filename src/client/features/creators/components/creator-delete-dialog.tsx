import { Trash2Icon } from 'lucide-react';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';
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
export function CreatorDeleteDialog({ creatorId, name, ...props }: CreatorDeleteDialogProps) {
  const { t } = useTranslation('admin');
  return (
    <ConfirmDialog
      {...props}
      title={t('delete.title')}
      description={t('delete.description', { name, creatorId })}
      confirmLabel={t('delete.confirm')}
      cancelLabel={t('actions.cancelDialog')}
      confirmIcon={<Trash2Icon aria-hidden="true" />}
      variant="destructive"
    >
      <p className="rounded-lg bg-destructive/10 px-3 py-2 text-sm font-medium text-destructive">
        {t('delete.warning')}
      </p>
    </ConfirmDialog>
  );
}
