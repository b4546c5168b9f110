import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { admins } from '#server/db/schema.ts';
import { AppError } from '#server/lib/app-error.ts';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from '#server/lib/passwords.ts';
import type { RateLimiter, RateLimitRule } from '#server/lib/rate-limiter.ts';
import type { Login } from '#shared/schemas/auth.ts';
import { findAdminByUsername } from '../admins/admins.service.ts';
import { createSession, type SessionPolicy } from './sessions.service.ts';

/** Issue 4: five failures in 15 minutes lock that username from that address. */
export const LOGIN_FAILURES_PER_ACCOUNT: RateLimitRule = { limit: 5, windowMs: 15 * 60_000 };
/** One address guessing across many usernames is stopped too. */
export const LOGIN_FAILURES_PER_IP: RateLimitRule = { limit: 30, windowMs: 15 * 60_000 };

export const INVALID_CREDENTIALS = 'Invalid username or password.';

function tooManyAttempts(retryAfterMs: number): AppError {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return new AppError(
    'RATE_LIMITED',
    `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  );
}

/**
 * Checks the credentials and opens a session. An unknown username and a wrong password get the same
 * reply after the same work (a dummy hash is verified), so neither tells which was wrong.
 */
export async function login(
  deps: { db: Db; limiter: RateLimiter; policy: SessionPolicy },
  input: Login & { ip: string },
) {
  const accountBucket = `login:account:${input.username.toLowerCase()}:${input.ip}`;
  const ipBucket = `login:ip:${input.ip}`;
  const [account, address] = await Promise.all([
    deps.limiter.peek(accountBucket, LOGIN_FAILURES_PER_ACCOUNT),
    deps.limiter.peek(ipBucket, LOGIN_FAILURES_PER_IP),
  ]);
  if (account.count >= LOGIN_FAILURES_PER_ACCOUNT.limit) throw tooManyAttempts(account.retryAfterMs);
  if (address.count >= LOGIN_FAILURES_PER_IP.limit) throw tooManyAttempts(address.retryAfterMs);

  const admin = await findAdminByUsername(deps.db, input.username);
  const valid = admin
    ? await verifyPassword(admin.passwordHash, input.password)
    : await verifyAgainstDummy(input.password);
  if (!admin || !valid) {
    await Promise.all([
      deps.limiter.hit(accountBucket, LOGIN_FAILURES_PER_ACCOUNT),
      deps.limiter.hit(ipBucket, LOGIN_FAILURES_PER_IP),
    ]);
    throw new AppError('UNAUTHENTICATED', INVALID_CREDENTIALS);
  }

  await deps.limiter.reset(accountBucket);
  if (needsRehash(admin.passwordHash)) {
    await deps.db
      .update(admins)
      .set({ passwordHash: await hashPassword(input.password) })
      .where(eq(admins.id, admin.id));
  }
  const session = await createSession(deps.db, admin.id, deps.policy);
  return { ...session, admin: { id: admin.id, username: admin.username } };
}
