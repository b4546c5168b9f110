import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { isApiError } from '#client/lib/api-client.ts';
import { useTranslation } from '#client/lib/i18n.ts';
import { serverFieldMessages } from '#client/lib/messages.ts';
import { CREATOR_ACTIONS } from '#shared/creator-actions.ts';
import type { CreatorStatus } from '#shared/creator-status.ts';
import type { Creator } from '#shared/replies/creators.ts';
import type { Listing } from '#shared/schemas/listing.ts';
import { useChangeCreatorStatus } from '../api/change-creator-status.ts';
import { useListCreatorDirectly } from '../api/list-creator-directly.ts';
import { invalidateAfterStatusChange } from '../api/query-keys.ts';
import { invalidateAfterStage2Link, useSendStage2Link } from '../api/send-stage2-link.ts';
import { toastActionFailure } from '../lib/action-feedback.ts';
import type { BoardMoveAction } from '../lib/board-moves.ts';
import { useChangeToast, useStatusChangeToast } from '../lib/use-status-change-toast.ts';
import { CreatorCancelDialog } from './creator-cancel-dialog.tsx';
import { type CancelChoice, type CancelChoiceErrors, cancelFieldsOf } from './creator-cancel-reason-picker.tsx';
import { listingFieldErrors } from './creator-list-action.tsx';
import { CreatorListingDialog, type ListingFieldErrors } from './creator-listing-dialog.tsx';
import { CreatorStage2LinkDialog, type ShownStage2Link } from './creator-stage2-link-dialog.tsx';

/** A card dropped on a column that takes it: who, from where, and the row action that makes the move. */
export interface BoardMoveRequest {
  creator: Creator;
  from: CreatorStatus;
  action: BoardMoveAction;
}

/** How a move ended: made (the lists are fresh), refused by the server, or given up in its dialog. */
export type BoardMoveOutcome = 'moved' | 'refused' | 'dismissed';

export interface CreatorBoardMoveProps {
  request: BoardMoveRequest;
  onSettled: (outcome: BoardMoveOutcome) => void;
}

/**
 * Makes one board move exactly as the row's button for it does (creator-row-actions.tsx): the same call, the
 * same question first (a reason to cancel, the marketplace listing to list, nothing for a first stage-2 link,
 * which is then shown), the same toasts with Undo and the same refresh of the lists. Mounted per move.
 */
export function CreatorBoardMove({ request, onSettled }: CreatorBoardMoveProps) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const changeStatus = useChangeCreatorStatus();
  const listDirectly = useListCreatorDirectly();
  const sendStage2 = useSendStage2Link();
  const announce = useStatusChangeToast();
  const announceChange = useChangeToast();
  const [isPending, setIsPending] = useState(false);
  const [shownLink, setShownLink] = useState<ShownStage2Link | null>(null);
  const { creator, action } = request;
  const { creatorId } = creator;
  const rule = CREATOR_ACTIONS[action];
  const settle = useRef(onSettled);
  settle.current = onSettled;

  function refused(error: unknown, failed: string) {
    toastActionFailure(t, error, { failed });
    // A 409 means someone else moved her meanwhile: the columns show where she is now.
    if (isApiError(error) && error.status === 409) void invalidateAfterStatusChange(queryClient, creatorId, undefined);
    settle.current('refused');
  }

  /** Mark as Matched, Finalize, or Cancel with its reason; resolves with the server's objection to the reason. */
  async function move(choice?: CancelChoice): Promise<CancelChoiceErrors | undefined> {
    setIsPending(true);
    try {
      const { change } = await changeStatus.mutateAsync({
        creatorId,
        status: rule.to,
        ...(choice ? cancelFieldsOf(choice) : {}),
      });
      announce(rule.to, { creatorId, change });
      settle.current('moved');
    } catch (error) {
      setIsPending(false);
      const fields = serverFieldMessages(error);
      if (choice && (fields.cancelReasonId || fields.cancelNote)) return fields;
      refused(error, t('toast.statusFailed'));
    }
    return undefined;
  }

  async function list(listing: Listing): Promise<ListingFieldErrors | undefined> {
    const isDirect = rule.call === 'listDirectly';
    setIsPending(true);
    try {
      const { change } = isDirect
        ? await listDirectly.mutateAsync({ creatorId, ...listing })
        : await changeStatus.mutateAsync({ creatorId, status: rule.to, ...listing });
      if (isDirect) {
        announceChange({ title: t('toast.success'), description: t('toast.listedDirectly') }, { creatorId, change });
      } else announce(rule.to, { creatorId, change });
      settle.current('moved');
    } catch (error) {
      setIsPending(false);
      const fieldErrors = listingFieldErrors(error);
      if (fieldErrors) return fieldErrors;
      refused(error, isDirect ? t('toast.listDirectlyFailed') : t('toast.statusFailed'));
    }
    return undefined;
  }

  /** A first link asks nothing (as the row's Send Stage 2); it is then shown, and the lists refresh once it closes. */
  async function sendLink() {
    setIsPending(true);
    try {
      const result = await sendStage2.mutateAsync({ creatorId });
      announceChange(
        {
          title: t('toast.stage2Generated'),
          description: result.isCopied ? t('toast.stage2Copied') : t('toast.stage2CopyByHand'),
        },
        { creatorId, change: result.change },
      );
      setShownLink({ url: result.url, expiresAt: result.expiresAt, isCopied: result.isCopied, isEmailed: false });
    } catch (error) {
      refused(error, t('toast.stage2Failed'));
    }
  }

  async function closeLink() {
    setShownLink(null);
    await invalidateAfterStage2Link(queryClient, creatorId);
    settle.current('moved');
  }

  // One-click moves start as the card lands; a strict-mode second mount must not send the request twice.
  const started = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per mounted move
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (action === 'markMatched' || action === 'finalize') void move();
    else if (action === 'sendStage2') void sendLink();
  }, []);

  if (action === 'cancel') {
    return (
      <CreatorCancelDialog
        open
        onOpenChange={(open) => !open && settle.current('dismissed')}
        creator={creator}
        isPending={isPending}
        onConfirm={move}
      />
    );
  }
  if (action === 'list' || action === 'relist' || action === 'listDirectly') {
    return (
      <CreatorListingDialog
        open
        onOpenChange={(open) => !open && settle.current('dismissed')}
        mode={action}
        creatorId={creatorId}
        isPending={isPending}
        onConfirm={list}
      />
    );
  }
  if (action === 'sendStage2')
    return <CreatorStage2LinkDialog creator={creator} link={shownLink} onClose={closeLink} />;
  return null;
}
