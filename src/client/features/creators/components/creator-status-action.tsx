import { useQueryClient } from '@tanstack/react-query';
import { useCan } from '#client/components/layouts/admin-layout.tsx';
import type { ButtonVariant } from '#client/components/ui/button.tsx';
import { isApiError } from '#client/lib/api-client.ts';
import { useTranslation } from '#client/lib/i18n.ts';
import { CREATOR_ACTIONS } from '#shared/creator-actions.ts';
import { useChangeCreatorStatus } from '../api/change-creator-status.ts';
import { invalidateAfterStatusChange } from '../api/query-keys.ts';
import { toastActionFailure } from '../lib/action-feedback.ts';
import { useStatusChangeToast } from '../lib/use-status-change-toast.ts';
import { CreatorActionButton, type CreatorActionProps } from './creator-action-button.tsx';

type StatusAction = 'markMatched' | 'finalize' | 'cancel';

const BUTTONS = {
  markMatched: { label: 'actions.markMatched', variant: 'default' },
  finalize: { label: 'actions.finalize', variant: 'default' },
  cancel: { label: 'actions.cancel', variant: 'outline' },
} as const satisfies Record<StatusAction, { label: string; variant: ButtonVariant }>;

/** Mark as Matched, Finalize or Cancel (product §4): one click moves the creator through PATCH …/status. */
export function CreatorStatusAction({ creator, action, busy, onChanged }: CreatorActionProps<StatusAction>) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const changeStatus = useChangeCreatorStatus();
  const announce = useStatusChangeToast();
  const rule = CREATOR_ACTIONS[action];
  const mayRun = useCan(rule.permission);
  const { creatorId } = creator;

  async function change() {
    let change: string | undefined;
    try {
      ({ change } = await busy.run(action, () => changeStatus.mutateAsync({ creatorId, status: rule.to })));
    } catch (error) {
      toastActionFailure(t, error, { failed: t('toast.statusFailed') });
      // A 409 means someone else moved the creator, to a status not known here: show where things stand now.
      if (isApiError(error) && error.status === 409)
        void invalidateAfterStatusChange(queryClient, creatorId, undefined);
      return;
    }
    announce(rule.to, { creatorId, change });
    onChanged?.(rule.to);
  }

  if (!mayRun) return null;
  const { label, variant } = BUTTONS[action];
  return (
    <CreatorActionButton
      creator={creator}
      busy={busy}
      text={t(label)}
      variant={variant}
      isRunning={busy.holder === action}
      onClick={change}
    />
  );
}
