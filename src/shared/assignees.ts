import type { CreatorStatus } from './creator-status.ts';

/** Owners of creators (decision 063): what their changes write, and who hands new ones out. */

/** The activity log's `action` of a change of owner; `additionalInfo` names the new and the previous one. */
export const ASSIGNED_ACTIVITY = 'Assigned';
/** Who the activity log names when round-robin (`ASSIGN_NEW=round-robin`) handed a new application out. */
export const ROUND_ROBIN_PERFORMER = 'round-robin';
/** The assignee filter's words beside an admin's id: one's own creators, and nobody's. */
export const ASSIGNEE_ME = 'me';
export const ASSIGNEE_NONE = 'none';

/** The statuses work is still to be done in: a workload counts these (decision 063). */
export const OPEN_STATUSES = [
  'pending',
  'stage2_sent',
  'stage2_submitted',
  'listed',
  'matched',
] as const satisfies readonly CreatorStatus[];

/** A bulk change's lists in the order the creators were asked for (the work itself runs in id order). */
export function inAskedOrder<T extends Record<string, string[]>>(result: T, asked: readonly string[]): T {
  const rank = new Map(asked.map((creatorId, index) => [creatorId, index]));
  const byRank = (a: string, b: string) => (rank.get(a) ?? 0) - (rank.get(b) ?? 0);
  return Object.fromEntries(Object.entries(result).map(([key, ids]) => [key, [...ids].sort(byRank)])) as T;
}
