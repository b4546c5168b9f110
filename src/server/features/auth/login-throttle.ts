import { AppError } from '#server/lib/app-error.ts';
import type { RateLimiter, RateLimitRule } from '#server/lib/rate-limiter.ts';

/**
 * Login throttling (architecture §5, docs/decisions/022). Addresses are client groups (IPv4 address, IPv6 /64).
 *
 * - One address guessing across usernames: 30 failures in 15 minutes, then 429 for that address.
 * - One address guessing one username: 5 failures in 15 minutes, then 429 for that pair.
 * - Many addresses guessing one username: after 10 failures from anywhere, attempts on that account from
 *   addresses it has never signed in from are let through one at a time, with a gap that doubles with
 *   each further failure up to a minute. The admin's own addresses are never slowed, so a stranger
 *   cannot lock them out; an admin somewhere new waits at most a minute between tries.
 * - Second-factor codes: 5 wrong ones in 15 minutes, then 429 for that account.
 */
export const LOGIN_FAILURES_PER_ADDRESS: RateLimitRule = { limit: 30, windowMs: 15 * 60_000 };
export const LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS: RateLimitRule = { limit: 5, windowMs: 15 * 60_000 };
export const LOGIN_FAILURES_PER_ACCOUNT: RateLimitRule = { limit: 10, windowMs: 15 * 60_000 };
export const SECOND_FACTOR_FAILURES: RateLimitRule = { limit: 5, windowMs: 15 * 60_000 };
export const SLOWED_GAP_MAX_MS = 60_000;

export const buckets = {
  address: (group: string) => `login:ip:${group}`,
  accountAndAddress: (username: string, group: string) => `login:account:${username.toLowerCase()}:${group}`,
  account: (username: string) => `login:account:${username.toLowerCase()}`,
  slowedGate: (username: string) => `login:slowed:${username.toLowerCase()}`,
  secondFactor: (adminId: string) => `login:2fa:${adminId}`,
};

export function tooManyAttempts(
  retryAfterMs: number,
  key: 'auth.throttled' | 'account.passwordThrottled' = 'auth.throttled',
): AppError {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  // The wait travels as a parameter, so a client can say it in its own language.
  return new AppError('RATE_LIMITED', { key, params: { count: minutes } }, undefined, {
    retryAfterSeconds: Math.max(1, retryAfterMs / 1000),
    limit: key === 'account.passwordThrottled' ? 'password_check' : 'sign_in',
  });
}

/**
 * Counts a try before it is checked and refuses it once over the rule. The count and the comparison are one
 * atomic step in every store, so tries that arrive together cannot all pass a look taken before any of them
 * was counted: exactly `limit` of them go on. A try that succeeds resets its bucket, so only failures add up.
 */
export async function takeTry(
  limiter: RateLimiter,
  bucket: string,
  rule: RateLimitRule,
  key?: Parameters<typeof tooManyAttempts>[1],
): Promise<void> {
  const window = await limiter.hit(bucket, rule);
  if (!window.allowed) throw tooManyAttempts(window.retryAfterMs, key);
}

/** The gap between tries on an account under attack: 1 s at the threshold, doubling, at most a minute. */
export function slowedGapMs(accountFailures: number): number {
  const beyond = Math.max(0, accountFailures - LOGIN_FAILURES_PER_ACCOUNT.limit);
  return Math.min(SLOWED_GAP_MAX_MS, 1000 * 2 ** Math.min(beyond, 16));
}

/**
 * The per-address checks, before anything is looked up. The address's own limit is looked at; the try on this
 * account from this address is counted first (takeTry), so guesses sent all at once get exactly its limit
 * through. A sign-in that succeeds resets that pair, so only failures add up.
 */
export async function checkAddressLimits(limiter: RateLimiter, username: string, group: string) {
  const address = await limiter.peek(buckets.address(group), LOGIN_FAILURES_PER_ADDRESS);
  if (address.count >= LOGIN_FAILURES_PER_ADDRESS.limit) throw tooManyAttempts(address.retryAfterMs);
  await takeTry(limiter, buckets.accountAndAddress(username, group), LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS);
}

/**
 * The per-account check for an address the account has not signed in from: once the account has seen
 * too many failures, one attempt per gap passes and the others wait (429 with the gap's Retry-After).
 */
export async function checkAccountUnderAttack(limiter: RateLimiter, username: string): Promise<void> {
  const failures = await limiter.peek(buckets.account(username), LOGIN_FAILURES_PER_ACCOUNT);
  if (failures.count < LOGIN_FAILURES_PER_ACCOUNT.limit) return;
  const gate = await limiter.hit(buckets.slowedGate(username), { limit: 1, windowMs: slowedGapMs(failures.count) });
  if (!gate.allowed) throw tooManyAttempts(gate.retryAfterMs);
}

/** A wrong password; its account-and-address pair counted it already, when the try was taken. */
export async function countPasswordFailure(limiter: RateLimiter, username: string, group: string): Promise<void> {
  await Promise.all([
    limiter.hit(buckets.address(group), LOGIN_FAILURES_PER_ADDRESS),
    limiter.hit(buckets.account(username), LOGIN_FAILURES_PER_ACCOUNT),
  ]);
}

/** Counted before the code is checked (takeTry); the sign-in that succeeds resets it. */
export async function takeSecondFactorTry(limiter: RateLimiter, adminId: string): Promise<void> {
  await takeTry(limiter, buckets.secondFactor(adminId), SECOND_FACTOR_FAILURES);
}

/** The wrong code's own bucket counted it already, when it was taken. */
export async function countSecondFactorFailure(limiter: RateLimiter, username: string) {
  await limiter.hit(buckets.account(username), LOGIN_FAILURES_PER_ACCOUNT);
}
