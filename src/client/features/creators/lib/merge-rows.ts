import {
  MERGE_FIELDS,
  type MergeCandidate,
  type MergeChoices,
  type MergeField,
  type MergeSide,
  resolveMergeChoices,
} from '#shared/creator-merge.ts';
import type { CreatorDetail } from '#shared/replies/creators.ts';
import { contactMethodText, type FieldTexts, stage1Entries } from './creator-fields.ts';

/**
 * The merge dialog's rows (decision 062): each field of both records as text (or the selfie's address), which
 * holds a value, and the side "newest wins" chooses, by the same rule the server applies to a field left out.
 */

/** The two records as the dialog places them: the one opened on the left, its duplicate on the right. */
export type Column = 'a' | 'b';

export interface MergeValue {
  text: string | null;
  /** The selfie's admin-only address, shown as a picture. */
  imageUrl?: string;
}

const LABELS = {
  name: 'fields.name',
  contact: 'merge.fields.contact',
  gender: 'fields.gender',
  language: 'fields.language',
  age: 'fields.age',
  country: 'fields.country',
  instagram: 'fields.instagram',
  tiktok: 'fields.tiktok',
  twitter: 'fields.twitter',
  hasOnlyFans: 'fields.hasOnlyFans',
  averageMonthlyRange: 'fields.averageMonthlyRange',
  recruiter: 'fields.recruiter',
  agencyGoals: 'fields.agencyGoals',
  additionalInfo: 'fields.additionalInfo',
  selfie: 'merge.fields.selfie',
  stage2: 'merge.fields.stage2',
} as const satisfies Record<MergeField, string>;

export const mergeFieldLabel = (texts: Pick<FieldTexts, 't'>, field: MergeField) => texts.t(LABELS[field]);

/** Each field of one record as the dialog shows it; null text where the record has none. */
export function mergeValues(detail: CreatorDetail, texts: FieldTexts): Record<MergeField, MergeValue> {
  const { creator, stage2Data } = detail;
  const shown = new Map(stage1Entries(creator, texts).map((entry) => [entry.key, entry.value]));
  const text = (key: string) => ({ text: shown.get(key) ?? null });
  const values = {} as Record<MergeField, MergeValue>;
  for (const field of MERGE_FIELDS) values[field] = text(field);
  values.contact = { text: `${contactMethodText(texts.tc, creator.contactMethod)}: ${creator.contactInfo}` };
  values.recruiter = { text: creator.recruiter || null };
  values.selfie = creator.confirmationPhotoUrl
    ? { text: texts.t('merge.selfieValue'), imageUrl: creator.confirmationPhotoUrl }
    : { text: null };
  values.stage2 = stage2Data
    ? {
        text: texts.t('merge.stage2Value', {
          date: new Intl.DateTimeFormat(texts.locale, { dateStyle: 'medium' }).format(new Date(stage2Data.updatedAt)),
          count: stage2Data.imageUrls.length,
        }),
      }
    : { text: null };
  return values;
}

function candidateOf(detail: CreatorDetail, values: Record<MergeField, MergeValue>): MergeCandidate {
  return {
    createdAt: detail.creator.createdAt,
    filled: new Set(MERGE_FIELDS.filter((field) => values[field].text !== null)),
    stage2UpdatedAt: detail.stage2Data?.updatedAt ?? null,
  };
}

/** Which column each field takes, given which record stays and the owner's picks so far. */
export function columnsChosen(
  records: Record<Column, { detail: CreatorDetail; values: Record<MergeField, MergeValue> }>,
  kept: Column,
  picked: Partial<Record<MergeField, Column>>,
): Record<MergeField, Column> {
  const removed: Column = kept === 'a' ? 'b' : 'a';
  const sideOf = (column: Column): MergeSide => (column === kept ? 'into' : 'from');
  const chosen: MergeChoices = Object.fromEntries(
    Object.entries(picked).map(([field, column]) => [field, sideOf(column)]),
  );
  const sides = resolveMergeChoices(
    candidateOf(records[kept].detail, records[kept].values),
    candidateOf(records[removed].detail, records[removed].values),
    chosen,
  );
  return Object.fromEntries(MERGE_FIELDS.map((field) => [field, sides[field] === 'into' ? kept : removed])) as Record<
    MergeField,
    Column
  >;
}

/** The request's choices: every field stated, so what the owner saw is exactly what is applied. */
export function choicesToSend(kept: Column, columns: Record<MergeField, Column>): MergeChoices {
  return Object.fromEntries(
    MERGE_FIELDS.map((field) => [field, columns[field] === kept ? 'into' : 'from']),
  ) as MergeChoices;
}
