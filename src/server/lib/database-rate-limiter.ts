import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { rateLimits } from '#server/db/schema.ts';
import type { RateLimiter, RateLimitResult, RateLimitRule } from './rate-limiter.ts';

type WindowRow = { count: number; retry_ms: number };

const toResult = (row: WindowRow | undefined, rule: RateLimitRule): RateLimitResult =>
  row
    ? { allowed: row.count <= rule.limit, count: row.count, retryAfterMs: Number(row.retry_ms) }
    : { allowed: true, count: 0, retryAfterMs: 0 };

/** Milliseconds left in a window, by the database's clock, which every instance shares. */
const retryMs = sql`greatest(0, ceil(extract(epoch from (${rateLimits.resetAt} - clock_timestamp())) * 1000))::int`;

/**
 * Fixed-window counters in the `rate_limits` table, for several instances on one PostgreSQL without Redis
 * (architecture §2). A hit is one upsert, atomic on its row: of two instances counting the same bucket at once,
 * each sees the other's hit. A window that has passed is restarted by the next hit in that same statement.
 */
export function createDatabaseRateLimiter(db: Db): RateLimiter {
  const rowsOf = async (query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: WindowRow[] }).rows;

  return {
    async hit(bucket, rule) {
      const [row] = await rowsOf(sql`
        insert into ${rateLimits} (bucket, count, reset_at)
        values (${bucket}, 1, clock_timestamp() + ${rule.windowMs} * interval '1 millisecond')
        on conflict (bucket) do update set
          count = case when ${rateLimits.resetAt} <= clock_timestamp() then 1 else ${rateLimits.count} + 1 end,
          reset_at = case when ${rateLimits.resetAt} <= clock_timestamp() then excluded.reset_at
                          else ${rateLimits.resetAt} end
        returning count, ${retryMs} as retry_ms`);
      return toResult(row, rule);
    },

    async peek(bucket, rule) {
      const [row] = await rowsOf(sql`
        select count, ${retryMs} as retry_ms from ${rateLimits}
        where bucket = ${bucket} and reset_at > clock_timestamp()`);
      return toResult(row, rule);
    },

    async reset(bucket) {
      await db.delete(rateLimits).where(eq(rateLimits.bucket, bucket));
    },

    // The database is checked and closed by the app itself.
    async verify() {},
    async close() {},
  };
}

/** Maintenance: rows whose window has passed count nothing any more. */
export async function deleteExpiredRateLimits(db: Db, now = new Date()): Promise<number> {
  const removed = await db
    .delete(rateLimits)
    .where(lt(rateLimits.resetAt, now))
    .returning({ bucket: rateLimits.bucket });
  return removed.length;
}
