import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { CREATOR_STATUSES } from '#shared/creator-status.ts';
import { CONTACT_PREFIX_SQL, NAME_PREFIX_SQL, PHONE_SUFFIX_SQL, PHONE_SUFFIX_WHERE } from './find-keys.ts';
import { PHOTO_HASH_BANDS, photoBandSql } from './photo-bands.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

import { admins } from './admin-schema.ts';

export * from './admin-schema.ts';

const statusList = sql.raw(CREATOR_STATUSES.map((status) => `'${status}'`).join(', '));

export const recruiters = pgTable(
  'recruiters',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('recruiters_name_key').on(sql`lower(${t.name})`)],
);

/**
 * Why creators are cancelled (decision 063): the shipped reasons carry a `code` the screens translate, until an
 * owner words one their own way (`label`); owners add their own (label only). A reason in use is never deleted,
 * only removed from the choices (`removed_at`), so old cancellations keep theirs. `other` asks for a note.
 */
export const cancelReasons = pgTable(
  'cancel_reasons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code'),
    label: text('label'),
    position: integer('position').notNull(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('cancel_reasons_code_key').on(t.code),
    check('cancel_reasons_named_check', sql`${t.code} is not null or ${t.label} is not null`),
  ],
);

/**
 * A creator keeps the recruiter's id (cleared when the recruiter is deleted) and the name as
 * submitted, so deleting a recruiter leaves applications unchanged (product §2 Recruiters).
 */
