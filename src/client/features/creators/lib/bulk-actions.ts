import type { ShownMessage } from '#client/lib/messages.ts';
import type { Permission } from '#shared/admin-roles.ts';
import { type BulkTargetStatus, CREATOR_ACTIONS, CREATOR_MACHINE } from '#shared/creator-actions.ts';
import type { CreatorStatus } from '#shared/creator-status.ts';
import type { MessageKey } from '#shared/messages/message.ts';
import type { BulkFailure } from '#shared/replies/creators.ts';

export interface BulkOffer {
  /** The statuses "Change status" offers. */
  targets: BulkTargetStatus[];
  canSendStage2: boolean;
  canDelete: boolean;
}

/**
 * What the bulk bar offers for a list, read from the actions table: on a list of one status, only what that
 * status's actions allow; on a mixed list (a recruiter's listings, all statuses), everything, and the server
 * judges each creator. Actions the admin's role may not run are left out.
 */
export function bulkOfferFor(
  status: CreatorStatus | undefined,
  may: (permission: Permission | null) => boolean,
): BulkOffer {
  const offered = CREATOR_MACHINE.bulkActionsFrom(status)
    .map((name) => CREATOR_ACTIONS[name])
    .filter((rule) => may(rule.permission));
  return {
    targets: CREATOR_MACHINE.bulkTargets.filter((to) =>
      offered.some((rule) => rule.bulk === 'status' && rule.to === to),
    ),
    canSendStage2: offered.some((rule) => rule.bulk === 'stage2'),
    canDelete: offered.some((rule) => rule.bulk === 'delete'),
  };
}

/** The server's message for one creator left unchanged: by key where it sent one (docs/decisions/031), else its English. */
export function bulkFailureMessage({ message, messageKey, messageParams }: BulkFailure): ShownMessage {
  const key = (messageKey ?? message) as MessageKey;
  return messageParams ? { key, params: messageParams, english: message } : { key, english: message };
}

/** The reasons creators would be (or were) left unchanged, each with how many, most frequent first. */
export function countReasons(failed: readonly BulkFailure[], say: (message: ShownMessage) => string | undefined) {
  const counts = new Map<string, number>();
  for (const failure of failed) {
    const reason = say(bulkFailureMessage(failure)) ?? failure.message;
    counts.set(reason, (counts.get(reason) ?? 0) + 1);
  }
  return [...counts].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count);
}
