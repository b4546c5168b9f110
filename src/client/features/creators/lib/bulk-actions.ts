import { type BulkTargetStatus, canTransition } from '#shared/creator-actions.ts';
import type { CreatorStatus } from '#shared/creator-status.ts';
import { BULK_DELETABLE_STATUSES, BULK_TARGET_STATUSES } from '#shared/schemas/bulk.ts';
import { SEND_STAGE2_STATUSES } from './creator-actions.ts';

export interface BulkOffer {
  /** The statuses "Change status" offers. */
  targets: BulkTargetStatus[];
  canSendStage2: boolean;
  canDelete: boolean;
}

/**
 * What the bulk bar offers for a list: on a list of one status, only what the machine lets that status do;
 * on a mixed list (a recruiter's listings, all statuses), everything, and the server judges each creator.
 */
export function bulkOfferFor(status: CreatorStatus | undefined, mayDelete: boolean): BulkOffer {
  return {
    targets: BULK_TARGET_STATUSES.filter((to) => !status || canTransition(status, to)),
    canSendStage2: !status || SEND_STAGE2_STATUSES.includes(status),
    canDelete: mayDelete && (!status || (BULK_DELETABLE_STATUSES as readonly CreatorStatus[]).includes(status)),
  };
}
