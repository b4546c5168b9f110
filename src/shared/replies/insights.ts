import { z } from 'zod';
import { FUNNEL_STEPS } from '../funnel.ts';
import { MILESTONES, TIMED_STATUSES } from '../schemas/insights.ts';

/**
 * The reply of GET /api/admin/insights (decision 026). Reply schemas live apart from the request schemas: the
 * server declares and serialises by them, while the client imports only their types, so they cost the
 * browser nothing (docs/decisions/029).
 */

const count = z.number().int().nonnegative();
const milestoneCounts = Object.fromEntries(MILESTONES.map((milestone) => [milestone, count])) as Record<
  (typeof MILESTONES)[number],
  typeof count
>;

export const insightsSchema = z
  .object({
    range: z.object({ from: z.iso.date(), to: z.iso.date() }),
    funnel: z
      .array(z.object({ step: z.enum(FUNNEL_STEPS), visits: count, dropOff: z.number().min(0).max(1).nullable() }))
      .describe("Visits that reached each step, and the share of the previous step's visits lost on the way"),
    funnelByRecruiter: z.array(
      z.object({
        recruiterId: z.uuid().nullable(),
        recruiterName: z.string().nullable(),
        landed: count,
        submitted: count,
      }),
    ),
    applicationsPerDay: z.array(z.object({ day: z.iso.date(), applications: count })),
    conversionByLanguage: z.array(z.object({ language: z.string(), ...milestoneCounts })),
    conversionByRecruiter: z.array(
      z.object({ recruiterId: z.uuid().nullable(), recruiterName: z.string().nullable(), ...milestoneCounts }),
    ),
    timeInStatus: z.array(
      z.object({ status: z.enum(TIMED_STATUSES), medianSeconds: z.number().nullable(), changes: count }),
    ),
    dropReasons: z
      .array(
        z.object({
          reasonId: z.uuid().nullable().describe('Null: cancelled without a reason (before reasons were asked)'),
          recruiterId: z.uuid().nullable(),
          recruiterName: z.string().nullable(),
          language: z.string(),
          count,
        }),
      )
      .describe(
        "Why the range's applicants who are cancelled now were cancelled (decision 063), by recruiter and language",
      ),
  })
  .meta({ id: 'Insights' });

export type Insights = z.output<typeof insightsSchema>;
