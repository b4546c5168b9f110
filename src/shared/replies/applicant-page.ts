import { z } from 'zod';
import { CREATOR_STATUSES } from '../creator-status.ts';

/** The steps of her application, in order; the page words each one (docs/decisions/047). */
export const PAGE_STEPS = ['applied', 'stage2', 'listed', 'matched'] as const;
export type PageStep = (typeof PAGE_STEPS)[number];

/**
 * Where a step stands: behind her (`done`), where she is now (`current`), still ahead (`upcoming`), or
 * passed over (`skipped`: listed without stage 2, or not reached before the application ended).
 */
export const STEP_STATES = ['done', 'current', 'upcoming', 'skipped'] as const;
export type StepState = (typeof STEP_STATES)[number];

export const pageStepSchema = z.object({
  step: z.enum(PAGE_STEPS),
  state: z.enum(STEP_STATES),
  at: z.string().nullable().describe('When the step was reached (ISO 8601), when known'),
});
export type PageStepItem = z.output<typeof pageStepSchema>;

/** GET /api/me/{creatorId}: her own page, in her language on the client. */
export const applicantPageSchema = z
  .object({
    creatorId: z.string(),
    name: z.string(),
    status: z.enum(CREATOR_STATUSES),
    appliedAt: z.string(),
    timeline: z.array(pageStepSchema),
    /** How it ended, when it did: `withdrawn` when she withdrew it herself. */
    outcome: z.enum(['finalized', 'cancelled', 'withdrawn']).nullable(),
    /** What is asked of her now. */
    asked: z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('nothing') }),
      z.object({
        kind: z.literal('stage2'),
        /** The channel her stage-2 link was sent by (her contact method); the page cannot show the link itself. */
        sentBy: z.string(),
        expiresAt: z.string().nullable(),
      }),
    ]),
    canWithdraw: z.boolean(),
    linkExpiresAt: z.string().nullable(),
  })
  .meta({ id: 'ApplicantPage' });
export type ApplicantPage = z.output<typeof applicantPageSchema>;

export const withdrawResultSchema = z.object({ success: z.literal(true), status: z.literal('cancelled') });
export const eraseResultSchema = z.object({ success: z.literal(true) });
export const pageLinkResultSchema = z.object({
  link: z.string().describe('The site-relative path of her page, with its token: /me/{creatorId}?token=…'),
  expiresAt: z.string(),
});
export const revokeResultSchema = z.object({ revoked: z.boolean() });
export type PageLinkResult = z.output<typeof pageLinkResultSchema>;
export type RevokeResult = z.output<typeof revokeResultSchema>;