export const creators = pgTable(
  'creators',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    creatorId: text('creator_id').notNull(),
    status: text('status', { enum: CREATOR_STATUSES }).notNull().default('pending'),
    name: text('name').notNull(),
    language: text('language').notNull(),
    /** The interface language the application was made in (applicants' e-mails, decision 024); unset before it. */
    locale: text('locale'),
    gender: text('gender').notNull(),
    contactMethod: text('contact_method').notNull(),
    contactInfo: text('contact_info').notNull(),
    hasOnlyFans: text('has_only_fans'),
    averageMonthlyRange: text('average_monthly_range'),
    age: integer('age'),
    country: text('country'),
    agencyGoals: text('agency_goals').notNull(),
    instagram: text('instagram'),
    tiktok: text('tiktok'),
    twitter: text('twitter'),
    additionalInfo: text('additional_info'),
    recruiterId: uuid('recruiter_id').references(() => recruiters.id, { onDelete: 'set null' }),
    recruiterName: text('recruiter_name').notNull(),
    /** File-store key of the verification selfie; served to admins only. */
    photoKey: text('photo_key'),
    rollickCreatorHubId: text('rollick_creator_hub_id'),
    rollickListingUrl: text('rollick_listing_url'),
    /** architecture §5: only the SHA-256 of the stage-2 token is stored. */
    stage2TokenHash: text('stage2_token_hash'),
    stage2TokenExpiresAt: timestamp('stage2_token_expires_at', { withTimezone: true }),
    /**
     * When the current stage-2 link was made: set by the database whenever the token changes (migration 0018),
     * so every way a link is made or undone keeps it. The reminders count their days from it (decision 060).
     */
    stage2LinkSentAt: timestamp('stage2_link_sent_at', { withTimezone: true }),
    /**
     * The applicant's own page (`/me/{creatorId}?token=…`, decision 047): only the SHA-256 of its token is
     * stored, as for stage 2; cleared to revoke it.
     */
    pageTokenHash: text('page_token_hash'),
    pageTokenExpiresAt: timestamp('page_token_expires_at', { withTimezone: true }),
    /** When she consented to the privacy notice, and that notice's version then (decision 048); null without consent. */
    consentAt: timestamp('consent_at', { withTimezone: true }),
    privacyNoticeVersion: text('privacy_notice_version'),
    /**
     * When staff first did something about this creator (a note, a stage-2 link, a status change): the
     * 24–48 hour clock (docs/decisions/025) runs from `created_at` while this is null. Set by the action's
     * own transaction.
     */
    firstStaffActionAt: timestamp('first_staff_action_at', { withTimezone: true }),
    /** The contact as duplicates are matched: `email:…`, `telegram:…` or `phone:<digits>` (lib/duplicates). */
    contactKey: text('contact_key'),
    /** A 64-bit perceptual hash of the selfie; null until computed (no photo, or not back-filled yet). */
    photoHash: bigint('photo_hash', { mode: 'bigint' }),
    /** Kept with the matches on every insert, hash and deletion, so a list shows the badge without a lookup. */
    hasDuplicates: boolean('has_duplicates').notNull().default(false),
    /** Her tags, sorted: a copy of her `creator_tags` rows their triggers keep, for the tag filter (decision 063). */
    tagIds: uuid('tag_ids').array().notNull().default(sql`'{}'::uuid[]`),
    /** The admin whose creator this is (decision 063); cleared if the account is ever removed. */
    assigneeId: uuid('assignee_id').references(() => admins.id, { onDelete: 'set null' }),
    /** Why she was cancelled, while she is (decision 063): set by the cancellation, cleared by a relist. */
    cancelReasonId: uuid('cancel_reason_id').references(() => cancelReasons.id),
    cancelNote: text('cancel_note'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * What the admin search matches (docs/decisions/014): name, contact info and Creator ID, folded by
     * `search_fold` (lower case, accents removed), one per line so no match spans two fields. Kept by the
     * database itself, so every way a row is written keeps it right.
     */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql`search_fold(name || chr(10) || contact_info || chr(10) || creator_id)`),
  },
  // Lists read newest first, `ORDER BY created_at DESC, id DESC`, whose NULLS FIRST the indexes must
  // match (drizzle's plain desc() writes NULLS LAST), or PostgreSQL sorts the whole status instead.
  (t) => [
    uniqueIndex('creators_creator_id_key').on(t.creatorId),
    index('creators_status_created_idx').on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('creators_recruiter_created_idx').on(
      t.recruiterId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('creators_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // "Mine" and the assignee filter read one admin's creators of a status, newest first (decision 063).
    index('creators_assignee_status_created_idx').on(
      t.assigneeId,
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // The list filters' (decision 063): a page walks a status's matches newest first (docs/performance.md).
    index('creators_status_language_created_idx').on(
      t.status,
      t.language,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('creators_recruiter_status_created_idx').on(
      t.recruiterId,
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('creators_duplicates_status_created_idx')
      .on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.hasDuplicates}`),
    index('creators_tag_ids_idx').using('gin', t.tagIds),
    // Trigrams let `search_text LIKE '%term%'` find the few matching rows without reading the table. One
    // index per status, as every search is within one: other statuses' matches are never even looked at.
    ...CREATOR_STATUSES.map((status) =>
      index(`creators_${status}_search_idx`)
        .using('gin', t.searchText.op('gin_trgm_ops'))
        .where(sql`${t.status} = ${sql.raw(`'${status}'`)}`),
    ),
    // The clock's counts and the due/overdue lists read only the creators still waiting (docs/decisions/025).
    index('creators_waiting_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.status} = 'pending' and ${t.firstStaffActionAt} is null`),
    // The stage-2 reminders' look for creators whose day-marks have come (decision 060).
    index('creators_stage2_reminder_idx')
      .on(t.stage2LinkSentAt)
      .where(sql`${t.status} = 'stage2_sent' and ${t.contactMethod} = 'Email'`),
    index('creators_contact_key_idx').on(t.contactKey).where(sql`${t.contactKey} is not null`),
    // The find box's prefix lookups across every status (docs/decisions/036, find-keys.ts).
    index('creators_find_phone_idx')
      .on(sql.raw(`${PHONE_SUFFIX_SQL} text_pattern_ops`))
      .where(sql.raw(PHONE_SUFFIX_WHERE)),
    index('creators_find_contact_idx').on(sql.raw(`${CONTACT_PREFIX_SQL} text_pattern_ops`)),
    index('creators_find_name_idx').on(sql.raw(`${NAME_PREFIX_SQL} text_pattern_ops`)),
    // Four 16-bit bands of the photo hash: two hashes within the match distance share one band within one bit.
    ...PHOTO_HASH_BANDS.map((band) =>
      index(`creators_photo_band${band}_idx`)
        .on(sql.raw(photoBandSql(band)))
        .where(sql`${t.photoHash} is not null`),
    ),
    check('creators_status_check', sql`${t.status} in (${statusList})`),
    check('creators_age_check', sql`${t.age} is null or ${t.age} between 18 and 99`),
  ],
);

/**
 * Kept in step with `creators` by triggers (see the migration), so the dashboard reads seven rows
 * instead of counting a million (architecture §8).
 */
export const creatorStatusCounts = pgTable('creator_status_counts', {
  status: text('status', { enum: CREATOR_STATUSES }).primaryKey(),
  count: integer('count').notNull().default(0),
});

/**
 * How many creators wait for a first staff action (pending, no note, link or status change yet: decision
 * 025), one row kept by statement-level triggers as the status counts are. The dashboard's overdue count is
 * this less the waiting creators of the last two days, which an index range reads, so the summary costs the
 * same with three waiting creators or three hundred thousand.
 */
export const creatorWaitingCount = pgTable(
  'creator_waiting_count',
  {
    id: boolean('id').primaryKey().default(true),
    count: integer('count').notNull().default(0),
  },
  (t) => [check('creator_waiting_count_one_row', sql`${t.id}`)],
);

/**
 * Each recruiter's applications per status, kept by the same statement-level triggers as the status counts
 * (docs/decisions/005): a recruiter's listings and the recruiters screen read a few rows instead of counting
 * the recruiter's creators on every page.
 */
export const recruiterStatusCounts = pgTable(
  'recruiter_status_counts',
  {
    recruiterId: uuid('recruiter_id')
      .notNull()
      .references(() => recruiters.id, { onDelete: 'cascade' }),
    status: text('status', { enum: CREATOR_STATUSES }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.recruiterId, t.status] })],
);

export interface StoredImage {
  key: string;
}

