import type { TFunction } from '#client/lib/i18n.ts';
import { CANCEL_REASON_ENGLISH, isCancelReasonCode } from '#shared/cancel-reasons.ts';
import {
  CREATOR_ACTIONS,
  OWN_PAGE_PERFORMER,
  PAGE_LINK_ISSUED_ACTIVITY,
  PAGE_LINK_REVOKED_ACTIVITY,
  SUBMITTED_ACTIVITY,
  UNDO_ACTIVITY,
  WITHDRAWN_ACTIVITY,
} from '#shared/creator-actions.ts';
import { IMPORTED_ACTIVITY } from '#shared/creator-import.ts';
import { MERGE_ACTION, MERGE_FIELDS, type MergeField } from '#shared/creator-merge.ts';
import { isCreatorStatus } from '#shared/creator-status.ts';
import { CONTACT_ACTION, CONTACT_CHANNELS, isMessagePurpose, REMINDER_SENDER } from '#shared/message-templates.ts';
import type { ActivityEntry } from '#shared/replies/creators.ts';
import { NOTE_ACTION } from '#shared/schemas/note.ts';
import { humanizeKey, languageNameIn } from './creator-fields.ts';
import { mergeFieldLabel } from './merge-rows.ts';

/** One activity entry as the log reads it: a sentence, who did it, and its details as labelled values. */
export interface ActivityLine {
  sentence: string;
  performer: string;
  details: { key: string; label: string; value: string }[];
  /** A note's own words, shown as written. */
  note: string | null;
}

export interface ActivityTexts {
  t: TFunction<'admin'>;
  language: string;
}

type EventKey =
  | 'submitted'
  | 'stage2Sent'
  | 'stage2Resent'
  | 'listedDirectly'
  | 'stage2Submitted'
  | 'stage2Resubmitted'
  | 'noteAdded'
  | 'withdrawn'
  | 'pageLinkIssued'
  | 'pageLinkRevoked'
  | 'messageSent'
  | 'imported';

/**
 * The stored `action` is the spec's English text (architecture §4); the screens read it as an event and
 * write it in the admin's language. Status changes are told by their `from`/`to`, so any move (including one
 * a later version records under a new name) reads as one.
 */
const EVENTS: Readonly<Record<string, EventKey>> = {
  [SUBMITTED_ACTIVITY]: 'submitted',
  [CREATOR_ACTIONS.sendStage2.activity]: 'stage2Sent',
  [CREATOR_ACTIONS.sendAgain.activity]: 'stage2Resent',
  [CREATOR_ACTIONS.listDirectly.activity]: 'listedDirectly',
  [CREATOR_ACTIONS.submitStage2.activity]: 'stage2Submitted',
  [CREATOR_ACTIONS.resubmitStage2.activity]: 'stage2Resubmitted',
  [NOTE_ACTION]: 'noteAdded',
  [WITHDRAWN_ACTIVITY]: 'withdrawn',
  [PAGE_LINK_ISSUED_ACTIVITY]: 'pageLinkIssued',
  [PAGE_LINK_REVOKED_ACTIVITY]: 'pageLinkRevoked',
  [CONTACT_ACTION]: 'messageSent',
  [IMPORTED_ACTIVITY]: 'imported',
};

/** Details the sentence already tells (a withdrawal's reason), or that are shown on their own (a note's text),
 * or that mean nothing to staff (the id of the change an undo took back). */
const TOLD = new Set(['from', 'to', 'text', 'change', 'reason', 'reasonId', 'reasonCode', 'eventId', 'merged']);

const LABELS = {
  recruiter: 'fields.recruiter',
  expiresAt: 'activity.details.expiresAt',
  emailed: 'activity.details.emailed',
  images: 'activity.details.images',
  revenueScreenshot: 'activity.details.revenueScreenshot',
  rollickListingUrl: 'fields.listingUrl',
  rollickCreatorHubId: 'fields.hubId',
  undid: 'activity.details.undid',
  channel: 'activity.details.channel',
  purpose: 'contact.template',
  language: 'contact.language',
  reminderDay: 'activity.details.reminderDay',
  note: 'cancel.note',
  fromMerged: 'activity.details.fromMerged',
  mergedFrom: 'activity.details.mergedFrom',
  file: 'activity.details.file',
  row: 'activity.details.row',
} as const;

/**
 * A cancellation's reason (decision 063): a shipped one in the admin's language while the owners had not reworded
 * it, else the words it was given then.
 */
function cancelReasonDetail(texts: ActivityTexts, info: Record<string, unknown>): ActivityLine['details'] {
  if (typeof info.reasonId !== 'string' || typeof info.reason !== 'string') return [];
  const code = info.reasonCode;
  const isShipped = isCancelReasonCode(code) && CANCEL_REASON_ENGLISH[code] === info.reason;
  const value = isShipped ? texts.t(`cancel.codes.${code}`) : info.reason;
  return [{ key: 'reason', label: texts.t('cancel.shown'), value }];
}

