import { creators } from '#server/db/schema.ts';
import { hammingDistance, PHOTO_MATCH_DISTANCE } from '#server/lib/photo-match.ts';
import { isFilled, MERGE_FIELDS, type MergeCandidate, type MergeField, type MergeSide } from '#shared/creator-merge.ts';

/**
 * The columns behind each field an owner chooses when merging (decision 062). Read once per merge with the rows
 * locked; the stage-2 token hash is not among them, so it never leaves the database (architecture §5).
 */
export const mergeColumns = {
  id: creators.id,
  creatorId: creators.creatorId,
  status: creators.status,
  createdAt: creators.createdAt,
  name: creators.name,
  contactMethod: creators.contactMethod,
  contactInfo: creators.contactInfo,
  contactKey: creators.contactKey,
  locale: creators.locale,
  gender: creators.gender,
  language: creators.language,
  age: creators.age,
  country: creators.country,
  instagram: creators.instagram,
  tiktok: creators.tiktok,
  twitter: creators.twitter,
  hasOnlyFans: creators.hasOnlyFans,
  averageMonthlyRange: creators.averageMonthlyRange,
  recruiterId: creators.recruiterId,
  recruiterName: creators.recruiterName,
  agencyGoals: creators.agencyGoals,
  additionalInfo: creators.additionalInfo,
  photoKey: creators.photoKey,
  photoHash: creators.photoHash,
  firstStaffActionAt: creators.firstStaffActionAt,
  consentAt: creators.consentAt,
  privacyNoticeVersion: creators.privacyNoticeVersion,
};

export interface MergeRow {
  id: string;
  creatorId: string;
  status: (typeof creators.$inferSelect)['status'];
  createdAt: Date;
  name: string;
  contactMethod: string;
  contactInfo: string;
  contactKey: string | null;
  locale: string | null;
  gender: string;
  language: string;
  age: number | null;
  country: string | null;
  instagram: string | null;
  tiktok: string | null;
  twitter: string | null;
  hasOnlyFans: string | null;
  averageMonthlyRange: string | null;
  recruiterId: string | null;
  recruiterName: string;
  agencyGoals: string;
  additionalInfo: string | null;
  photoKey: string | null;
  photoHash: bigint | null;
  firstStaffActionAt: Date | null;
  consentAt: Date | null;
  privacyNoticeVersion: string | null;
}

type FieldColumn = Exclude<keyof MergeRow, 'id' | 'creatorId' | 'status' | 'createdAt'>;

/**
 * Which columns move together: a contact with the key duplicates are matched by and the interface language her
 * messages are written in, a recruiter's id with the name as submitted, a selfie with its hash. The first
 * column says whether the record has the field at all. Stage 2 is a row of its own (creator-merge.service.ts).
 */
export const FIELD_COLUMNS = {
  name: ['name'],
  contact: ['contactInfo', 'contactMethod', 'contactKey', 'locale'],
  gender: ['gender'],
  language: ['language'],
  age: ['age'],
  country: ['country'],
  instagram: ['instagram'],
  tiktok: ['tiktok'],
  twitter: ['twitter'],
  hasOnlyFans: ['hasOnlyFans'],
  averageMonthlyRange: ['averageMonthlyRange'],
  recruiter: ['recruiterName', 'recruiterId'],
  agencyGoals: ['agencyGoals'],
  additionalInfo: ['additionalInfo'],
  selfie: ['photoKey', 'photoHash'],
  stage2: [],
} as const satisfies Record<MergeField, readonly FieldColumn[]>;

/** The record as the choice sees it; `stage2UpdatedAt` is null when it has no stage-2 answers. */
export function candidateOf(row: MergeRow, stage2UpdatedAt: Date | null): MergeCandidate {
  const filled = new Set<MergeField>();
  for (const field of MERGE_FIELDS) {
    const [first] = FIELD_COLUMNS[field];
    if (first ? isFilled(row[first]) : stage2UpdatedAt !== null) filled.add(field);
  }
  return { createdAt: row.createdAt, filled, stage2UpdatedAt };
}

/** The removed record's values of the fields taken from it, as columns to set on the record that stays. */
export function takenValues(into: MergeRow, from: MergeRow, sides: Record<MergeField, MergeSide>): Partial<MergeRow> {
  const values: Partial<Record<FieldColumn, unknown>> = {};
  for (const field of MERGE_FIELDS) {
    if (sides[field] !== 'from') continue;
    for (const column of FIELD_COLUMNS[field]) values[column] = from[column];
  }
  // Consent goes with the later of the two: she agreed to that notice most recently.
  if (from.consentAt && (!into.consentAt || from.consentAt > into.consentAt)) {
    values.consentAt = from.consentAt;
    values.privacyNoticeVersion = from.privacyNoticeVersion;
  }
  return values as Partial<MergeRow>;
}

/** Whether the two still share a contact or a photo, as the duplicates section matched them (decision 025). */
export function areStillDuplicates(a: MergeRow, b: MergeRow): boolean {
  if (a.contactKey !== null && a.contactKey === b.contactKey) return true;
  return (
    a.photoHash !== null && b.photoHash !== null && hammingDistance(a.photoHash, b.photoHash) <= PHOTO_MATCH_DISTANCE
  );
}
