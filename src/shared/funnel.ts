/**
 * The application form's funnel (decision 026), in the order a visit goes through it: the landing
 * page seen, the form on screen (step 1), a first answer given, steps 2 to 5 reached, the application
 * submitted. No zod here: the landing page imports this and must stay small.
 */
export const FUNNEL_STEPS = ['landing', 'step1', 'started', 'step2', 'step3', 'step4', 'step5', 'submitted'] as const;

export type FunnelStep = (typeof FUNNEL_STEPS)[number];

/** A visit id is random, made in the tab; this is its shape, so nothing else can be smuggled in its place. */
export const FUNNEL_VISIT_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/** Where the form reports to (POST, `text/plain` JSON as `navigator.sendBeacon` sends it). */
export const FUNNEL_PATH = '/api/funnel';

/** Well above any real event, far below anything worth sending. */
export const FUNNEL_BODY_MAX_BYTES = 512;

export interface FunnelEvent {
  visit: string;
  language: string;
  step: FunnelStep;
  /** The recruiter link's id (`/?ref=…`), when the visit came through one. */
  ref?: string | null;
}
