import { z } from 'zod';

/** Product §7 POST /api/submissions, 201. A filled honeypot gets the same reply, with an id that names no one. */
export const submissionResultSchema = z
  .object({
    success: z.literal(true),
    creatorId: z.string().describe('The Creator ID the applicant quotes, e.g. RC-8K3Q2Z'),
    message: z.string(),
    pageUrl: z
      .string()
      .describe('Her own page (decision 047), site-relative with its private token: /me/{creatorId}?token=…'),
  })
  .meta({ id: 'SubmissionResult' });

export type SubmissionResult = z.output<typeof submissionResultSchema>;
