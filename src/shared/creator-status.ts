/**
 * Creator statuses in the order of product §4 (which is also the order of the menus and count cards). The moves
 * between them, and who makes each, are the actions of creator-actions.ts.
 */
export const CREATOR_STATUSES = [
  'pending',
  'stage2_sent',
  'stage2_submitted',
  'listed',
  'matched',
  'finalized',
  'cancelled',
] as const;

export type CreatorStatus = (typeof CREATOR_STATUSES)[number];

export function isCreatorStatus(value: unknown): value is CreatorStatus {
  return typeof value === 'string' && (CREATOR_STATUSES as readonly string[]).includes(value);
}

/** 'stage2_sent' → 'stage2 sent' (product §2: underscores shown as spaces). */
export function statusLabel(status: CreatorStatus): string {
  return status.replaceAll('_', ' ');
}