const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** A detail's value in the admin's language: yes/no, numbers and moments the language's way, never JSON. */
export function detailValue(texts: ActivityTexts, value: unknown): string {
  const { t, language } = texts;
  if (typeof value === 'boolean') return value ? t('values.yes') : t('values.no');
  if (typeof value === 'number') return new Intl.NumberFormat(language).format(value);
  if (typeof value === 'string') {
    if (isCreatorStatus(value)) return t('activity.statusValue', { status: value });
    if (ISO_MOMENT.test(value) && !Number.isNaN(Date.parse(value))) {
      return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value));
    }
    return value;
  }
  if (value === null || value === undefined) return '—';
  if (Array.isArray(value)) return value.map((item) => detailValue(texts, item)).join(', ');
  if (typeof value === 'object') {
    return Object.entries(value)
      .map(([key, inner]) => `${humanizeKey(key)}: ${detailValue(texts, inner)}`)
      .join('; ');
  }
  return String(value);
}

/** A recorded action's English text as an event of the admin's language (an undo names the one it took back). */
function eventSentence(texts: ActivityTexts, action: string): string | null {
  const event = EVENTS[action];
  if (event) return texts.t(`activity.events.${event}`);
  const moved = /^Status changed to (\w+)$/.exec(action)?.[1];
  return isCreatorStatus(moved) ? texts.t('activity.events.statusSet', { to: moved }) : null;
}

function sentenceOf(texts: ActivityTexts, entry: ActivityEntry): string {
  const { t } = texts;
  const info = entry.additionalInfo ?? {};
  const event = EVENTS[entry.action];
  const from = isCreatorStatus(info.from) ? info.from : null;
  const to = isCreatorStatus(info.to) ? info.to : null;
  if (entry.action === MERGE_ACTION) return t('activity.events.merged', { creatorId: String(info.merged ?? '') });
  if (entry.action === UNDO_ACTIVITY) {
    return from && to && from !== to ? t('activity.events.undone', { from, to }) : t('activity.events.undoneInPlace');
  }
  // A withdrawal tells the status she left.
  if (event) return t(`activity.events.${event}`, from && to ? { from, to } : undefined);
  if (from && to) return t('activity.events.statusChanged', { from, to });
  if (to) return t('activity.events.statusSet', { to });
  // An event this build does not know: its recorded name, rather than nothing.
  return entry.action;
}

/** Who acted: staff by their username; the applicant's form, her own page and her stage-2 link by role. */
function performerOf(texts: ActivityTexts, performedBy: string): string {
  if (performedBy === 'applicant') return texts.t('activity.performers.applicant');
  if (performedBy === OWN_PAGE_PERFORMER) return texts.t('activity.performers.ownPage');
  if (performedBy === REMINDER_SENDER) return texts.t('activity.performers.reminder');
  if (/^RC-/i.test(performedBy)) return texts.t('activity.performers.creator', { creatorId: performedBy });
  return performedBy;
}

/** A message's channel, template and language (decision 060), named in the admin's language. */
function messageDetail(texts: ActivityTexts, entry: ActivityEntry, key: string, value: unknown): string | null {
  if (entry.action !== CONTACT_ACTION || typeof value !== 'string') return null;
  if (key === 'channel' && isOneOf(CONTACT_CHANNELS, value)) return texts.t(`contact.channels.${value}`);
  if (key === 'purpose' && isMessagePurpose(value)) return texts.t(`contact.purposes.${value}`);
  if (key === 'language') return languageNameIn(texts.language, value);
  return null;
}

/** The fields a merge took from the record it removed (decision 062), named as the merge dialog names them. */
function mergeDetail(texts: ActivityTexts, entry: ActivityEntry, key: string, value: unknown): string | null {
  if (entry.action !== MERGE_ACTION || key !== 'fromMerged' || !Array.isArray(value)) return null;
  const fields = value.filter((field): field is MergeField => isOneOf(MERGE_FIELDS, String(field)));
  return fields.length > 0 ? fields.map((field) => mergeFieldLabel(texts, field)).join(', ') : '—';
}

const isOneOf = <T extends string>(options: readonly T[], value: string): value is T =>
  (options as readonly string[]).includes(value);

export function describeActivity(texts: ActivityTexts, entry: ActivityEntry): ActivityLine {
  const info = entry.additionalInfo ?? {};
  const note = entry.action === NOTE_ACTION && typeof info.text === 'string' ? info.text : null;
  const details = [
    ...cancelReasonDetail(texts, info),
    ...Object.entries(info)
      .filter(([key]) => !TOLD.has(key))
      .map(([key, value]) => ({
        key,
        label: key in LABELS ? texts.t(LABELS[key as keyof typeof LABELS]) : humanizeKey(key),
        value:
          messageDetail(texts, entry, key, value) ??
          mergeDetail(texts, entry, key, value) ??
          (key === 'undid' && typeof value === 'string'
            ? (eventSentence(texts, value) ?? value)
            : detailValue(texts, value)),
      })),
  ];
  return { sentence: sentenceOf(texts, entry), performer: performerOf(texts, entry.performedBy), details, note };
}

const RELATIVE_UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
];

/**
 * When it happened in the admin's language and time zone: relative within a week ('3 hours ago'), the date
 * and time after that; `full` is the exact moment for the title.
 */
export function activityTime(iso: string, language: string, now = Date.now()): { text: string; full: string } {
  const date = new Date(iso);
  const full = new Intl.DateTimeFormat(language, { dateStyle: 'full', timeStyle: 'medium' }).format(date);
  let amount = Math.round((date.getTime() - now) / 1000);
  for (const [unit, size] of RELATIVE_UNITS) {
    if (Math.abs(amount) < size) {
      const relative = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
      return { text: relative.format(amount, unit), full };
    }
    amount = Math.round(amount / size);
  }
  return {
    text: new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date),
    full,
  };
}
