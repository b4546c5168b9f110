import { sql } from 'drizzle-orm';
import { type activityLog, creators, type stage2Submissions } from '#server/db/schema.ts';
import { CREATOR_ACTIONS } from '#shared/creator-actions.ts';
import type { ActivityEntry, Creator, Stage2Data } from '#shared/replies/creators.ts';
import { ADMIN_FILE_URL_PREFIX } from '#shared/schemas/creator.ts';

/** The activity entries that make a stage-2 link: the latest one says when her current link was sent. */
const LINK_ACTIVITIES = [CREATOR_ACTIONS.sendStage2.activity, CREATOR_ACTIONS.sendAgain.activity];
const LINK_ACTIVITIES_SQL = LINK_ACTIVITIES.map((action) => `'${action}'`).join(', ');

/**
 * When her current link was made: the latest link entry of her activity log, while she has a link. A
 * correlated read of one index range (`activity_log_creator_time_idx`), and only for creators with a link.
 */
const LINK_SENT_AT = `(select max(a.timestamp) from activity_log a
  where a.creator_id = "creators"."id" and a.action in (${LINK_ACTIVITIES_SQL}))`;
/** Drizzle writes a lone table's columns unqualified, which inside the subquery would name the log's own. */
const linkSentAt = sql<Date | null>`case when "creators"."stage2_token_expires_at" is null then null else ${sql.raw(
  LINK_SENT_AT,
)} end`.mapWith(creators.stage2TokenExpiresAt);

/** The assignee's username (decision 063): one primary-key read, only for a creator who has one. */
const ASSIGNEE_NAME = `(select ad.username from admins ad where ad.id = "creators"."assignee_id")`;
const assigneeName = sql<string | null>`${sql.raw(ASSIGNEE_NAME)}`;
/** Her tags' ids (decision 063), sorted: the copy on her row that creator_tags' triggers keep. */
const TAG_IDS = `"creators"."tag_ids"::text[]`;
const tagIds = sql<string[]>`${sql.raw(TAG_IDS)}`;

/**
 * The columns a creator reply is built from. Listed one by one so the stage-2 token hash is never even read
 * on the admin paths (architecture §5); its expiry is, as staff are told when the link stops working.
 */
export const creatorColumns = {
  id: creators.id,
  creatorId: creators.creatorId,
  status: creators.status,
  name: creators.name,
  language: creators.language,
  locale: creators.locale,
  gender: creators.gender,
  contactMethod: creators.contactMethod,
  contactInfo: creators.contactInfo,
  hasOnlyFans: creators.hasOnlyFans,
  averageMonthlyRange: creators.averageMonthlyRange,
  age: creators.age,
  country: creators.country,
  agencyGoals: creators.agencyGoals,
  instagram: creators.instagram,
  tiktok: creators.tiktok,
  twitter: creators.twitter,
  additionalInfo: creators.additionalInfo,
  recruiterId: creators.recruiterId,
  recruiterName: creators.recruiterName,
  photoKey: creators.photoKey,
  rollickCreatorHubId: creators.rollickCreatorHubId,
  rollickListingUrl: creators.rollickListingUrl,
  firstStaffActionAt: creators.firstStaffActionAt,
  contactKey: creators.contactKey,
  photoHash: creators.photoHash,
  hasDuplicates: creators.hasDuplicates,
  createdAt: creators.createdAt,
  updatedAt: creators.updatedAt,
  stage2TokenExpiresAt: creators.stage2TokenExpiresAt,
  stage2LinkSentAt: linkSentAt,
  consentAt: creators.consentAt,
  privacyNoticeVersion: creators.privacyNoticeVersion,
  assigneeId: creators.assigneeId,
  assignee: assigneeName,
  cancelReasonId: creators.cancelReasonId,
  cancelNote: creators.cancelNote,
  tagIds,
};

/** A timestamp as `Date.toISOString()` writes it: UTC, milliseconds, `Z`. */
const isoText = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A creator as the API shows it, written by the database, for lists (decision 014): mapping each row of a page
 * field by field in JavaScript cost more than reading it. Same fields, same order and same values as
 * `toCreator` (the list tests compare the two); the stage-2 token never appears here either.
 */
