import { z } from 'zod';
import { type BulkTargetStatus, CREATOR_MACHINE } from '../creator-actions.ts';
import { CREATOR_STATUSES, type CreatorStatus } from '../creator-status.ts';
import { BULK_MAX_CREATORS, SHORT_TEXT_MAX_LENGTH } from '../limits.ts';
import type { MessageKey } from '../messages/message.ts';
import { cancelReasonFields } from './cancel-reasons.ts';
import { SLA_FILTERS } from './creator.ts';
import { cleanString } from './fields.ts';
import { checkDateRange, listFilterFields } from './list-filters.ts';

/**
 * POST /api/admin/creators/bulk (docs/decisions/027): one action for many creators, named one by one or as
 * "all matching" a list's filter. Each creator goes through the same service, status machine and role
 * check as the single-creator buttons; the reply says which succeeded and why any did not.
 */

export const BULK_ACTIONS = ['status', 'stage2', 'delete'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/**
 * The moves a bulk status change may make, read from the actions table. Listing needs each creator's own
 * marketplace URL, and entering stage2_sent needs a link (the `stage2` action), so those stay one creator at
 * a time.
 */
export const BULK_TARGET_STATUSES: readonly BulkTargetStatus[] = CREATOR_MACHINE.bulkTargets;

/** Product §4: Delete is a pending application's button; the bulk action keeps to it. */
export const BULK_DELETABLE_STATUSES: readonly CreatorStatus[] = CREATOR_MACHINE.bulkFrom('delete');

export const BULK_KEYS = {
  action: 'bulk.action',
  status: 'bulk.status',
  statusNotAllowed: 'bulk.statusNotAllowed',
  targets: 'bulk.targets',
  noTargets: 'bulk.noTargets',
  matchingScope: 'bulk.matchingScope',
  tooMany: 'bulk.tooMany',
  creatorId: 'bulk.creatorId',
} as const satisfies Record<string, MessageKey>;

const m = BULK_KEYS;

/**
 * A list's filter as its screen shows it: a status page with its search, or a recruiter's listings, narrowed by
 * the list filters (decision 063; the server reads the assignee `me` as the admin asking).
 */
export const creatorFilterSchema = z
  .strictObject({
    status: z.enum(CREATOR_STATUSES, { error: 'creators.status' satisfies MessageKey }).optional(),
    q: cleanString().trim().max(SHORT_TEXT_MAX_LENGTH).optional(),
    /** The pending list's waiting filter (decision 025): only with status pending. */
    sla: z.enum(SLA_FILTERS, { error: 'creators.slaChoice' satisfies MessageKey }).optional(),
    ...listFilterFields,
  })
  .superRefine(checkDateRange);
export type CreatorFilter = z.output<typeof creatorFilterSchema>;

const blankIsAbsent = (value: unknown) => (value === '' ? undefined : value);

/**
 * GET /api/admin/creators/export.csv: a status page (?status=, and ?q= as searched), a recruiter's listings
 * (?recruiterId=) or, with neither, every creator. Blank parameters are absent, as a form leaves them.
 */
export const creatorExportQuerySchema = z
  .object({
    status: z.preprocess(blankIsAbsent, creatorFilterSchema.shape.status),
    q: z.preprocess(blankIsAbsent, creatorFilterSchema.shape.q),
    recruiterId: z.preprocess(blankIsAbsent, creatorFilterSchema.shape.recruiterId),
    sla: z.preprocess(blankIsAbsent, creatorFilterSchema.shape.sla),
    language: z.preprocess(blankIsAbsent, creatorFilterSchema.shape.language),
    duplicates: z.preprocess(blankIsAbsent, creatorFilterSchema.shape.duplicates),
    from: z.preprocess(blankIsAbsent, creatorFilterSchema.shape.from),
    to: z.preprocess(blankIsAbsent, creatorFilterSchema.shape.to),
    assignee: z.preprocess(blankIsAbsent, creatorFilterSchema.shape.assignee),
    tag: z.preprocess(blankIsAbsent, creatorFilterSchema.shape.tag),
  })
  .superRefine(checkDateRange);

export const bulkRequestSchema = z
  .strictObject({
    action: z.enum(BULK_ACTIONS, { error: m.action }),
    status: z.enum(BULK_TARGET_STATUSES, { error: m.status }).optional(),
    creatorIds: z
      .array(z.string({ error: m.creatorId }).max(40, m.creatorId), { error: m.noTargets })
      .min(1, m.noTargets)
      .max(BULK_MAX_CREATORS, m.tooMany)
      .optional(),
    matching: creatorFilterSchema
      .refine((filter) => filter.status !== undefined || filter.recruiterId !== undefined, m.matchingScope)
      .optional(),
    /** Only say what the action would do, for the confirmation to count it (docs/decisions/033). */
    dryRun: z.boolean().optional(),
    /** A bulk cancellation's reason, the same for every creator (decision 063). */
    ...cancelReasonFields,
  })
  .superRefine((body, ctx) => {
    if (body.action === 'status' && body.status === undefined) {
      ctx.addIssue({ code: 'custom', path: ['status'], message: m.status });
    }
    if (body.action !== 'status' && body.status !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['status'], message: m.statusNotAllowed });
    }
    if (body.creatorIds !== undefined && body.matching !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['creatorIds'], message: m.targets });
    }
    if (body.creatorIds === undefined && body.matching === undefined) {
      ctx.addIssue({ code: 'custom', path: ['creatorIds'], message: m.noTargets });
    }
  });

export type BulkRequest = z.input<typeof bulkRequestSchema>;

/** `?async=1`: answer 202 with the job at once, however quickly it would end (docs/decisions/034). */
export const bulkQuerySchema = z.object({
  async: z.enum(['0', '1'], { error: 'bulk.async' satisfies MessageKey }).optional(),
});
