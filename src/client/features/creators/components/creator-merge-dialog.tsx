import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '#client/components/ui/dialog.tsx';
import { useTranslation } from '#client/lib/i18n.ts';
import { toast } from '#client/lib/toast.ts';
import { useCreatorDetail } from '../api/get-creator-detail.ts';
import { useMergeCreators } from '../api/merge-creators.ts';
import { toastActionFailure } from '../lib/action-feedback.ts';
import { CreatorDialogError, CreatorDialogLoading } from './creator-dialog-states.tsx';
import { CreatorMergeForm, type MergeSubmit } from './creator-merge-form.tsx';

export interface CreatorMergeDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The record whose details are open (left). */
  creatorId: string;
  /** The possible duplicate it was offered with (right). */
  duplicateId: string;
  /** After the merge: the Creator ID that stayed. */
  onMerged: (keptCreatorId: string) => void;
}

/** Merge… (decision 062): reads both records afresh, then lets an owner choose and confirm. */
export function CreatorMergeDialog({ open, onOpenChange, creatorId, duplicateId, onMerged }: CreatorMergeDialogProps) {
  const { t } = useTranslation('admin');
  const a = useCreatorDetail(creatorId, { enabled: open });
  const b = useCreatorDetail(duplicateId, { enabled: open });
  const merge = useMergeCreators();

  async function submit(request: MergeSubmit) {
    try {
      await merge.mutateAsync(request);
    } catch (error) {
      toastActionFailure(t, error, { failed: t('merge.failed') });
      return;
    }
    onOpenChange(false);
    toast({
      title: t('merge.done'),
      description: t('merge.doneDescription', { from: request.from, into: request.into }),
    });
    onMerged(request.into);
  }

  const failed = a.isError ? a : b.isError ? b : null;
  return (
    <Dialog open={open} onOpenChange={(next) => !merge.isPending && onOpenChange(next)}>
      <DialogContent className="max-w-4xl grid-cols-1 gap-5 p-4 sm:p-6">
        <DialogHeader>
          <DialogTitle>{t('merge.title')}</DialogTitle>
          <DialogDescription>{t('merge.description', { a: creatorId, b: duplicateId })}</DialogDescription>
        </DialogHeader>
        {a.data && b.data ? (
          <CreatorMergeForm
            key={`${a.data.creator.updatedAt}-${b.data.creator.updatedAt}`}
            records={{ a: a.data, b: b.data }}
            isPending={merge.isPending}
            onSubmit={submit}
          />
        ) : failed ? (
          <CreatorDialogError error={failed.error} onRetry={() => failed.refetch()} />
        ) : (
          <CreatorDialogLoading />
        )}
      </DialogContent>
    </Dialog>
  );
}
