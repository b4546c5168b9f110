import { z } from 'zod';
import { CREATOR_STATUSES } from '../creator-status.ts';
import { ERROR_STATUS, type ErrorCode } from '../error-codes.ts';
import { COMPENSATION_TYPES, YES_NO } from '../options.ts';
import { BULK_ACTIONS } from '../schemas/bulk.ts';
import { creatorMessageSchema } from './creator-messages.ts';
import { messageKeyFields } from './messages.ts';

/**
 * The replies of the admin creator routes (product §3 and §7; docs/decisions/007-admin-api-shapes.md). Dates
 * travel as ISO strings; stored files as `/api/admin/files/<key>` URLs, never as keys or token hashes. The
 * server declares and serialises by these schemas; the client imports only their types (docs/decisions/029).
 */

const count = z.number().int().nonnegative();
/** `Date.toISOString()`'s form, which the database writes too (creator-dto.ts). */
const timestamp = z.iso.datetime();
const fileUrl = z.string().describe('An admin-only `/api/admin/files/<key>` URL');

export const creatorStatusSchema = z.enum(CREATOR_STATUSES);

/**
 * A creator as every admin list and dialog shows it. Written 50 at a time by the status pages, so only
 * primitives and nullable primitives: the compiled serializer writes each field without testing branches.
 */
export const creatorSchema = z
  .object({
    id: z.uuid(),
    creatorId: z.string().describe('The Creator ID shown to staff, e.g. RC-7KX3P9QD'),
    name: z.string(),
    language: z.string(),
    gender: z.string(),
    contactMethod: z.string(),
    contactInfo: z.string(),
    hasOnlyFans: z.string().nullable(),
    averageMonthlyRange: z.string().nullable(),
    age: z.number().int().nullable(),
    country: z.string().nullable(),
    agencyGoals: z.string(),
    instagram: z.string().nullable(),
    tiktok: z.string().nullable(),
    twitter: z.string().nullable(),
    additionalInfo: z.string().nullable(),
    recruiter: z.string().describe("The recruiter's name as submitted; kept when the recruiter is deleted"),
    recruiterId: z.uuid().nullable(),
    status: creatorStatusSchema,
    confirmationPhotoUrl: fileUrl.nullable(),
    rollickCreatorHubId: z.string().nullable(),
    rollickListingUrl: z.string().nullable(),
    createdAt: timestamp,
    updatedAt: timestamp,
    firstStaffActionAt: timestamp
      .nullable()
      .describe('When staff first acted on this creator; the 24–48 hour clock runs while it is null'),
    hasDuplicates: z
      .boolean()
      .describe('Another creator shares this one\'s contact or photo: the "Possible duplicate" badge'),
    locale: z
      .string()
      .nullable()
      .optional()
      .describe('The interface language she applied in (en, es, pt, de, ru, fr); messages to her are written in it'),
    stage2LinkSentAt: timestamp
      .nullable()
      .optional()
      .describe('When her current stage-2 link was made; null when she has none'),
    stage2LinkExpiresAt: timestamp
      .nullable()
      .optional()
      .describe('When her current stage-2 link stops working; null when she has none'),
    consentAt: timestamp
      .nullable()
      .optional()
      .describe(
        'When she agreed to the privacy notice; null when consent was not asked (CONSENT=off, or before it was)',
      ),
    privacyNoticeVersion: z
      .string()
      .nullable()
      .optional()
      .describe('The version of the privacy notice she agreed to (as /privacy shows it); null with consentAt'),
    assigneeId: z.uuid().nullable().optional().describe('The admin whose creator she is (decision 063)'),
    assignee: z.string().nullable().optional().describe("That admin's username"),
    cancelReasonId: z
      .uuid()
      .nullable()
      .optional()
      .describe('While cancelled: why, an id of GET /api/admin/cancel-reasons (null when none was given)'),
    cancelNote: z.string().nullable().optional().describe("The cancellation's note (required with Other)"),
    tagIds: z.array(z.uuid()).optional().describe('Her tags (decision 063): ids of GET /api/admin/tags'),
  })
  .meta({ id: 'Creator' });

