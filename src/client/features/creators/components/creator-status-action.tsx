import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useCan } from '#client/components/layouts/admin-layout.tsx';
import type { ButtonVariant } from '#client/components/ui/button.tsx';
import { isApiError } from '#client/lib/api-client.ts';
import { useTranslation } from '#client/lib/i18n.ts';
import { serverFieldMessages } from '#client/lib/messages.ts';
import { CREATOR_ACTIONS } from '#shared/creator-actions.ts';
import { useChangeCreatorStatus } from '../api/change-creator-status.ts';
import { invalidateAfterStatusChange } from '../api/query-keys.ts';
import { toastActionFailure } from '../lib/action-feedback.ts';
import { useStatusChangeToast } from '../lib/use-status-change-toast.ts';
import { CreatorActionButton, type CreatorActionProps } from './creator-action-button.tsx';
import { CreatorCancelDialog } from './creator-cancel-dialog.tsx';
import { type CancelChoice, type CancelChoiceErrors, cancelFieldsOf } from './creator-cancel-reason-picker.tsx';

type StatusAction = 'markMatched' | 'finalize' | 'cancel';

const BUTTONS = {
  markMatched: { label: 'actions.markMatched', variant: 'default' },
  finalize: { label: 'actions.finalize', variant: 'default' },
  cancel: { label: 'actions.cancel', variant: 'outline' },
} as const satisfies Record<StatusAction, { label: string; variant: ButtonVariant }>;

/**
 * Mark as Matched, Finalize or Cancel (product §4): one click moves the creator through PATCH …/status; Cancel
 * asks why first (decision 063).
 */
export function CreatorStatusAction({ creator, action, busy, onChanged }: CreatorActionProps<StatusAction>) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const changeStatus = useChangeCreatorStatus();
  const announce = useStatusChangeToast();
  const rule = CREATOR_ACTIONS[action];
  const mayRun = useCan(rule.permission);
  const [isAsking, setIsAsking] = useState(false);
  const { creatorId } = creator;

  /** Resolves with the server's field messages when it refused the reason given. */
  async function change(choice?: CancelChoice): Promise<CancelChoiceErrors | undefined> {
    let change: string | undefined;
    try {
      ({ change } = await busy.run(action, () =>
        changeStatus.mutateAsync({ creatorId, status: rule.to, ...(choice ? cancelFieldsOf(choice) : {}) }),
      ));
    } catch (error) {
      const fields = serverFieldMessages(error);
      if (choice && (fields.cancelReasonId || fields.cancelNote)) return fields;
      toastActionFailure(t, error, { failed: t('toast.statusFailed') });
      setIsAsking(false);
      // A 409 means someone else moved the creator, to a status not known here: show where things stand now.
      if (isApiError(error) && error.status === 409)
        void invalidateAfterStatusChange(queryClient, creatorId, undefined);
      return undefined;
    }
    setIsAsking(false);
    announce(rule.to, { creatorId, change });
    onChanged?.(rule.to);
    return undefined;
  }

  if (!mayRun) return null;
  const { label, variant } = BUTTONS[action];
  const isCancel = action === 'cancel';
  return (
    <>
      <CreatorActionButton
        creator={creator}
        busy={busy}
        text={t(label)}
        variant={variant}
        isRunning={busy.holder === action}
        onClick={() => (isCancel ? setIsAsking(true) : void change())}
      />
      {isCancel && isAsking && (
        <CreatorCancelDialog
          open
          onOpenChange={setIsAsking}
          creator={creator}
          isPending={busy.holder === action}
          onConfirm={change}
        />
      )}
    </>
  );
}
