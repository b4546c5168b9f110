import { z } from 'zod';

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
