/**
 * Why creators are cancelled (decision 063). The shipped reasons are rows with a code, translated on screen
 * until an owner words one their own way; owners add reasons of their own. "Other" asks for a note, and
 * "withdrawn" is what her own withdrawal records.
 */
export const CANCEL_REASON_CODES = [
  'no_response',
  'other_agency',
  'not_a_fit',
  'creator_declined',
  'withdrawn',
  'other',
] as const;
export type CancelReasonCode = (typeof CANCEL_REASON_CODES)[number];

/** The reason that needs a note, and cannot be removed: every cancellation must find a reason that fits. */
export const OTHER_REASON: CancelReasonCode = 'other';
/** The reason her own withdrawal (decision 047) records. */
export const WITHDRAWN_REASON: CancelReasonCode = 'withdrawn';

/** The English of the shipped reasons, for the CSV, webhook events and the activity log. */
export const CANCEL_REASON_ENGLISH = {
  no_response: 'No response',
  other_agency: 'Chose another agency',
  not_a_fit: 'Not a fit',
  creator_declined: 'Declined the offer',
  withdrawn: 'Withdrawn by the creator',
  other: 'Other',
} as const satisfies Record<CancelReasonCode, string>;

export const CANCEL_REASON_LABEL_MAX_LENGTH = 60;
export const CANCEL_NOTE_MAX_LENGTH = 500;
/** More would not fit a picker anyone reads. */
export const CANCEL_REASONS_MAX = 40;

export function isCancelReasonCode(value: unknown): value is CancelReasonCode {
  return typeof value === 'string' && (CANCEL_REASON_CODES as readonly string[]).includes(value);
}

/** A reason as it is read: the owners' wording, else the shipped English of its code. */
export function cancelReasonEnglish(reason: { code: string | null; label: string | null }): string {
  if (reason.label) return reason.label;
  return isCancelReasonCode(reason.code) ? CANCEL_REASON_ENGLISH[reason.code] : '';
}