export const CREATOR_AS_API = `id, creator_id as "creatorId", name, language, gender,
  contact_method as "contactMethod", contact_info as "contactInfo", has_only_fans as "hasOnlyFans",
  average_monthly_range as "averageMonthlyRange", age, country, agency_goals as "agencyGoals", instagram, tiktok,
  twitter, additional_info as "additionalInfo", recruiter_name as recruiter, recruiter_id as "recruiterId", status,
  case when photo_key is null then null else '${ADMIN_FILE_URL_PREFIX}' || photo_key end as "confirmationPhotoUrl",
  rollick_creator_hub_id as "rollickCreatorHubId", rollick_listing_url as "rollickListingUrl",
  ${isoText('created_at')} as "createdAt", ${isoText('updated_at')} as "updatedAt",
  ${isoText('first_staff_action_at')} as "firstStaffActionAt", has_duplicates as "hasDuplicates", locale,
  case when stage2_token_expires_at is null then null else ${isoText(LINK_SENT_AT)} end as "stage2LinkSentAt",
  ${isoText('stage2_token_expires_at')} as "stage2LinkExpiresAt", ${isoText('consent_at')} as "consentAt",
  privacy_notice_version as "privacyNoticeVersion", assignee_id as "assigneeId",
  case when assignee_id is null then null else ${ASSIGNEE_NAME} end as "assignee",
  cancel_reason_id as "cancelReasonId", cancel_note as "cancelNote", ${TAG_IDS} as "tagIds"`;
export const creatorAsApi = sql.raw(CREATOR_AS_API);

export type CreatorRow = Omit<
  typeof creators.$inferSelect,
  'stage2TokenHash' | 'searchText' | 'pageTokenHash' | 'pageTokenExpiresAt'
> & {
  stage2LinkSentAt: Date | null;
  assignee: string | null;
  tagIds: string[];
};
type Stage2Row = typeof stage2Submissions.$inferSelect;
type ActivityRow = typeof activityLog.$inferSelect;

/** Stored files are only reachable through the admin-only files route. */
export function fileUrl(key: string): string;
export function fileUrl(key: string | null): string | null;
export function fileUrl(key: string | null): string | null {
  return key ? `${ADMIN_FILE_URL_PREFIX}${key}` : null;
}

export function toCreator(row: CreatorRow): Creator {
  return {
    id: row.id,
    creatorId: row.creatorId,
    name: row.name,
    language: row.language,
    gender: row.gender,
    contactMethod: row.contactMethod,
    contactInfo: row.contactInfo,
    hasOnlyFans: row.hasOnlyFans,
    averageMonthlyRange: row.averageMonthlyRange,
    age: row.age,
    country: row.country,
    agencyGoals: row.agencyGoals,
    instagram: row.instagram,
    tiktok: row.tiktok,
    twitter: row.twitter,
    additionalInfo: row.additionalInfo,
    recruiter: row.recruiterName,
    recruiterId: row.recruiterId,
    status: row.status,
    confirmationPhotoUrl: fileUrl(row.photoKey),
    rollickCreatorHubId: row.rollickCreatorHubId,
    rollickListingUrl: row.rollickListingUrl,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    firstStaffActionAt: row.firstStaffActionAt?.toISOString() ?? null,
    hasDuplicates: row.hasDuplicates,
    locale: row.locale,
    stage2LinkSentAt: row.stage2TokenExpiresAt ? (row.stage2LinkSentAt?.toISOString() ?? null) : null,
    stage2LinkExpiresAt: row.stage2TokenExpiresAt?.toISOString() ?? null,
    consentAt: row.consentAt?.toISOString() ?? null,
    privacyNoticeVersion: row.privacyNoticeVersion,
    assigneeId: row.assigneeId,
    assignee: row.assignee,
    cancelReasonId: row.cancelReasonId,
    cancelNote: row.cancelNote,
    tagIds: row.tagIds,
  };
}

export function toStage2Data(row: Stage2Row, publicCreatorId: string): Stage2Data {
  return {
    id: row.id,
    creatorId: publicCreatorId,
    country: row.country,
    age: row.age,
    englishLevel: row.englishLevel,
    compensationType: row.compensationType,
    monthlySalary: row.monthlySalary,
    revenueShare: row.revenueShare,
    isVerifiedOnlyFans: row.isVerifiedOnlyFans,
    onlyFansRevenue: row.onlyFansRevenue,
    revenueScreenshotUrl: fileUrl(row.revenueScreenshotKey),
    hasExistingContent: row.hasExistingContent,
    contentType: row.contentType,
    agencyPitch: row.agencyPitch,
    imageUrls: row.imageKeys.map((key) => fileUrl(key)),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toActivityEntry(row: ActivityRow): ActivityEntry {
  return {
    id: row.id,
    action: row.action,
    timestamp: row.timestamp.toISOString(),
    performedBy: row.performedBy,
    additionalInfo: row.additionalInfo ?? null,
  };
}
