import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2Icon, LoaderCircleIcon, MailIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { useAdminSession, useCan } from '#client/components/layouts/admin-layout.tsx';
import { Button, type ButtonVariant } from '#client/components/ui/button.tsx';
import { isApiError } from '#client/lib/api-client.ts';
import { cn } from '#client/lib/cn.ts';
import { useTranslation } from '#client/lib/i18n.ts';
import { toast } from '#client/lib/toast.ts';
import { useStatusName } from '#client/lib/use-status-name.ts';
import type { CreatorStatus } from '#shared/creator-status.ts';
import type { Creator } from '#shared/schemas/creator.ts';
import type { Listing } from '#shared/schemas/listing.ts';
import { useChangeCreatorStatus } from '../api/change-creator-status.ts';
import { useDeleteCreator } from '../api/delete-creator.ts';
import { useListCreatorDirectly } from '../api/list-creator-directly.ts';
import { invalidateAfterStatusChange } from '../api/query-keys.ts';
import { invalidateAfterStage2Link, type SentStage2Link, useSendStage2Link } from '../api/send-stage2-link.ts';
import { toastActionFailure } from '../lib/action-feedback.ts';
import { actionsFor, type CreatorAction, canDelete, isCompleted } from '../lib/creator-actions.ts';
import { CreatorDeleteDialog } from './creator-delete-dialog.tsx';
import { CreatorListingDialog, type ListingFieldErrors, type ListingMode } from './creator-listing-dialog.tsx';
import { CreatorStage2LinkDialog } from './creator-stage2-link-dialog.tsx';

export interface CreatorRowActionsProps {
  creator: Pick<Creator, 'creatorId' | 'name' | 'status'> & { contactMethod?: string };
  /** Called with the creator's new status after a change (product §4: the status page then moves there). */
  onChanged?: (newStatus: CreatorStatus) => void;
  layout?: 'wrap' | 'row' | 'contents';
  /** Placement only (margins, a border); the layout's classes are not overridden. */
  className?: string;
}

type ActionKey = 'sendStage2' | 'emailStage2' | 'listing' | 'matched' | 'finalized' | 'cancelled' | 'delete';

const STATUS_BUTTONS = {
  matched: { label: 'actions.markMatched', variant: 'default' },
  finalized: { label: 'actions.finalize', variant: 'default' },
  cancelled: { label: 'actions.cancel', variant: 'outline' },
} as const satisfies Record<string, { label: string; variant: ButtonVariant }>;

/** The server's field messages from a refused listing, for the dialog to show beside the fields. */
function listingFieldErrors(error: unknown): ListingFieldErrors | undefined {
  if (!isApiError(error) || error.status !== 400 || !error.fieldMessages) return undefined;
  const { rollickListingUrl, rollickCreatorHubId } = error.fieldMessages;
  if (!rollickListingUrl && !rollickCreatorHubId) return undefined;
  return { rollickListingUrl, rollickCreatorHubId };
}

/**
 * The product §4 buttons of one creator, derived from the status machine: Send Stage 2 / Send Again, Listed,
 * List Creator, Relist, Mark as Matched, Finalize, Cancel, Delete, or 'Completed'. Every button of the row
 * is disabled while one of its requests is in flight.
 */
/** How the buttons sit: wrapping (cards), on one line (table rows), or among the parent's own (listings). */
const LAYOUTS = {
  wrap: 'flex flex-wrap items-center gap-2',
  row: 'flex flex-nowrap items-center gap-2',
  contents: 'contents',
} as const;

