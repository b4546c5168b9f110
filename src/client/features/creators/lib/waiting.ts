import { SLA_DUE_HOURS, SLA_OVERDUE_HOURS } from '#shared/limits.ts';
import type { Creator } from '#shared/replies/creators.ts';
import type { SlaFilter } from '#shared/schemas/creator.ts';

const HOUR_MS = 3_600_000;

/** Whole hours a pending creator has waited for a first staff action, or null when no clock runs. */
export function waitingHours(creator: Pick<Creator, 'status' | 'createdAt' | 'firstStaffActionAt'>, now: number) {
  if (creator.status !== 'pending' || creator.firstStaffActionAt !== null) return null;
  const created = Date.parse(creator.createdAt);
  if (Number.isNaN(created)) return null;
  return Math.max(0, Math.floor((now - created) / HOUR_MS));
}

/** Where a wait stands against the 24–48 hour promise (docs/decisions/025). */
export function waitingLevel(hours: number): SlaFilter | null {
  if (hours >= SLA_OVERDUE_HOURS) return 'overdue';
  if (hours >= SLA_DUE_HOURS) return 'due';
  return null;
}

/** "30 hr", "5 days": hours up to three days, days after, in the reader's language. */
export function formatWaiting(hours: number, locale: string | undefined): string {
  const isDays = hours >= 3 * 24;
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: isDays ? 'day' : 'hour',
    unitDisplay: isDays ? 'long' : 'short',
    maximumFractionDigits: 0,
  }).format(isDays ? Math.floor(hours / 24) : hours);
}
