import { CheckCircle2Icon, LoaderCircleIcon, TriangleAlertIcon, Undo2Icon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#client/components/ui/dialog.tsx';
import { useTranslation } from '#client/lib/i18n.ts';
import { useMessageText } from '#client/lib/messages.ts';
import { toast } from '#client/lib/toast.ts';
import type { ErrorCode } from '#shared/error-codes.ts';
import type { BulkResult } from '#shared/replies/creators.ts';
import { bulkFailureMessage } from '../lib/bulk-actions.ts';
import { useBulkUndo } from '../lib/use-bulk-undo.ts';
import { CreatorBulkLinks } from './creator-bulk-links.tsx';

/** Why a creator was left as they were, in the admin's language; the server's own message follows. */
const REASONS = {
  INVALID_TRANSITION: 'bulk.reasons.INVALID_TRANSITION',
  NOT_FOUND: 'bulk.reasons.NOT_FOUND',
  FORBIDDEN: 'bulk.reasons.FORBIDDEN',
  VALIDATION_FAILED: 'bulk.reasons.VALIDATION_FAILED',
} as const satisfies Partial<Record<ErrorCode, string>>;

const reasonKey = (code: ErrorCode) => (code in REASONS ? REASONS[code as keyof typeof REASONS] : 'bulk.reasons.other');

export interface CreatorBulkResultDialogProps {
  result: BulkResult | null;
  onClose: () => void;
  /** Said before the counts (a job that was interrupted says so). */
  children?: ReactNode;
}

/** The summary of a bulk action: how many succeeded, each creator left unchanged and why, and any links. */
export function CreatorBulkResultDialog({ result, onClose, children }: CreatorBulkResultDialogProps) {
  const { t, i18n } = useTranslation('admin');
  const say = useMessageText();
  const number = new Intl.NumberFormat(i18n.resolvedLanguage);
  const links = result?.links ?? [];
  const changes = result?.changes ?? [];
  const undo = useBulkUndo();
  const [isUndoing, setIsUndoing] = useState(false);

  // Takes back every change the action made whose creator has not changed since (docs/decisions/033).
  async function undoAll() {
    setIsUndoing(true);
    const isAnswered = await undo(changes);
    setIsUndoing(false);
    if (isAnswered) onClose();
  }

  // Closed without undoing: the toast that follows still offers Undo, as after a single change.
  function close() {
    if (changes.length > 0) {
      toast({
        title: t('bulk.resultTitle'),
        description: t('bulk.succeeded', { amount: number.format(result?.succeeded.length ?? 0) }),
        action: { label: t('toast.undo'), onClick: () => void undo(changes) },
      });
    }
    onClose();
  }

  return (
    <Dialog open={result !== null} onOpenChange={(open) => !open && !isUndoing && close()}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{t('bulk.resultTitle')}</DialogTitle>
          <DialogDescription>{t('bulk.resultDescription')}</DialogDescription>
        </DialogHeader>
        {result && (
          <div className="grid gap-4">
            {children}
            <p className="flex items-center gap-2 font-medium text-success">
              <CheckCircle2Icon className="size-5" aria-hidden="true" />
              {t('bulk.succeeded', { amount: number.format(result.succeeded.length) })}
            </p>
            {result.failed.length > 0 && (
              <section className="grid gap-2" aria-labelledby="bulk-failed-heading">
                <h3 id="bulk-failed-heading" className="flex items-center gap-2 font-medium text-destructive">
                  <TriangleAlertIcon className="size-5" aria-hidden="true" />
                  {t('bulk.failed', { amount: number.format(result.failed.length) })}
                </h3>
                <ul className="grid max-h-64 gap-1 overflow-y-auto rounded-lg border p-2 text-sm">
                  {result.failed.map((failure) => {
                    return (
                      <li key={failure.creatorId} className="grid gap-0.5 px-1 py-1">
                        <span>
                          <span className="font-mono text-xs">{failure.creatorId}</span>
                          {': '}
                          {t(reasonKey(failure.code))}
                        </span>
                        <span className="text-xs text-muted-foreground">{say(bulkFailureMessage(failure))}</span>
                      </li>
                    );
                  })}
                </ul>
              </section>
            )}
            {links.length > 0 && <CreatorBulkLinks links={links} />}
          </div>
        )}
        {changes.length > 0 && <p className="text-sm text-muted-foreground">{t('bulk.undoHint')}</p>}
        <DialogFooter>
          {changes.length > 0 && (
            <Button variant="outline" disabled={isUndoing} onClick={() => void undoAll()}>
              {isUndoing ? (
                <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
              ) : (
                <Undo2Icon aria-hidden="true" />
              )}
              {t('bulk.undo', { count: changes.length })}
            </Button>
          )}
          <Button onClick={close} disabled={isUndoing}>
            {t('actions.done')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