export const duplicateReasonSchema = z.enum(['contact', 'photo']);

/** Another creator who may be the same person, and why (docs/decisions/025). */
export const possibleDuplicateSchema = z
  .object({
    creatorId: z.string(),
    name: z.string(),
    status: creatorStatusSchema,
    reasons: z.array(duplicateReasonSchema),
  })
  .meta({ id: 'PossibleDuplicate' });

/** A creator's stage-2 answers (product §3). */
export const stage2DataSchema = z
  .object({
    id: z.uuid(),
    creatorId: z.string().describe('The public Creator ID, not the row id'),
    country: z.string(),
    age: z.number().int(),
    englishLevel: z.number().int().min(0).max(5),
    compensationType: z.enum(COMPENSATION_TYPES),
    monthlySalary: z.number().int().nullable(),
    revenueShare: z.number().int().nullable(),
    isVerifiedOnlyFans: z.enum(YES_NO),
    onlyFansRevenue: z.number().int().nullable(),
    revenueScreenshotUrl: fileUrl.nullable(),
    hasExistingContent: z.boolean(),
    contentType: z.array(z.string()),
    agencyPitch: z.string(),
    imageUrls: z.array(fileUrl),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: 'Stage2Data' });

/** One line of a creator's activity log: a change, a link, or a note (its text in `additionalInfo.text`). */
export const activityEntrySchema = z
  .object({
    id: z.uuid(),
    action: z.string(),
    timestamp,
    performedBy: z.string(),
    additionalInfo: z.record(z.string(), z.unknown()).nullable(),
  })
  .meta({ id: 'ActivityEntry' });

/** GET /api/admin/creators/{creatorId}; the activity log is oldest first. */
export const creatorDetailSchema = z
  .object({
    creator: creatorSchema,
    stage2Data: stage2DataSchema.nullable(),
    activityLog: z.array(activityEntrySchema),
    duplicates: z.array(possibleDuplicateSchema),
    messages: z
      .array(creatorMessageSchema)
      .describe('The messages sent to her from templates, oldest first (decision 060)'),
  })
  .meta({ id: 'CreatorDetail' });

export const statusCountsSchema = z
  .object(
    Object.fromEntries(CREATOR_STATUSES.map((status) => [status, count])) as Record<
      (typeof CREATOR_STATUSES)[number],
      typeof count
    >,
  )
  .meta({ id: 'StatusCounts' });

/** Pending creators no one has acted on: waiting 24–48 hours (due) and longer (overdue). */
export const slaCountsSchema = z.object({ due: count, overdue: count }).meta({ id: 'SlaCounts' });

/** GET /api/admin/creators/summary: the dashboard in one call. */
export const creatorSummarySchema = z
  .object({
    counts: statusCountsSchema,
    recent: z.array(creatorSchema).describe('The newest creators, newest first'),
    sla: slaCountsSchema,
  })
  .meta({ id: 'CreatorSummary' });

/**
 * One page of a list, read by keyset (docs/decisions/014): `next` and `prev` are opaque cursors to pass back
 * as `?cursor=`, null at either end. `total` is exact unless `totalIsExact` is false, when at least that many
 * match (a search stops counting there, so it never reads the whole table).
 */
export const creatorPageSchema = z
  .object({
    items: z.array(creatorSchema),
    pageSize: count,
    total: count,
    totalIsExact: z.boolean(),
    next: z.string().nullable(),
    prev: z.string().nullable(),
  })
  .meta({ id: 'CreatorPage' });

/** POST /api/admin/creators/{creatorId}/send-stage2: a path; the browser prefixes the site origin (product §7). */
/** The id of one status change, to take exactly it back (docs/decisions/033). */
const changeIdSchema = z.uuid().describe('This change, for POST …/status/undo: its activity entry’s id').optional();

export const stage2LinkResultSchema = z
  .object({ link: z.string().describe('/stage2/<Creator ID>?token=…'), expiresAt: timestamp, change: changeIdSchema })
  .meta({ id: 'Stage2LinkResult' });

