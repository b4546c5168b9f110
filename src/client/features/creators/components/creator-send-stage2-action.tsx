import { useQueryClient } from '@tanstack/react-query';
import { MailIcon } from 'lucide-react';
import { useState } from 'react';
import { useAdminSession, useCan } from '#client/components/layouts/admin-layout.tsx';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';
import { useTranslation } from '#client/lib/i18n.ts';
import { CREATOR_ACTIONS } from '#shared/creator-actions.ts';
import { invalidateAfterStage2Link, type SentStage2Link, useSendStage2Link } from '../api/send-stage2-link.ts';
import { toastActionFailure } from '../lib/action-feedback.ts';
import { useChangeToast } from '../lib/use-status-change-toast.ts';
import { CreatorActionButton, type CreatorActionProps } from './creator-action-button.tsx';
import { CreatorStage2LinkDialog, type ShownStage2Link } from './creator-stage2-link-dialog.tsx';

type SendAction = 'sendStage2' | 'sendAgain';

const TEXTS = {
  sendStage2: { button: 'actions.sendStage2', done: 'toast.stage2Generated' },
  sendAgain: { button: 'actions.sendAgain', done: 'toast.stage2Regenerated' },
} as const satisfies Record<SendAction, { button: string; done: string }>;

/**
 * Send Stage 2 (pending) or Send Again (stage2_sent), and E-mail link beside it (product §4). Send Again asks
 * first, as the link she already has stops working. The new link goes to the clipboard and is shown with
 * one-tap ways to send it to her; the row stays held (and the lists unrefreshed, which would take the row and
 * the dialog away) until that dialog is closed, and only then does the page follow her to stage2_sent.
 */
export function CreatorSendStage2Action({ creator, action, busy, onChanged, onDone }: CreatorActionProps<SendAction>) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const sendStage2 = useSendStage2Link();
  const announce = useChangeToast();
  const rule = CREATOR_ACTIONS[action];
  const mayRun = useCan(rule.permission);
  // The link can go by e-mail only to those who chose Email, and only when the server can send mail.
  const canEmailLink = useAdminSession()?.canEmailApplicants === true && creator.contactMethod === 'Email';
  const [shown, setShown] = useState<ShownStage2Link | null>(null);
  /** Send Again's question, and whether the answer is to e-mail the new link. */
  const [asking, setAsking] = useState<{ email: boolean } | null>(null);
  const { creatorId } = creator;
  // A new link for a stage2_sent creator leaves it where it is.
  const movesCreator = !(rule.from as readonly string[]).includes(rule.to);

  async function send(email: boolean) {
    setAsking(null);
    let result: SentStage2Link;
    try {
      result = await busy.run(email ? 'emailStage2' : 'sendStage2', () => sendStage2.mutateAsync({ creatorId, email }));
    } catch (error) {
      toastActionFailure(t, error, { failed: t('toast.stage2Failed') });
      return;
    }
    const copied = result.isCopied ? t('toast.stage2Copied') : t('toast.stage2CopyByHand');
    announce(
      { title: t(TEXTS[action].done), description: email ? `${t('toast.stage2Emailed')} ${copied}` : copied },
      { creatorId, change: result.change },
    );
    setShown({ url: result.url, expiresAt: result.expiresAt, isCopied: result.isCopied, isEmailed: email });
    busy.hold('stage2Link');
  }

  /** A first link asks nothing; a new one says first that the old one stops working. */
  function start(email: boolean) {
    if (action === 'sendAgain') setAsking({ email });
    else void send(email);
  }

  function closeLink() {
    setShown(null);
    busy.release();
    void invalidateAfterStage2Link(queryClient, creatorId);
    if (movesCreator) onChanged?.(rule.to);
    else onDone?.();
  }

  if (!mayRun) return null;
  return (
    <>
      <CreatorActionButton
        creator={creator}
        busy={busy}
        text={t(TEXTS[action].button)}
        isRunning={busy.holder === 'sendStage2'}
        onClick={() => start(false)}
      />
      {canEmailLink && (
        <CreatorActionButton
          creator={creator}
          busy={busy}
          text={t('actions.emailStage2')}
          variant="outline"
          icon={<MailIcon aria-hidden="true" />}
          isRunning={busy.holder === 'emailStage2'}
          onClick={() => start(true)}
        />
      )}
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => !open && setAsking(null)}
        title={t('stage2Link.againTitle')}
        description={t('stage2Link.againDescription', { name: creator.name })}
        confirmLabel={t('stage2Link.againConfirm')}
        cancelLabel={t('actions.cancelDialog')}
        isPending={false}
        onConfirm={() => void send(asking?.email ?? false)}
      />
      <CreatorStage2LinkDialog creator={creator} link={shown} onClose={closeLink} />
    </>
  );
}
