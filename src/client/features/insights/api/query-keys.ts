import { queryRoots } from '#client/lib/query-keys.ts';
import type { InsightsRange } from '#shared/schemas/insights.ts';

/** The insights per range of days; a status change names their root (lib/query-keys.ts) to refresh them all. */
export const insightsKeys = {
  range: (range: InsightsRange) => [...queryRoots.insights, range.from, range.to] as const,
};
