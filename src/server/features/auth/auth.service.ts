import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { admins } from '#server/db/schema.ts';
import { AppError } from '#server/lib/app-error.ts';
import { clientGroup } from '#server/lib/client-address.ts';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from '#server/lib/passwords.ts';
import type { RateLimiter } from '#server/lib/rate-limiter.ts';
import type { MessageKey } from '#shared/messages/message.ts';
import type { Login } from '#shared/schemas/auth.ts';
import { findAdminByUsername } from '../admins/admins.service.ts';
import { INVALID_CODE, USED_CODE, verifySecondFactor } from '../admins/second-factor.service.ts';
import { hasSignedInFrom, recordSecurityEvent } from '../admins/security-log.service.ts';
import { createSession, type SessionPolicy } from '../admins/sessions.service.ts';
import {
  buckets,
  checkAccountUnderAttack,
  checkAddressLimits,
  countPasswordFailure,
  countSecondFactorFailure,
  takeSecondFactorTry,
} from './login-throttle.ts';

export const INVALID_CREDENTIALS = 'auth.invalidCredentials' satisfies MessageKey;
export const CODE_REQUIRED = 'auth.codeRequired' satisfies MessageKey;

export interface LoginDeps {
  db: Db;
  limiter: RateLimiter;
  policy: SessionPolicy;
  /** Opens TOTP secrets; undefined where none is configured. */
  totpKey: Buffer | undefined;
  now?: () => number;
}

export interface LoginInput extends Login {
  ip: string;
  userAgent?: string | undefined;
}

/**
 * Checks the credentials, then the second factor where the admin has one, and opens a session. An unknown
 * username, a wrong password and a disabled account get the same reply after the same work (a dummy hash is
 * verified), so none tells which it was. The second factor is asked for only once the password is right.
 */
export async function login(deps: LoginDeps, input: LoginInput) {
  const group = clientGroup(input.ip);
  const origin = { address: input.ip, userAgent: input.userAgent };
  await checkAddressLimits(deps.limiter, input.username, group);

  const admin = await findAdminByUsername(deps.db, input.username);
  const isKnownAddress = admin ? await hasSignedInFrom(deps.db, admin.id, group) : false;
  if (!isKnownAddress) await checkAccountUnderAttack(deps.limiter, input.username);

  const valid = admin
    ? await verifyPassword(admin.passwordHash, input.password)
    : await verifyAgainstDummy(input.password);
  if (!admin || !valid || admin.disabledAt) {
    await countPasswordFailure(deps.limiter, input.username, group);
    if (admin) await recordSecurityEvent(deps.db, admin.id, 'sign_in_failed', origin);
    throw new AppError('UNAUTHENTICATED', INVALID_CREDENTIALS);
  }

  let usedRecoveryCode = false;
  if (admin.totpEnabledAt) {
    // Not a failure: the form now asks for the code and sends it with the password.
    if (!input.code) throw new AppError('TWO_FACTOR_REQUIRED', CODE_REQUIRED);
    await takeSecondFactorTry(deps.limiter, admin.id);
    const result = await verifySecondFactor({ db: deps.db, key: deps.totpKey, now: deps.now }, admin, input.code);
    if (result === null || result === 'used') {
      await countSecondFactorFailure(deps.limiter, input.username);
      await recordSecurityEvent(deps.db, admin.id, 'second_factor_failed', origin);
      const reason = result === 'used' ? USED_CODE : INVALID_CODE;
      throw new AppError('TWO_FACTOR_REQUIRED', reason, { code: reason });
    }
    usedRecoveryCode = result === 'recovery';
  }

  await Promise.all([
    deps.limiter.reset(buckets.accountAndAddress(input.username, group)),
    deps.limiter.reset(buckets.secondFactor(admin.id)),
  ]);
  if (needsRehash(admin.passwordHash)) {
    await deps.db
      .update(admins)
      .set({ passwordHash: await hashPassword(input.password) })
      .where(eq(admins.id, admin.id));
  }
  const session = await createSession(deps.db, admin.id, deps.policy, new Date(), origin);
  if (usedRecoveryCode) await recordSecurityEvent(deps.db, admin.id, 'recovery_code_used', origin);
  await recordSecurityEvent(deps.db, admin.id, 'sign_in', origin);
  return { ...session, admin: { id: admin.id, username: admin.username } };
}
