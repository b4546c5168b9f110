import type { CreatorStatus } from './creator-status.ts';
import type { Message } from './messages/message.ts';

/**
 * Merging two records of one person (decision 062), written once for the server's checks and the dialog: what
 * an owner chooses field by field, which record's value wins when they do not ("newest wins"), and which pairs
 * of statuses may merge at all.
 */

/**
 * The choices, in the order the dialog shows them. Each is one field on screen and one or more columns on the
 * server (creator-merge-fields.ts); `stage2` is the stage-2 answers with their images.
 */
export const MERGE_FIELDS = [
  'name',
  'contact',
  'gender',
  'language',
  'age',
  'country',
  'instagram',
  'tiktok',
  'twitter',
  'hasOnlyFans',
  'averageMonthlyRange',
  'recruiter',
  'agencyGoals',
  'additionalInfo',
  'selfie',
  'stage2',
] as const;
export type MergeField = (typeof MERGE_FIELDS)[number];

/** `into`: the record that stays (the one in the URL); `from`: the record merged into it and removed. */
export const MERGE_SIDES = ['into', 'from'] as const;
export type MergeSide = (typeof MERGE_SIDES)[number];
export type MergeChoices = Partial<Record<MergeField, MergeSide>>;

/** The activity entry the merge writes on the record that stays. */
export const MERGE_ACTION = 'Creator merged';
/** Set on each activity entry that came over from the removed record, naming it. */
export const MERGED_FROM_DETAIL = 'mergedFrom';

/** One record as the choice sees it: which fields hold a value, when it applied, when its stage 2 was answered. */
export interface MergeCandidate {
  createdAt: string | Date;
  filled: ReadonlySet<MergeField>;
  stage2UpdatedAt: string | Date | null;
}

/** Fields a choice of nothing cannot clear: the selfie and the stage-2 answers with their images. */
const KEPT_WHEN_EMPTY: ReadonlySet<MergeField> = new Set(['selfie', 'stage2']);

const time = (value: string | Date | null) => (value === null ? 0 : new Date(value).getTime());

/**
 * Every field's side: the owner's choice where given, else the record that has a value, else the newer one
 * (the later application; for stage 2, the later answers). A tie keeps the record that stays. A selfie or
 * stage 2 chosen from a record that has none is taken from the other.
 */
export function resolveMergeChoices(
  into: MergeCandidate,
  from: MergeCandidate,
  chosen: MergeChoices = {},
): Record<MergeField, MergeSide> {
  const isFromNewer = time(from.createdAt) > time(into.createdAt);
  const isFromStage2Newer = time(from.stage2UpdatedAt) > time(into.stage2UpdatedAt);
  const sides = {} as Record<MergeField, MergeSide>;
  for (const field of MERGE_FIELDS) {
    const hasInto = into.filled.has(field);
    const hasFrom = from.filled.has(field);
    const newer = (field === 'stage2' ? isFromStage2Newer : isFromNewer) ? 'from' : 'into';
    const fallback: MergeSide = hasInto === hasFrom ? newer : hasInto ? 'into' : 'from';
    const side = chosen[field] ?? fallback;
    // Files are never thrown away for nothing: choosing a missing selfie or stage 2 keeps the other's.
    const isNothing = KEPT_WHEN_EMPTY.has(field) && !(side === 'into' ? hasInto : hasFrom);
    sides[field] = isNothing ? fallback : side;
  }
  return sides;
}

export function isFilled(value: unknown): boolean {
  return value !== null && value !== undefined && value !== '';
}

/** The statuses that carry a marketplace listing. */
const LISTED: readonly CreatorStatus[] = ['listed', 'matched', 'finalized', 'cancelled'];

/** How far along the path a status is; a listing, whatever became of it, is past everything before it. */
const PROGRESS = {
  pending: 0,
  stage2_sent: 1,
  stage2_submitted: 2,
  listed: 3,
  matched: 4,
  finalized: 5,
  cancelled: 4,
} as const satisfies Record<CreatorStatus, number>;

/**
 * Why two records may not merge, or null. The record that stays keeps its status, its stage-2 link and its
 * listing, so it must be at least as far along as the one removed (else merge the other way round), and two
 * listings cannot become one.
 */
export function mergeRefusal(
  into: { creatorId: string; status: CreatorStatus },
  from: { creatorId: string; status: CreatorStatus },
): Message | null {
  if (into.creatorId === from.creatorId) return { key: 'merge.self' };
  if (LISTED.includes(into.status) && LISTED.includes(from.status)) {
    return { key: 'merge.bothListed', params: { into: into.creatorId, from: from.creatorId } };
  }
  if (PROGRESS[from.status] > PROGRESS[into.status]) {
    return {
      key: 'merge.wouldRegress',
      params: { into: into.creatorId, from: from.creatorId, intoStatus: into.status, fromStatus: from.status },
    };
  }
  return null;
}
