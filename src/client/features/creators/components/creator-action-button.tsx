import { LoaderCircleIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button, type ButtonProps } from '#client/components/ui/button.tsx';
import { useTranslation } from '#client/lib/i18n.ts';
import type { AdminActionName } from '#shared/creator-actions.ts';
import type { CreatorStatus } from '#shared/creator-status.ts';
import type { Creator } from '#shared/replies/creators.ts';
import type { RowBusy } from '../lib/use-row-busy.ts';

/** The creator as a row knows it: enough to name the buttons and pick the actions. */
export type RowCreator = Pick<Creator, 'creatorId' | 'name' | 'status'> &
  Partial<Pick<Creator, 'contactMethod' | 'contactInfo' | 'language' | 'locale' | 'recruiter'>>;

/** What every action component of a row takes. */
export interface CreatorActionProps<A extends AdminActionName> {
  creator: RowCreator;
  action: A;
  /** Shared by the row's actions: one request at a time. */
  busy: RowBusy;
  /** Called with the creator's new status after a change (product §4: the status page then moves there). */
  onChanged?: ((newStatus: CreatorStatus) => void) | undefined;
  /** Called after an action that leaves her status as it was (a new link): review mode moves on. */
  onDone?: (() => void) | undefined;
}

export interface CreatorActionButtonProps extends Omit<ButtonProps, 'aria-label' | 'children' | 'disabled' | 'size'> {
  creator: Pick<Creator, 'creatorId' | 'name'>;
  text: string;
  busy: RowBusy;
  /** Its own request is under way: a spinner takes the icon's place. */
  isRunning?: boolean;
  icon?: ReactNode;
}

/** An action's button on a row or card, disabled while any of the row's requests is in flight. */
export function CreatorActionButton({
  creator,
  text,
  busy,
  isRunning = false,
  icon,
  ...props
}: CreatorActionButtonProps) {
  const { t } = useTranslation('admin');
  // On cards and in lists every creator has the same buttons, so each also says whose it is; the visible
  // text comes first, so a spoken command that matches it still works (WCAG 2.5.3, label in name).
  const label = t('actions.forCreator', { action: text, name: creator.name, creatorId: creator.creatorId });
  return (
    <Button size="sm" disabled={busy.isBusy} aria-label={label} {...props}>
      {isRunning ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : icon}
      {text}
    </Button>
  );
}
