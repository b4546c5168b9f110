import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { funnelVisits } from '#server/db/insights-schema.ts';
import { AppError } from '#server/lib/app-error.ts';
import { clientGroup, networkGroup } from '#server/lib/client-address.ts';
import type { RateLimiter, RateLimitRule } from '#server/lib/rate-limiter.ts';
import type { FunnelEventInput } from '#shared/schemas/insights.ts';

/** A visit sends at most eight events; this leaves room for a busy shared address, and no more. */
export const FUNNEL_RULE: RateLimitRule = { limit: 120, windowMs: 10 * 60_000 };

/**
 * What one network (an IPv4 /24, an IPv6 /64) may add to one recruiter link's figures: ten whole visits in ten
 * minutes. Past it, or past the link's own bound, events are answered as usual but not counted, so a busy
 * office or a stranger with a subnet adds no more, and a real visitor's page sees no error (decision 042).
 */
export const FUNNEL_LINK_NETWORK_RULE: RateLimitRule = { limit: 80, windowMs: 10 * 60_000 };

/** What all networks together may add to one recruiter link in a minute: thirty whole visits. */
export const FUNNEL_LINK_RULE: RateLimitRule = { limit: 240, windowMs: 60_000 };

/** How long a visit's reported steps are remembered to count it once per step; then only the totals stay. */
export const FUNNEL_VISIT_TTL_MS = 24 * 3_600_000;

/** Counts one event against the sender's address group (an IPv6 /64 is one group); nothing is stored about it. */
export async function checkFunnelRate(limiter: RateLimiter, ip: string): Promise<void> {
  const window = await limiter.hit(`funnel:${clientGroup(ip)}`, FUNNEL_RULE);
  if (!window.allowed) {
    throw new AppError('RATE_LIMITED', 'funnel.tooMany', undefined, {
      retryAfterSeconds: window.retryAfterMs / 1000,
      limit: 'funnel',
    });
  }
}

/** Whether an event through recruiter link `ref` is within the link's bounds; each event counts against them. */
async function isWithinLinkBounds(limiter: RateLimiter, ip: string, ref: string): Promise<boolean> {
  const link = ref.toLowerCase();
  const fromNetwork = await limiter.hit(`funnel-link:${link}:${networkGroup(ip)}`, FUNNEL_LINK_NETWORK_RULE);
  if (!fromNetwork.allowed) return false;
  return (await limiter.hit(`funnel-link:${link}`, FUNNEL_LINK_RULE)).allowed;
}

/**
 * Counts an event from `ip`'s page (recordFunnelStep), unless it came through a recruiter link past that
 * link's bounds; then it is dropped without a word, as the beacon reads no reply.
 */
export async function countFunnelEvent(
  db: Db,
  limiter: RateLimiter,
  { ip, event }: { ip: string; event: FunnelEventInput },
): Promise<{ isCounted: boolean }> {
  if (event.ref && !(await isWithinLinkBounds(limiter, ip, event.ref))) return { isCounted: false };
  return recordFunnelStep(db, event);
}

/**
 * Adds the visit to today's counts for its step, by recruiter link and by language, unless this visit already
 * reported the step. One statement: the visit's row and the counts go in together. A link naming no current
 * recruiter counts as no link, so made-up ids add no rows.
 */
export async function recordFunnelStep(db: Db, event: FunnelEventInput): Promise<{ isCounted: boolean }> {
  const ref = event.ref ?? null;
  const { rows } = (await db.execute(sql`
    with fresh as (
      insert into funnel_visits (visit_id, step) values (${event.visit}, ${event.step})
      on conflict do nothing
      returning (now() at time zone 'UTC')::date as day
    ),
    by_language as (
      insert into funnel_language_daily as daily (day, language, step, visits)
      select day, ${event.language}, ${event.step}, 1 from fresh
      on conflict (day, step, language) do update set visits = daily.visits + 1
    )
    insert into funnel_daily as daily (day, recruiter_id, step, visits)
    select day, (select id from recruiters where id = ${ref}::uuid), ${event.step}, 1
    from fresh
    on conflict (day, step, (coalesce(recruiter_id, '00000000-0000-0000-0000-000000000000'::uuid)))
    do update set visits = daily.visits + 1
    returning 1
  `)) as unknown as { rows: unknown[] };
  return { isCounted: rows.length > 0 };
}

/** Maintenance: forgets visits older than FUNNEL_VISIT_TTL_MS (their counts stay). */
export async function deleteOldFunnelVisits(db: Db, now = new Date()): Promise<void> {
  await db.delete(funnelVisits).where(sql`${funnelVisits.seenAt} < ${new Date(now.getTime() - FUNNEL_VISIT_TTL_MS)}`);
}
