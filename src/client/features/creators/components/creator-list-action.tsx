import { useState } from 'react';
import { useCan } from '#client/components/layouts/admin-layout.tsx';
import { isApiError } from '#client/lib/api-client.ts';
import { useTranslation } from '#client/lib/i18n.ts';
import { CREATOR_ACTIONS } from '#shared/creator-actions.ts';
import type { Listing } from '#shared/schemas/listing.ts';
import { useChangeCreatorStatus } from '../api/change-creator-status.ts';
import { useListCreatorDirectly } from '../api/list-creator-directly.ts';
import { toastActionFailure } from '../lib/action-feedback.ts';
import { useChangeToast, useStatusChangeToast } from '../lib/use-status-change-toast.ts';
import { CreatorActionButton, type CreatorActionProps } from './creator-action-button.tsx';
import { CreatorListingDialog, type ListingFieldErrors, type ListingMode } from './creator-listing-dialog.tsx';

const TEXTS = {
  listDirectly: 'actions.listDirectly',
  list: 'actions.listCreator',
  relist: 'actions.relist',
} as const satisfies Record<ListingMode, string>;

/** The server's field messages from a refused listing, for the dialog to show beside the fields. */
export function listingFieldErrors(error: unknown): ListingFieldErrors | undefined {
  if (!isApiError(error) || error.status !== 400 || !error.fieldMessages) return undefined;
  const { rollickListingUrl, rollickCreatorHubId } = error.fieldMessages;
  if (!rollickListingUrl && !rollickCreatorHubId) return undefined;
  return { rollickListingUrl, rollickCreatorHubId };
}

/**
 * Listed (pending, without stage 2), List Creator (stage2_submitted) or Relist (cancelled): each asks for the
 * marketplace listing first (product §4), then lists the creator through its own call.
 */
export function CreatorListAction({ creator, action, busy, onChanged }: CreatorActionProps<ListingMode>) {
  const { t } = useTranslation('admin');
  const changeStatus = useChangeCreatorStatus();
  const listDirectly = useListCreatorDirectly();
  const announce = useStatusChangeToast();
  const announceChange = useChangeToast();
  const rule = CREATOR_ACTIONS[action];
  const mayRun = useCan(rule.permission);
  const [isOpen, setIsOpen] = useState(false);
  const { creatorId } = creator;
  const isDirect = rule.call === 'listDirectly';

  async function list(listing: Listing): Promise<ListingFieldErrors | undefined> {
    let change: string | undefined;
    try {
      ({ change } = await busy.run('listing', () =>
        isDirect
          ? listDirectly.mutateAsync({ creatorId, ...listing })
          : changeStatus.mutateAsync({ creatorId, status: rule.to, ...listing }),
      ));
    } catch (error) {
      const fieldErrors = listingFieldErrors(error);
      if (fieldErrors) return fieldErrors;
      toastActionFailure(t, error, { failed: isDirect ? t('toast.listDirectlyFailed') : t('toast.statusFailed') });
      return undefined;
    }
    setIsOpen(false);
    const undoable = { creatorId, change };
    if (isDirect) announceChange({ title: t('toast.success'), description: t('toast.listedDirectly') }, undoable);
    else announce(rule.to, undoable);
    onChanged?.(rule.to);
    return undefined;
  }

  if (!mayRun) return null;
  return (
    <>
      <CreatorActionButton
        creator={creator}
        busy={busy}
        text={t(TEXTS[action])}
        variant={isDirect ? 'outline' : 'default'}
        onClick={() => setIsOpen(true)}
      />
      {isOpen && (
        <CreatorListingDialog
          open
          onOpenChange={(open) => !open && setIsOpen(false)}
          mode={action}
          creatorId={creatorId}
          isPending={busy.holder === 'listing'}
          onConfirm={list}
        />
      )}
    </>
  );
}
