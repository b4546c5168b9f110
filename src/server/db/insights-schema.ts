import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { creators } from './schema.ts';

/**
 * The insights' tables (docs/decisions/026), kept apart from the core schema: the form funnel's daily counts
 * and the creator figures the statement-level triggers of migration 0010 keep.
 */

/** Where a null recruiter sorts in the insights tables' unique keys: no recruiter is one group. */
export const NO_RECRUITER = '00000000-0000-0000-0000-000000000000';
const recruiterKey = (column: AnyPgColumn) => sql`coalesce(${column}, ${sql.raw(`'${NO_RECRUITER}'::uuid`)})`;

/**
 * Application-form funnel (docs/decisions/026): visits per day, recruiter link and step reached, and the same
 * per interface language. Two tables, so a range reads days × recruiters or days × languages rows, not their
 * product. Nothing here names a visitor; the recruiter is kept without a foreign key, so a deleted
 * recruiter's past visits still add up.
 */
export const funnelDaily = pgTable(
  'funnel_daily',
  {
    day: date('day').notNull(),
    recruiterId: uuid('recruiter_id'),
    step: text('step').notNull(),
    visits: integer('visits').notNull().default(0),
  },
  (t) => [uniqueIndex('funnel_daily_key').on(t.day, t.step, recruiterKey(t.recruiterId))],
);

export const funnelLanguageDaily = pgTable(
  'funnel_language_daily',
  {
    day: date('day').notNull(),
    language: text('language').notNull(),
    step: text('step').notNull(),
    visits: integer('visits').notNull().default(0),
  },
  (t) => [uniqueIndex('funnel_language_daily_key').on(t.day, t.step, t.language)],
);

/**
 * Which steps each visit has already reported, so a visit counts once per step. Only a random per-tab id;
 * maintenance removes rows after a day (FUNNEL_VISIT_TTL_MS).
 */
export const funnelVisits = pgTable(
  'funnel_visits',
  {
    visitId: text('visit_id').notNull(),
    step: text('step').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.visitId, t.step] }), index('funnel_visits_seen_idx').on(t.seenAt)],
);

/**
 * One row per creator, kept by statement-level triggers on `creators` (see migration 0010): since when the
 * creator is in its status, and the furthest milestone (0 applied, 1 listed, 2 matched, 3 finalized) it ever
 * reached, which a relist after a cancellation cannot tell from the status alone.
 */
export const creatorProgress = pgTable('creator_progress', {
  creatorId: uuid('creator_id')
    .primaryKey()
    .references(() => creators.id, { onDelete: 'cascade' }),
  appliedOn: date('applied_on').notNull(),
  language: text('language').notNull(),
  /** The recruiter the application named, kept when the recruiter is deleted. */
  recruiterId: uuid('recruiter_id'),
  statusSince: timestamp('status_since', { withTimezone: true }).notNull(),
  milestone: smallint('milestone').notNull().default(0),
});

/**
 * Creators per application day and preferred language who reached each milestone (applied, listed, matched,
 * finalized), and the same per recruiter: the insights screen sums a date range of these few rows instead of
 * reading a million creators. Two tables, not one by language and recruiter, so a range reads days ×
 * languages and days × recruiters rows, not their product. Counts are history: deleting a creator leaves them.
 */
export const languageMilestoneCounts = pgTable(
  'language_milestone_counts',
  {
    day: date('day').notNull(),
    language: text('language').notNull(),
    milestone: text('milestone').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [uniqueIndex('language_milestone_counts_key').on(t.day, t.milestone, t.language)],
);

export const recruiterMilestoneCounts = pgTable(
  'recruiter_milestone_counts',
  {
    day: date('day').notNull(),
    recruiterId: uuid('recruiter_id'),
    milestone: text('milestone').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [uniqueIndex('recruiter_milestone_counts_key').on(t.day, t.milestone, recruiterKey(t.recruiterId))],
);

/**
 * How long creators stayed in a status, as a histogram per day the status was left: bucket b holds the stays
 * of `ln(1 + seconds) * 32` between b and b + 1 (each bucket about 3 % wide), so a median over any range reads
 * at most a few hundred rows per status and is within 1.6 % of the exact one. No creator id.
 */
export const statusDurationCounts = pgTable(
  'status_duration_counts',
  {
    day: date('day').notNull(),
    status: text('status').notNull(),
    bucket: smallint('bucket').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [uniqueIndex('status_duration_counts_key').on(t.day, t.status, t.bucket)],
);
