import { sql } from 'drizzle-orm';
import {
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
import { MESSAGE_PURPOSES } from '#shared/message-templates.ts';
import { BULK_JOB_ACTIONS, BULK_JOB_STATES, type BulkJobResult } from '#shared/replies/bulk-jobs.ts';
import { admins } from './admin-schema.ts';
import { activityLog, creators } from './schema.ts';

/**
 * The records of staff work kept beside the core schema: what each status change replaced, so that exactly it
 * can be undone (docs/decisions/033), and bulk actions that outlast a request (docs/decisions/034).
 */

/**
 * What a staff status change replaced, one row per change's activity entry, so that exactly that change can be
 * put back (docs/decisions/033). The fields are copied inside the database as the change is made, so the
 * stage-2 token hash never leaves it; `changed_at` is the creator's `updated_at` as the change left it, so an
 * undo can tell that nothing changed the creator since.
 */
export const creatorChangeUndo = pgTable(
  'creator_change_undo',
  {
    activityId: uuid('activity_id')
      .primaryKey()
      .references(() => activityLog.id, { onDelete: 'cascade' }),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => creators.id, { onDelete: 'cascade' }),
    /** The actions table's name of the change (shared/creator-actions.ts). */
    action: text('action').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    beforeStatus: text('before_status', { enum: CREATOR_STATUSES }).notNull(),
    beforeListingUrl: text('before_listing_url'),
    beforeHubId: text('before_hub_id'),
    beforeTokenHash: text('before_token_hash'),
    beforeTokenExpiresAt: timestamp('before_token_expires_at', { withTimezone: true }),
    /** When the link it replaced was made: an undo puts it back with the link, so her reminders do not restart. */
    beforeLinkSentAt: timestamp('before_link_sent_at', { withTimezone: true }),
    beforeFirstStaffActionAt: timestamp('before_first_staff_action_at', { withTimezone: true }),
    /** The cancellation's reason a relist cleared: undoing the relist puts it back (decision 063). */
    beforeCancelReasonId: uuid('before_cancel_reason_id'),
    beforeCancelNote: text('before_cancel_note'),
  },
  (t) => [index('creator_change_undo_creator_idx').on(t.creatorId)],
);

/**
 * Bulk actions that outlast a request (docs/decisions/034). `result` is the summary so far: each batch of
 * creators commits its changes and this progress together, so after a crash the row says exactly what changed.
 */
export const bulkJobs = pgTable(
  'bulk_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The admin who started it; only they (or an owner) read it. Not a foreign key: a job outlives an account. */
    adminId: uuid('admin_id').notNull(),
    startedBy: text('started_by').notNull(),
    action: text('action', { enum: BULK_JOB_ACTIONS }).notNull(),
    /** The request's target status and scope (named ids or the list filter), as sent. */
    scope: jsonb('scope').notNull(),
    total: integer('total').notNull(),
    done: integer('done').notNull().default(0),
    state: text('state', { enum: BULK_JOB_STATES }).notNull().default('queued'),
    result: jsonb('result').$type<BulkJobResult>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Moved by every batch: a running job whose heartbeat stopped was left by a process that died. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('bulk_jobs_unfinished_idx').on(t.heartbeatAt).where(sql`${t.state} in ('queued', 'running')`),
    index('bulk_jobs_created_idx').on(t.createdAt),
    check('bulk_jobs_state_check', sql`${t.state} in ('queued', 'running', 'done', 'failed', 'interrupted')`),
  ],
);

/**
 * The owners' wording of a message template (decision 060), one row per purpose and language they changed;
 * a pair without a row uses the text shipped in shared/message-templates.ts. Null texts: the translation was
 * removed, and English stands in (and says so on screen).
 */
export const messageTemplates = pgTable(
  'message_templates',
  {
    purpose: text('purpose', { enum: MESSAGE_PURPOSES }).notNull(),
    language: text('language').notNull(),
    subject: text('subject'),
    body: text('body'),
    updatedBy: text('updated_by').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.purpose, t.language] }),
    check('message_templates_text_check', sql`(${t.subject} is null) = (${t.body} is null)`),
  ],
);

/**
 * One row per stage-2 reminder sent (decision 060): its key is the link it reminds of (when that link was made)
 * and the day-mark, so no mark is ever sent twice for one link, by any instance, across restarts.
 */
export const stage2Reminders = pgTable(
  'stage2_reminders',
  {
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => creators.id, { onDelete: 'cascade' }),
    linkSentAt: timestamp('link_sent_at', { withTimezone: true }).notNull(),
    markDays: integer('mark_days').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.creatorId, t.linkSentAt, t.markDays] })],
);

/** Labels owners define (decision 063): a name unique whatever its case, and one of the palette's colours. */
export const tags = pgTable(
  'tags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    color: text('color').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('tags_name_key').on(sql`lower(${t.name})`)],
);

/** Which creator carries which tag; both sides' deletions take the pair with them. */
export const creatorTags = pgTable(
  'creator_tags',
  {
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => creators.id, { onDelete: 'cascade' }),
    tagId: uuid('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.creatorId, t.tagId] }), index('creator_tags_tag_idx').on(t.tagId, t.creatorId)],
);

/**
 * A list's filters kept under a name (decision 063): a status list or the board with its search, order and
 * filters. Its admin alone sees it unless it is shared with the team; deleting the admin takes their views.
 */
export const savedViews = pgTable(
  'saved_views',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** A creator status, or `board`. */
    list: text('list').notNull(),
    /** The address's filters, as `savedViewQuerySchema` reads them. */
    query: jsonb('query').$type<Record<string, string>>().notNull(),
    shared: boolean('shared').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('saved_views_owner_name_key').on(t.ownerId, sql`lower(${t.name})`),
    index('saved_views_shared_idx').on(t.shared).where(sql`${t.shared}`),
  ],
);
