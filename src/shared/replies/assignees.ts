import { z } from 'zod';
import { OPEN_STATUSES } from '../assignees.ts';

/** The replies of owners of creators (decision 063). */

export const assigneeSchema = z
  .object({
    id: z.uuid(),
    username: z.string(),
    languages: z.array(z.string()).describe("The applicants' languages this admin works in"),
    isDisabled: z.boolean().describe('Cannot sign in; their creators are listed for reassignment'),
    assigned: z.number().int().nonnegative().describe('How many creators are theirs'),
  })
  .meta({ id: 'Assignee' });
export type Assignee = z.output<typeof assigneeSchema>;

export const assigneeListSchema = z.object({ assignees: z.array(assigneeSchema) });

export const assignResultSchema = z.object({
  assigneeId: z.uuid().nullable(),
  assignee: z.string().nullable().describe("The new assignee's username; null: nobody"),
});

export const bulkAssignResultSchema = z.object({
  assigned: z.array(z.string()).describe('Creator IDs now the chosen admin’s'),
  unchanged: z.array(z.string()).describe('Already theirs'),
  notFound: z.array(z.string()),
});
export type BulkAssignResult = z.output<typeof bulkAssignResultSchema>;

export const languagesResultSchema = z.object({ languages: z.array(z.string()) });

const count = z.number().int().nonnegative();

export const assigneeWorkloadSchema = z
  .object({
    adminId: z.uuid(),
    username: z.string(),
    isDisabled: z.boolean(),
    counts: z.object(
      Object.fromEntries(OPEN_STATUSES.map((status) => [status, count])) as Record<
        (typeof OPEN_STATUSES)[number],
        typeof count
      >,
    ),
    due: count.describe('Pending, waited 24–48 hours for a first answer'),
    overdue: count.describe('Pending, waited more than 48 hours'),
  })
  .meta({ id: 'AssigneeWorkload' });
export type AssigneeWorkload = z.output<typeof assigneeWorkloadSchema>;

export const workloadSchema = z.object({ workload: z.array(assigneeWorkloadSchema) });
