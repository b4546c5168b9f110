import { LoaderCircleIcon, TriangleAlertIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#client/components/ui/dialog.tsx';
import { toastFailure } from '#client/lib/failure-toast.ts';
import { useTranslation } from '#client/lib/i18n.ts';
import { toast } from '#client/lib/toast.ts';
import type { AdminRecruiter } from '#shared/replies/recruiters.ts';
import { useDeleteRecruiter } from '../api/delete-recruiter.ts';

export interface RecruiterDeleteDialogProps {
  /** The recruiter to delete; null keeps the dialog closed. */
  recruiter: AdminRecruiter | null;
  onOpenChange: (open: boolean) => void;
  onDeleted?: (recruiter: AdminRecruiter) => void;
  /** It is the only recruiter: the form requires one, so the dialog says why it stays instead of deleting. */
  isLast?: boolean;
}

/**
 * Product §2: the warning names the number of associated applications, which stay unchanged (they keep the
 * recruiter's name); the recruiter only leaves future selection.
 */
export function RecruiterDeleteDialog({
  recruiter,
  onOpenChange,
  onDeleted,
  isLast = false,
}: RecruiterDeleteDialogProps) {
  const { t } = useTranslation('recruiters');
  const deleteRecruiter = useDeleteRecruiter();
  // The closing animation keeps showing the last recruiter instead of an empty title.
  const [shown, setShown] = useState(recruiter);
  if (recruiter && recruiter !== shown) setShown(recruiter);
  const count = shown?.applicationsCount ?? 0;

  async function confirm() {
    if (!recruiter || deleteRecruiter.isPending) return;
    try {
      const result = await deleteRecruiter.mutateAsync(recruiter.id);
      toast({ title: t('delete.success', { count: result.associatedApplicationsCount }) });
      onOpenChange(false);
      onDeleted?.(recruiter);
    } catch (error) {
      toastFailure(error, { title: t('errors.title'), fallback: t('delete.failed') });
    }
  }

  return (
    <Dialog
      open={recruiter !== null}
      onOpenChange={(open) => {
        if (!deleteRecruiter.isPending) onOpenChange(open);
      }}
    >
      <DialogContent role="alertdialog" className="max-w-lg gap-4 p-6 sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{t('delete.title', { name: shown?.name ?? '' })}</DialogTitle>
          <DialogDescription>{t('delete.description')}</DialogDescription>
        </DialogHeader>
        <div className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          <TriangleAlertIcon className="mt-0.5 size-4 shrink-0 text-amber-600" aria-hidden="true" />
          <p>
            {isLast
              ? t('delete.lastOne')
              : count === 0
                ? t('delete.noApplications')
                : t('delete.associated', { count })}
          </p>
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={deleteRecruiter.isPending}>
            {isLast ? t('delete.close') : t('delete.cancel')}
          </Button>
          {!isLast && (
            <Button variant="destructive" onClick={() => void confirm()} disabled={deleteRecruiter.isPending}>
              {deleteRecruiter.isPending && <LoaderCircleIcon className="animate-spin" aria-hidden="true" />}
              {deleteRecruiter.isPending ? t('delete.deleting') : t('delete.confirm')}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
