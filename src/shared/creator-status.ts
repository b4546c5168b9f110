/** Creator statuses in the order of product §4 (which is also the order of the menus and count cards). */
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

/**
 * The status machine of architecture §4, written once. The server refuses anything not listed here (409);
 * the client derives its action buttons from it.
 */
export const TRANSITIONS = {
  pending: ['stage2_sent', 'listed'],
  stage2_sent: ['stage2_sent', 'stage2_submitted'],
  stage2_submitted: ['stage2_submitted', 'listed'],
  listed: ['matched'],
  matched: ['finalized', 'cancelled'],
  finalized: [],
  cancelled: ['listed'],
} as const satisfies Record<CreatorStatus, readonly CreatorStatus[]>;

export function isCreatorStatus(value: unknown): value is CreatorStatus {
  return typeof value === 'string' && (CREATOR_STATUSES as readonly string[]).includes(value);
}

export function canTransition(from: CreatorStatus, to: CreatorStatus): boolean {
  return (TRANSITIONS[from] as readonly CreatorStatus[]).includes(to);
}

/** 'stage2_sent' → 'stage2 sent' (product §2: underscores shown as spaces). */
export function statusLabel(status: CreatorStatus): string {
  return status.replaceAll('_', ' ');
}
