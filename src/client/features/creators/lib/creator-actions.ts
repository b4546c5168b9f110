import { TRANSITIONS } from '#shared/creator-actions.ts';
import type { CreatorStatus } from '#shared/creator-status.ts';

/** An admin button of product §4, derived from the status machine (architecture §9.4). */
export type CreatorAction =
  | { kind: 'sendStage2'; isResend: boolean }
  | { kind: 'listDirectly' }
  | { kind: 'list'; isRelist: boolean }
  | { kind: 'setStatus'; to: 'matched' | 'finalized' | 'cancelled' };

/** The button that makes one transition, or null for the moves nobody clicks (the creator's own submission). */
export function actionFor(from: CreatorStatus, to: CreatorStatus): CreatorAction | null {
  switch (to) {
    case 'stage2_sent':
      return { kind: 'sendStage2', isResend: from === 'stage2_sent' };
    case 'listed':
      return from === 'pending' ? { kind: 'listDirectly' } : { kind: 'list', isRelist: from === 'cancelled' };
    case 'matched':
    case 'finalized':
    case 'cancelled':
      return { kind: 'setStatus', to };
    case 'stage2_submitted':
    case 'pending':
      return null;
  }
}

/** The status's buttons in the machine's order (product §4). */
export function actionsFor(status: CreatorStatus): CreatorAction[] {
  return TRANSITIONS[status]
    .map((to) => actionFor(status, to))
    .filter((action): action is CreatorAction => action !== null);
}

/** Product §4: only a pending application can be deleted. */
export function canDelete(status: CreatorStatus): boolean {
  return status === 'pending';
}

/** Product §4: a finalized creator has no action and shows 'Completed'. */
export function isCompleted(status: CreatorStatus): boolean {
  return TRANSITIONS[status].length === 0;
}

/** Product §4: Send Stage 2 (pending) and Send Again (stage2_sent). */
export const SEND_STAGE2_STATUSES: readonly CreatorStatus[] = ['pending', 'stage2_sent'];
