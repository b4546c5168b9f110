import { CheckCircle2Icon, TriangleAlertIcon } from 'lucide-react';
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
import { type ShownMessage, useMessageText } from '#client/lib/messages.ts';
import type { ErrorCode } from '#shared/error-codes.ts';
import type { MessageKey } from '#shared/messages/message.ts';
import type { BulkFailure, BulkResult } from '#shared/replies/creators.ts';
import { CreatorBulkLinks } from './creator-bulk-links.tsx';

/** Why a creator was left as they were, in the admin's language; the server's own message follows. */
const REASONS = {
  INVALID_TRANSITION: 'bulk.reasons.INVALID_TRANSITION',
  NOT_FOUND: 'bulk.reasons.NOT_FOUND',
  FORBIDDEN: 'bulk.reasons.FORBIDDEN',
  VALIDATION_FAILED: 'bulk.reasons.VALIDATION_FAILED',
} as const satisfies Partial<Record<ErrorCode, string>>;

const reasonKey = (code: ErrorCode) => (code in REASONS ? REASONS[code as keyof typeof REASONS] : 'bulk.reasons.other');

/** The server's message for one creator: by key where it sent one (any server since docs/decisions/031), else its English. */
function detailOf({ message, messageKey, messageParams }: BulkFailure): ShownMessage {
  const key = (messageKey ?? message) as MessageKey;
  return messageParams ? { key, params: messageParams, english: message } : { key, english: message };
}

export interface CreatorBulkResultDialogProps {
  result: BulkResult | null;
  onClose: () => void;
}

/** The summary of a bulk action: how many succeeded, each creator left unchanged and why, and any links. */
export function CreatorBulkResultDialog({ result, onClose }: CreatorBulkResultDialogProps) {
  const { t, i18n } = useTranslation('admin');
  const say = useMessageText();
  const number = new Intl.NumberFormat(i18n.resolvedLanguage);
  const links = result?.links ?? [];

  return (
    <Dialog open={result !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{t('bulk.resultTitle')}</DialogTitle>
          <DialogDescription>{t('bulk.resultDescription')}</DialogDescription>
        </DialogHeader>
        {result && (
          <div className="grid gap-4">
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
                        <span className="text-xs text-muted-foreground">{say(detailOf(failure))}</span>
                      </li>
                    );
                  })}
                </ul>
              </section>
            )}
            {links.length > 0 && <CreatorBulkLinks links={links} />}
          </div>
        )}
        <DialogFooter>
          <Button onClick={onClose}>{t('actions.done')}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
