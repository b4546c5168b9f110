export interface RateLimitResult {
  allowed: boolean;
  /** Hits counted in the current window, this one included. */
  count: number;
  /** Milliseconds until the window resets. */
  retryAfterMs: number;
}

export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

/**
 * Fixed-window counters keyed by bucket (e.g. `login:ip:1.2.3.4`). In process memory for one
 * instance (architecture §2); in Redis or PostgreSQL when several instances must share them.
 */
export interface RateLimiter {
  /** Counts one hit and says whether it is within the rule. */
  hit(bucket: string, rule: RateLimitRule): Promise<RateLimitResult>;
  /** Reads without counting. */
  peek(bucket: string, rule: RateLimitRule): Promise<RateLimitResult>;
  reset(bucket: string): Promise<void>;
  /** Start-up check that the counters' home can be used; throws saying why not. */
  verify(): Promise<void>;
  close(): Promise<void>;
}

export function createMemoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let lastSweep = now();

  const current = (bucket: string) => {
    const at = now();
    // Expired windows are dropped at most once a minute, so the map cannot grow without bound.
    if (at - lastSweep > 60_000) {
      for (const [key, window] of windows) if (window.resetAt <= at) windows.delete(key);
      lastSweep = at;
    }
    const window = windows.get(bucket);
    return window && window.resetAt > at ? window : undefined;
  };
  const result = (count: number, resetAt: number, rule: RateLimitRule): RateLimitResult => ({
    allowed: count <= rule.limit,
    count,
    retryAfterMs: Math.max(0, resetAt - now()),
  });

  return {
    async hit(bucket, rule) {
      const window = current(bucket) ?? { count: 0, resetAt: now() + rule.windowMs };
      window.count++;
      windows.set(bucket, window);
      return result(window.count, window.resetAt, rule);
    },
    async peek(bucket, rule) {
      const window = current(bucket);
      return window ? result(window.count, window.resetAt, rule) : { allowed: true, count: 0, retryAfterMs: 0 };
    },
    async reset(bucket) {
      windows.delete(bucket);
    },
    async verify() {},
    async close() {
      windows.clear();
    },
  };
}

export class CounterStoreUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CounterStoreUnavailableError';
  }
}
