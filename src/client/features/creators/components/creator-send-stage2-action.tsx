import { useQueryClient } from '@tanstack/react-query';
import { MailIcon } from 'lucide-react';
import { useState } from 'react';
import { useAdminSession, useCan } from '#client/components/layouts/admin-layout.tsx';
import { useTranslation } from '#client/lib/i18n.ts';
import { CREATOR_ACTIONS } from '#shared/creator-actions.ts';
import { invalidateAfterStage2Link, type SentStage2Link, useSendStage2Link } from '../api/send-stage2-link.ts';
import { toastActionFailure } from '../lib/action-feedback.ts';
import { useChangeToast } from '../lib/use-status-change-toast.ts';
import { CreatorActionButton, type CreatorActionProps } from './creator-action-button.tsx';
import { CreatorStage2LinkDialog } from './creator-stage2-link-dialog.tsx';

type SendAction = 'sendStage2' | 'sendAgain';

const TEXTS = {
  sendStage2: { button: 'actions.sendStage2', done: 'toast.stage2Generated' },
  sendAgain: { button: 'actions.sendAgain', done: 'toast.stage2Regenerated' },
} as const satisfies Record<SendAction, { button: string; done: string }>;

/**
 * Send Stage 2 (pending) or Send Again (stage2_sent; the old link dies), and E-mail link beside it (product §4).
 * The link goes to the clipboard; when the browser refuses, it is shown to copy by hand, and the row stays
 * held (and the lists unrefreshed, which would take the row away) until that dialog is closed.
 */
export function CreatorSendStage2Action({ creator, action, busy, onChanged }: CreatorActionProps<SendAction>) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const sendStage2 = useSendStage2Link();
  const announce = useChangeToast();
  const rule = CREATOR_ACTIONS[action];
  const mayRun = useCan(rule.permission);
  // The link can go by e-mail only to those who chose Email, and only when the server can send mail.
  const canEmailLink = useAdminSession()?.canEmailApplicants === true && creator.contactMethod === 'Email';
  const [manualLink, setManualLink] = useState<SentStage2Link | null>(null);
  const { creatorId } = creator;
  // A new link for a stage2_sent creator leaves it where it is.
  const movesCreator = !(rule.from as readonly string[]).includes(rule.to);

  async function send(email: boolean) {
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
    if (result.isCopied) {
      if (movesCreator) onChanged?.(rule.to);
    } else {
      setManualLink(result);
      busy.hold('stage2Link');
    }
  }

  function closeManualLink() {
    setManualLink(null);
    busy.release();
    void invalidateAfterStage2Link(queryClient, creatorId);
    if (movesCreator) onChanged?.(rule.to);
  }

  if (!mayRun) return null;
  return (
    <>
      <CreatorActionButton
        creator={creator}
        busy={busy}
        text={t(TEXTS[action].button)}
        isRunning={busy.holder === 'sendStage2'}
        onClick={() => send(false)}
      />
      {canEmailLink && (
        <CreatorActionButton
          creator={creator}
          busy={busy}
          text={t('actions.emailStage2')}
          variant="outline"
          icon={<MailIcon aria-hidden="true" />}
          isRunning={busy.holder === 'emailStage2'}
          onClick={() => send(true)}
        />
      )}
      <CreatorStage2LinkDialog
        url={manualLink?.url ?? null}
        expiresAt={manualLink?.expiresAt ?? null}
        onClose={closeManualLink}
      />
    </>
  );
}
