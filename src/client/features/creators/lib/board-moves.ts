import type { Permission } from '#shared/admin-roles.ts';
import { type AdminActionName, CREATOR_ACTIONS, CREATOR_MACHINE } from '#shared/creator-actions.ts';
import { CREATOR_STATUSES, type CreatorStatus } from '#shared/creator-status.ts';

/** The staff actions that take a creator to another status: what a card may be dropped into. */
export type BoardMoveAction = 'sendStage2' | 'listDirectly' | 'list' | 'relist' | 'markMatched' | 'finalize' | 'cancel';

/** A move the board may make: where to, and the row action that makes it (its dialog, call and toast). */
export interface BoardMove {
  to: CreatorStatus;
  action: BoardMoveAction;
}

/** Why a drop is refused before the server is asked. */
export type BoardRefusal = 'final' | 'creatorOnly' | 'notAllowed';

const isBoardMove = (action: AdminActionName): action is BoardMoveAction => {
  const rule = CREATOR_ACTIONS[action];
  return rule.to !== null && !(rule.from as readonly CreatorStatus[]).includes(rule.to);
};

/**
 * The columns a card may go to from its status, in the board's column order, each with the row action that
 * makes the move (the same table as the row's buttons): staff's moves only, never an action that leaves her
 * where she is (Send Again) or removes her (Delete), and only those the admin's role may make.
 */
export function boardMovesFrom(
  status: CreatorStatus,
  may: (permission: Permission | null) => boolean = () => true,
): BoardMove[] {
  const moves = CREATOR_MACHINE.adminActionsFrom(status)
    .filter(isBoardMove)
    .filter((action) => may(CREATOR_ACTIONS[action].permission))
    .map((action) => ({ to: CREATOR_ACTIONS[action].to, action }));
  return CREATOR_STATUSES.flatMap((to) => moves.filter((move) => move.to === to).slice(0, 1));
}

/** Why `from` → `to` is no move of the board; undefined when it is one (or the card stays where it is). */
export function boardRefusal(from: CreatorStatus, to: CreatorStatus): BoardRefusal | undefined {
  if (from === to || boardMovesFrom(from).some((move) => move.to === to)) return undefined;
  if (CREATOR_MACHINE.isFinal(from)) return 'final';
  // Stage 2 Submitted is reached by her answering the form, never by staff.
  if (CREATOR_MACHINE.canTransition(from, to)) return 'creatorOnly';
  return 'notAllowed';
}