export const stage2Submissions = pgTable(
  'stage2_submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => creators.id, { onDelete: 'cascade' }),
    country: text('country').notNull(),
    age: integer('age').notNull(),
    englishLevel: integer('english_level').notNull(),
    compensationType: text('compensation_type', { enum: ['flatMonthly', 'revenueShare', 'negotiable'] }).notNull(),
    monthlySalary: integer('monthly_salary'),
    revenueShare: integer('revenue_share'),
    isVerifiedOnlyFans: text('is_verified_only_fans', { enum: ['yes', 'no'] }).notNull(),
    onlyFansRevenue: integer('only_fans_revenue'),
    revenueScreenshotKey: text('revenue_screenshot_key'),
    hasExistingContent: boolean('has_existing_content').notNull(),
    contentType: jsonb('content_type').$type<string[]>().notNull().default([]),
    agencyPitch: text('agency_pitch').notNull(),
    imageKeys: jsonb('image_keys').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('stage2_submissions_creator_key').on(t.creatorId),
    check('stage2_english_level_check', sql`${t.englishLevel} between 0 and 5`),
    check('stage2_revenue_share_check', sql`${t.revenueShare} is null or ${t.revenueShare} between 1 and 100`),
  ],
);

export const activityLog = pgTable(
  'activity_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => creators.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    timestamp: timestamp('timestamp', { withTimezone: true }).notNull().defaultNow(),
    performedBy: text('performed_by').notNull(),
    additionalInfo: jsonb('additional_info').$type<Record<string, unknown>>(),
  },
  (t) => [index('activity_log_creator_time_idx').on(t.creatorId, t.timestamp)],
);

export const RETENTION_REASONS = ['cancelled', 'pending_without_staff_action'] as const;
export type RetentionReason = (typeof RETENTION_REASONS)[number];
/** Why a creator_removals row exists: the retention rule, or she erased her data from her own page (decision 047). */
export const REMOVAL_REASONS = [...RETENTION_REASONS, 'erased_by_applicant'] as const;

/**
 * One row per creator the retention rule removed (docs/decisions/027), kept for audit after everything else
 * about them is gone: the public Creator ID, the status and reason, and when. Nothing personal.
 */
export const creatorRemovals = pgTable(
  'creator_removals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    creatorId: text('creator_id').notNull(),
    statusAtRemoval: text('status_at_removal', { enum: CREATOR_STATUSES }).notNull(),
    reason: text('reason', { enum: REMOVAL_REASONS }).notNull(),
    removedAt: timestamp('removed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('creator_removals_removed_idx').on(t.removedAt)],
);

/**
 * Fixed-window rate-limit counters shared by every instance on one PostgreSQL when no Redis is configured
 * (lib/database-rate-limiter.ts). Rows whose window has passed are reused by the next hit or removed by
 * maintenance.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    bucket: text('bucket').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_reset_idx').on(t.resetAt)],
);

export const OUTBOX_EVENT_TYPES = [
  'creator.submitted',
  'creator.stage2_submitted',
  'creator.status_changed',
  'creator.stage2_link',
  'creator.withdrawn',
  /** A message staff or a reminder sent her by e-mail (decision 060); only she receives it. */
  'creator.message',
  /** Her owner changed (decision 063): to the webhook only. */
  'creator.assigned',
] as const;
export const DELIVERY_CHANNELS = ['email-staff', 'webhook', 'email-applicant'] as const;
export const DELIVERY_STATUSES = ['pending', 'sent', 'failed'] as const;

/**
 * The outbox (docs/decisions/024): an event is written in the transaction of the change it tells about,
 * so it exists exactly when the change does. Its id is stable: the webhook-id of every attempt and the
 * basis of the e-mails' Message-ID. The worker turns it into one delivery per enabled channel
 * (`fanned_out_at`). A deleted creator takes its events along (architecture §5).
 */
export const outboxEvents = pgTable(
  'outbox_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type', { enum: OUTBOX_EVENT_TYPES }).notNull(),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => creators.id, { onDelete: 'cascade' }),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    fannedOutAt: timestamp('fanned_out_at', { withTimezone: true }),
  },
  (t) => [
    index('outbox_events_unfanned_idx').on(t.createdAt).where(sql`${t.fannedOutAt} is null`),
    index('outbox_events_creator_idx').on(t.creatorId),
  ],
);

export const deliveries = pgTable(
  'deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => outboxEvents.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: DELIVERY_CHANNELS }).notNull(),
    status: text('status', { enum: DELIVERY_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** When a pending delivery is due; a claimed one is pushed ahead by the claim's lease. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A failure after this marks the delivery failed; set when it is made and when an admin retries it. */
    giveUpAt: timestamp('give_up_at', { withTimezone: true }).notNull(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('deliveries_event_channel_key').on(t.eventId, t.channel),
    index('deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('deliveries_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('deliveries_failed_idx').on(t.createdAt.desc().nullsFirst()).where(sql`${t.status} = 'failed'`),
    check('deliveries_status_check', sql`${t.status} in ('pending', 'sent', 'failed')`),
  ],
);