/** PATCH …/status and …/list-directly. */
export const creatorChangeResultSchema = z
  .object({ creator: creatorSchema, change: changeIdSchema })
  .meta({ id: 'CreatorChangeResult' });

/** POST …/status/undo: the creator as the undo left it. */
export const undoResultSchema = z.object({ creator: creatorSchema }).meta({ id: 'UndoResult' });

/** POST …/notes: the note as its new activity entry. */
export const noteResultSchema = z.object({ entry: activityEntrySchema }).meta({ id: 'CreatorNoteResult' });

export const messageResultSchema = z.object({ message: z.string() }).meta({ id: 'CreatorDeleted' });

/** One creator a bulk action could not change, and why. */
export const bulkFailureSchema = z.object({
  creatorId: z.string(),
  code: z.enum(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]]),
  message: z.string(),
  ...messageKeyFields,
});

/** A link made by the `stage2` action: the only time its token is ever shown (as with one creator). */
export const bulkStage2LinkSchema = z.object({
  creatorId: z.string(),
  link: z.string(),
  expiresAt: timestamp,
  name: z.string().optional().describe('Her name, to pass the link on by hand'),
  contactMethod: z.string().optional(),
  contactInfo: z.string().optional(),
  locale: z.string().nullable().optional(),
  language: z.string().optional().describe('The language she said she speaks'),
});

/** One creator's change made by a bulk action, to take it back (docs/decisions/033). */
export const bulkChangeSchema = z.object({ creatorId: z.string(), change: z.uuid() });

/** POST /api/admin/creators/bulk (docs/decisions/027): which creators succeeded and why any did not. */
export const bulkResultSchema = z
  .object({
    action: z.enum(BULK_ACTIONS),
    succeeded: z.array(z.string()),
    failed: z.array(bulkFailureSchema),
    links: z
      .array(bulkStage2LinkSchema)
      .optional()
      .describe('Only for the `stage2` action, one per creator that succeeded'),
    changes: z
      .array(bulkChangeSchema)
      .optional()
      .describe('For the `status` and `stage2` actions: each change made, for POST …/bulk/undo'),
    dryRun: z
      .boolean()
      .optional()
      .describe(
        'True when the request asked for a dry run: who would succeed and why the others would not; nothing changed',
      ),
  })
  .meta({ id: 'BulkResult' });

/** POST /api/admin/creators/bulk/undo: whose change was taken back and why any was not. */
export const bulkUndoResultSchema = z
  .object({ succeeded: z.array(z.string()), failed: z.array(bulkFailureSchema) })
  .meta({ id: 'BulkUndoResult' });

export type Creator = z.output<typeof creatorSchema>;
export type DuplicateReason = z.output<typeof duplicateReasonSchema>;
export type PossibleDuplicate = z.output<typeof possibleDuplicateSchema>;
export type Stage2Data = z.output<typeof stage2DataSchema>;
export type ActivityEntry = z.output<typeof activityEntrySchema>;
export type CreatorDetail = z.output<typeof creatorDetailSchema>;
export type StatusCounts = z.output<typeof statusCountsSchema>;
export type SlaCounts = z.output<typeof slaCountsSchema>;
export type CreatorSummary = z.output<typeof creatorSummarySchema>;
export type CreatorPage = z.output<typeof creatorPageSchema>;
export type Stage2LinkResult = z.output<typeof stage2LinkResultSchema>;
export type CreatorChangeResult = z.output<typeof creatorChangeResultSchema>;
export type NoteResult = z.output<typeof noteResultSchema>;
export type MessageResult = z.output<typeof messageResultSchema>;
export type BulkFailure = z.output<typeof bulkFailureSchema>;
export type BulkStage2Link = z.output<typeof bulkStage2LinkSchema>;
export type BulkResult = z.output<typeof bulkResultSchema>;
export type BulkChange = z.output<typeof bulkChangeSchema>;
export type UndoResult = z.output<typeof undoResultSchema>;
export type BulkUndoResult = z.output<typeof bulkUndoResultSchema>;
