import { z } from 'zod';
import { BULK_ASSIGN_MAX } from '../limits.ts';
import type { MessageKey } from '../messages/message.ts';
import { LANGUAGES } from '../options.ts';

/** The calls of owners of creators (decision 063). */

export const ASSIGNEE_KEYS = {
  admin: 'assignees.admin',
  unknown: 'assignees.unknown',
  disabled: 'assignees.disabled',
  tooMany: 'assignees.tooMany',
  languages: 'assignees.languages',
} as const satisfies Record<string, MessageKey>;

const adminId = z
  .uuid({ error: ASSIGNEE_KEYS.admin })
  .nullable()
  .describe('An admin of GET /api/admin/assignees, or null for nobody');

/** PUT /api/admin/creators/{creatorId}/assignee */
export const assignSchema = z.strictObject({ adminId });

/** POST /api/admin/creators/bulk-assign */
export const bulkAssignSchema = z.strictObject({
  creatorIds: z
    .array(z.string({ error: 'bulk.creatorId' }).max(40, 'bulk.creatorId'), { error: 'bulk.noTargets' })
    .min(1, 'bulk.noTargets')
    .max(BULK_ASSIGN_MAX, ASSIGNEE_KEYS.tooMany),
  adminId,
});

/** PUT /api/admin/account/languages: the applicants' languages (the form's list) this admin works in. */
export const languagesSchema = z.strictObject({
  languages: z
    .array(z.enum(LANGUAGES, { error: ASSIGNEE_KEYS.languages }), { error: ASSIGNEE_KEYS.languages })
    .max(LANGUAGES.length, ASSIGNEE_KEYS.languages),
});

export type AssignInput = z.output<typeof assignSchema>;
export type BulkAssignInput = z.output<typeof bulkAssignSchema>;