export function CreatorRowActions({ creator, onChanged, layout = 'wrap', className }: CreatorRowActionsProps) {
  const { t } = useTranslation('admin');
  const statusName = useStatusName();
  const queryClient = useQueryClient();
  const sendStage2 = useSendStage2Link();
  const changeStatus = useChangeCreatorStatus();
  const listDirectly = useListCreatorDirectly();
  const deleteCreator = useDeleteCreator();
  // Deleting is an owner's (issue 12); a reviewer is not offered the button the server would refuse.
  const mayDelete = useCan('deleteCreators');
  // The link can go by e-mail only to those who chose Email, and only when the server can send mail.
  const canEmailLink = useAdminSession()?.canEmailApplicants === true && creator.contactMethod === 'Email';
  const [running, setRunning] = useState<ActionKey | null>(null);
  const [listingMode, setListingMode] = useState<ListingMode | null>(null);
  const [isDeleteOpen, setIsDeleteOpen] = useState(false);
  const [manualLink, setManualLink] = useState<SentStage2Link | null>(null);
  const { creatorId, status } = creator;
  const isBusy = running !== null || manualLink !== null;
  // On cards and in lists every creator has the same buttons, so each also says whose it is; the visible
  // text comes first, so a spoken command that matches it still works (WCAG 2.5.3, label in name).
  const nameFor = (action: string) => t('actions.forCreator', { action, name: creator.name, creatorId });

  async function run<T>(key: ActionKey, task: () => Promise<T>): Promise<T> {
    setRunning(key);
    try {
      return await task();
    } finally {
      setRunning(null);
    }
  }

  function statusChanged(newStatus: CreatorStatus) {
    toast({
      title: t('toast.statusUpdated'),
      description: t('toast.statusChanged', { status: statusName(newStatus) }),
    });
    onChanged?.(newStatus);
  }

  async function handleSendStage2(isResend: boolean, email = false) {
    let result: SentStage2Link;
    try {
      result = await run(email ? 'emailStage2' : 'sendStage2', () => sendStage2.mutateAsync({ creatorId, email }));
    } catch (error) {
      toastActionFailure(t, error, { failed: t('toast.stage2Failed') });
      return;
    }
    const copied = result.isCopied ? t('toast.stage2Copied') : t('toast.stage2CopyByHand');
    toast({
      title: isResend ? t('toast.stage2Regenerated') : t('toast.stage2Generated'),
      description: email ? `${t('toast.stage2Emailed')} ${copied}` : copied,
    });
    if (result.isCopied) {
      if (!isResend) onChanged?.('stage2_sent');
    } else {
      setManualLink(result);
    }
  }

  function closeManualLink() {
    const wasResend = status === 'stage2_sent';
    setManualLink(null);
    void invalidateAfterStage2Link(queryClient, creatorId);
    if (!wasResend) onChanged?.('stage2_sent');
  }

  async function handleListing(listing: Listing): Promise<ListingFieldErrors | undefined> {
    const mode = listingMode;
    try {
      await run('listing', () =>
        mode === 'listDirectly'
          ? listDirectly.mutateAsync({ creatorId, ...listing })
          : changeStatus.mutateAsync({ creatorId, status: 'listed', ...listing }),
      );
    } catch (error) {
      const fieldErrors = listingFieldErrors(error);
      if (fieldErrors) return fieldErrors;
      toastActionFailure(t, error, {
        failed: mode === 'listDirectly' ? t('toast.listDirectlyFailed') : t('toast.statusFailed'),
      });
      return undefined;
    }
    setListingMode(null);
    if (mode === 'listDirectly') {
      toast({ title: t('toast.success'), description: t('toast.listedDirectly') });
      onChanged?.('listed');
    } else {
      statusChanged('listed');
    }
    return undefined;
  }

  async function handleSetStatus(to: 'matched' | 'finalized' | 'cancelled') {
    try {
      await run(to, () => changeStatus.mutateAsync({ creatorId, status: to }));
    } catch (error) {
      toastActionFailure(t, error, { failed: t('toast.statusFailed') });
      // A 409 means someone else moved the creator, to a status not known here: show where things stand now.
      if (isApiError(error) && error.status === 409)
        void invalidateAfterStatusChange(queryClient, creatorId, undefined);
      return;
    }
    statusChanged(to);
  }

  async function handleDelete() {
    let message: string;
    try {
      ({ message } = await run('delete', () => deleteCreator.mutateAsync(creatorId)));
    } catch (error) {
      toastActionFailure(t, error, { failed: t('toast.deleteFailed'), network: t('toast.deleteNetworkError') });
      return;
    }
    setIsDeleteOpen(false);
    toast({ title: t('toast.deleted'), description: message || t('toast.deletedFallback', { creatorId }) });
  }

  function spinnerFor(key: ActionKey) {
    return running === key ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null;
  }

  function renderAction(action: CreatorAction) {
    switch (action.kind) {
      case 'sendStage2': {
        const text = action.isResend ? t('actions.sendAgain') : t('actions.sendStage2');
        return [
          <Button
            key="sendStage2"
            size="sm"
            disabled={isBusy}
            aria-label={nameFor(text)}
            onClick={() => handleSendStage2(action.isResend)}
          >
            {spinnerFor('sendStage2')}
            {text}
          </Button>,
          canEmailLink && (
            <Button
              key="emailStage2"
              size="sm"
              variant="outline"
              disabled={isBusy}
              aria-label={nameFor(t('actions.emailStage2'))}
              onClick={() => handleSendStage2(action.isResend, true)}
            >
              {spinnerFor('emailStage2') ?? <MailIcon aria-hidden="true" />}
              {t('actions.emailStage2')}
            </Button>
          ),
        ];
      }
      case 'listDirectly': {
        const text = t('actions.listDirectly');
        return (
          <Button
            key="listDirectly"
            size="sm"
            variant="outline"
            disabled={isBusy}
            aria-label={nameFor(text)}
            onClick={() => setListingMode('listDirectly')}
          >
            {text}
          </Button>
        );
      }
      case 'list': {
        const text = action.isRelist ? t('actions.relist') : t('actions.listCreator');
        return (
          <Button
            key="list"
            size="sm"
            disabled={isBusy}
            aria-label={nameFor(text)}
            onClick={() => setListingMode(action.isRelist ? 'relist' : 'list')}
          >
            {text}
          </Button>
        );
      }
      case 'setStatus': {
        const { label, variant } = STATUS_BUTTONS[action.to];
        const text = t(label);
        return (
          <Button
            key={action.to}
            size="sm"
            variant={variant}
            disabled={isBusy}
            aria-label={nameFor(text)}
            onClick={() => handleSetStatus(action.to)}
          >
            {spinnerFor(action.to)}
            {text}
          </Button>
        );
      }
    }
  }

  return (
    <div className={cn(LAYOUTS[layout], className)}>
      {isCompleted(status) ? (
        <span className="inline-flex items-center gap-1.5 text-sm font-medium text-success">
          <CheckCircle2Icon className="size-4" aria-hidden="true" />
          {t('actions.completed')}
        </span>
      ) : (
        actionsFor(status).map(renderAction)
      )}
      {canDelete(status) && mayDelete && (
        <Button
          size="sm"
          variant="danger"
          disabled={isBusy}
          aria-label={nameFor(t('actions.delete'))}
          onClick={() => setIsDeleteOpen(true)}
        >
          <Trash2Icon aria-hidden="true" />
          {t('actions.delete')}
        </Button>
      )}
      {listingMode && (
        <CreatorListingDialog
          open
          onOpenChange={(open) => !open && setListingMode(null)}
          mode={listingMode}
          creatorId={creatorId}
          isPending={running === 'listing'}
          onConfirm={handleListing}
        />
      )}
      {canDelete(status) && mayDelete && (
        <CreatorDeleteDialog
          open={isDeleteOpen}
          onOpenChange={setIsDeleteOpen}
          creatorId={creatorId}
          name={creator.name}
          isPending={running === 'delete'}
          onConfirm={handleDelete}
        />
      )}
      <CreatorStage2LinkDialog
        url={manualLink?.url ?? null}
        expiresAt={manualLink?.expiresAt ?? null}
        onClose={closeManualLink}
      />
    </div>
  );
}
