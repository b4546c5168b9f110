import { z } from 'zod';
import { FUNNEL_STEPS, FUNNEL_VISIT_ID_PATTERN } from '../funnel.ts';
import { LANGUAGE_CODES } from '../languages.ts';
import { INSIGHTS_MAX_DAYS } from '../limits.ts';
import { englishTexts } from '../messages/english.ts';
import type { MessageKey } from '../messages/message.ts';
import { daySchema, shiftDay } from './dates.ts';

/** POST /api/funnel: exactly these fields, each within its shape; anything else is a 400. */
export const funnelEventSchema = z.strictObject({
  visit: z.string().regex(FUNNEL_VISIT_ID_PATTERN, 'funnel.visit' satisfies MessageKey),
  language: z.enum(LANGUAGE_CODES as [string, ...string[]], { error: 'funnel.language' satisfies MessageKey }),
  step: z.enum(FUNNEL_STEPS, { error: 'funnel.step' satisfies MessageKey }),
  ref: z.uuid({ error: 'funnel.recruiterLink' satisfies MessageKey }).nullish(),
});

export type FunnelEventInput = z.output<typeof funnelEventSchema>;

/** The milestones a creator can reach, in order (decision 026: applied → listed → matched → finalized). */
export const MILESTONES = ['applied', 'listed', 'matched', 'finalized'] as const;
export type Milestone = (typeof MILESTONES)[number];

/** The statuses a creator can leave, whose time spent the insights measure. */
export const TIMED_STATUSES = ['pending', 'stage2_sent', 'stage2_submitted', 'listed', 'matched', 'cancelled'] as const;

export const INSIGHTS_DEFAULT_DAYS = 30;

export const INSIGHTS_KEYS = {
  order: 'insights.order',
  span: 'insights.span',
} as const satisfies Record<string, MessageKey>;

/** The same messages in English, as the API writes them. */
export const INSIGHTS_MESSAGES = /* @__PURE__ */ englishTexts(INSIGHTS_KEYS);

export const DAY_MS = 86_400_000;

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The default range: the last 30 days, today (UTC) included. */
export function defaultInsightsRange(now = new Date()): { from: string; to: string } {
  const to = now.toISOString().slice(0, 10);
  const from = new Date(now.getTime() - (INSIGHTS_DEFAULT_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
  return { from, to };
}

/** GET /api/admin/insights?from=YYYY-MM-DD&to=YYYY-MM-DD (UTC days, both included; default the last 30). */
export const insightsQuerySchema = z
  .strictObject({ from: daySchema.optional(), to: daySchema.optional() })
  .transform((query, context) => {
    const fallback = defaultInsightsRange();
    const to = query.to ?? (query.from && query.from > fallback.to ? query.from : fallback.to);
    // The 30 days up to `to`, or fewer at the calendar's start: never a day the database has no room for.
    const from = query.from ?? shiftDay(to, -(INSIGHTS_DEFAULT_DAYS - 1));
    if (from > to) context.addIssue({ code: 'custom', message: INSIGHTS_KEYS.order, path: ['from'] });
    else if (daysBetween(from, to) >= INSIGHTS_MAX_DAYS) {
      context.addIssue({ code: 'custom', message: INSIGHTS_KEYS.span, path: ['to'] });
    }
    return { from, to };
  });

export type InsightsRange = z.output<typeof insightsQuerySchema>;

export type MilestoneCounts = Record<Milestone, number>;
