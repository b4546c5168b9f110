import { CheckCircle2Icon } from 'lucide-react';
import { type ReactNode, useRef } from 'react';
import { RowFold, RowMenu } from '#client/components/row-menu.tsx';
import { cn } from '#client/lib/cn.ts';
import { useTranslation } from '#client/lib/i18n.ts';
import { type AdminActionName, CREATOR_MACHINE } from '#shared/creator-actions.ts';
import type { CreatorStatus } from '#shared/creator-status.ts';
import { useRowBusy } from '../lib/use-row-busy.ts';
import type { CreatorActionProps, RowCreator } from './creator-action-button.tsx';
import { CreatorDeleteAction } from './creator-delete-action.tsx';
import { CreatorListAction } from './creator-list-action.tsx';
import { CreatorSendStage2Action } from './creator-send-stage2-action.tsx';
import { CreatorStatusAction } from './creator-status-action.tsx';

export interface CreatorRowActionsProps {
  creator: RowCreator;
  /** Called with the creator's new status after a change (product §4: the status page then moves there). */
  onChanged?: (newStatus: CreatorStatus) => void;
  /** Called after an action that leaves her status as it was (Send Again). */
  onDone?: (() => void) | undefined;
  /**
   * For a table too wide for its actions: `menu` keeps the first action as a button and puts the rest in a
   * "More actions" menu; `menuOnly` puts them all in the menu.
   */
  layout?: 'wrap' | 'row' | 'contents' | 'menu' | 'menuOnly';
  /** Placement only (margins, a border); the layout's classes are not overridden. */
  className?: string;
  /** More of the row's buttons (Assign, decision 063): after the actions, and in the menu when they fold. */
  extra?: ReactNode;
}

/** How the buttons sit: wrapping (cards), on one line (table rows), or among the parent's own (listings). */
const LAYOUTS = {
  wrap: 'flex flex-wrap items-center gap-2',
  row: 'flex flex-nowrap items-center gap-2',
  contents: 'contents',
  menu: 'flex flex-nowrap items-center gap-1',
  menuOnly: 'flex flex-nowrap items-center',
} as const;

/** The component that owns an action of the table (shared/creator-actions.ts). */
function CreatorAction({ action, ...props }: CreatorActionProps<AdminActionName>) {
  switch (action) {
    case 'sendStage2':
    case 'sendAgain':
      return <CreatorSendStage2Action action={action} {...props} />;
    case 'listDirectly':
    case 'list':
    case 'relist':
      return <CreatorListAction action={action} {...props} />;
    case 'markMatched':
    case 'finalize':
    case 'cancel':
      return <CreatorStatusAction action={action} {...props} />;
    case 'delete':
      return <CreatorDeleteAction action={action} {...props} />;
  }
}

/**
 * One creator's product §4 buttons: the actions the table gives its status, in the table's order, or
 * 'Completed' once nothing more can happen. Every button of the row is disabled while one of its requests
 * is in flight. Folded or not, each action stays where it is in the tree (RowFold): a row that folds while one
 * of its dialogs is open keeps the dialog.
 */
export function CreatorRowActions({
  creator,
  onChanged,
  onDone,
  layout = 'wrap',
  className,
  extra,
}: CreatorRowActionsProps) {
  const { t } = useTranslation('admin');
  const busy = useRowBusy();
  const row = useRef<HTMLDivElement>(null);
  const { status } = creator;
  const isFinal = CREATOR_MACHINE.isFinal(status);
  const actions = isFinal ? [] : CREATOR_MACHINE.adminActionsFrom(status);
  const isTight = layout === 'menu' || layout === 'menuOnly';
  const [first, ...rest] = actions;
  const folds = !isFinal && isTight && (rest.length > 0 || extra !== undefined || layout === 'menuOnly');
  // `menu` keeps the first action on the row; `menuOnly` folds it too.
  const isFolded = (action: AdminActionName) => folds && (layout === 'menuOnly' || action !== first);
  return (
    <div ref={row} className={cn(LAYOUTS[layout], className)}>
      {isFinal && (
        <span className="inline-flex items-center gap-1.5 text-sm font-medium text-success">
          <CheckCircle2Icon className="size-4" aria-hidden="true" />
          {t('actions.completed')}
        </span>
      )}
      {actions.map((action) => (
        <RowFold key={action} isFolded={isFolded(action)}>
          <CreatorAction action={action} creator={creator} busy={busy} onChanged={onChanged} onDone={onDone} />
        </RowFold>
      ))}
      {/* Nothing more happens to a finalized creator: a tight row leaves her change of hands to the details and
          the bulk bar. */}
      {extra !== undefined && !(isFinal && isTight) && <RowFold isFolded={folds}>{extra}</RowFold>}
      {folds && (
        <RowMenu
          label={t('actions.moreFor', { name: creator.name, creatorId: creator.creatorId })}
          title={t('actions.more')}
          row={row}
        />
      )}
    </div>
  );
}
