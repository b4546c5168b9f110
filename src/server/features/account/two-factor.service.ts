import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { adminRecoveryCodes, admins } from '#server/db/schema.ts';
import { AppError, conflict } from '#server/lib/app-error.ts';
import type { RateLimiter } from '#server/lib/rate-limiter.ts';
import { keyedHash, open, seal } from '#server/lib/secret-box.ts';
import { newTotpSecret, qrSvg, totpUri, verifyTotp } from '#server/lib/totp.ts';
import type { RecoveryCodes, TwoFactorSetup } from '#shared/replies/account.ts';
import { clearTwoFactor, INVALID_CODE } from '../admins/second-factor.service.ts';
import { type EventOrigin, recordSecurityEvent } from '../admins/security-log.service.ts';
import { endOtherSessions } from '../admins/sessions.service.ts';
import { checkCurrentPassword } from './password-check.ts';

export interface TwoFactorDeps {
  db: Db;
  /** Counts the current-password checks, shared with the password change (password-check.ts). */
  limiter: RateLimiter;
  /** Undefined where no key is configured (PostgreSQL without TOTP_ENCRYPTION_KEY): 2FA cannot be set up. */
  key: Buffer | undefined;
  issuer: string;
  requireTwoFactor: boolean;
  now?: () => number;
}

export const RECOVERY_CODE_COUNT = 10;
/** No 0/o, 1/l/i: a code copied from paper must not be ambiguous. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

function needKey(deps: TwoFactorDeps): Buffer {
  if (!deps.key) throw new AppError('CONFLICT', 'account.twoFactorNotConfigured');
  return deps.key;
}

function newRecoveryCode(): string {
  return Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
}

/** Shown grouped in fives; typed back in any case, with or without the hyphen (normaliseSecondFactorCode). */
const shownCode = (code: string) => `${code.slice(0, 5)}-${code.slice(5)}`;

async function findAdmin(db: Db, adminId: string) {
  const [admin] = await db.select().from(admins).where(eq(admins.id, adminId)).limit(1);
  if (!admin) throw new AppError('UNAUTHENTICATED', 'auth.signInRequired');
  return admin;
}

/**
 * Step one: a fresh secret, kept sealed as pending until a first code proves the app holds it. The password
 * comes first: with a stolen session alone, nobody may tie the account to their own phone.
 */
export async function beginTwoFactorSetup(
  deps: TwoFactorDeps,
  admin: { id: string; username: string },
  currentPassword: string,
  origin: EventOrigin = {},
): Promise<TwoFactorSetup> {
  const key = needKey(deps);
  // The state is asked before the password, so a call that could change nothing spends none of the tries;
  // the row the check returns is asked again, for a change that crossed it.
  if ((await findAdmin(deps.db, admin.id)).totpEnabledAt) throw conflict('account.twoFactorAlreadyOn');
  const current = await checkCurrentPassword(deps, admin.id, currentPassword, origin);
  if (current.totpEnabledAt) throw conflict('account.twoFactorAlreadyOn');
  const secret = newTotpSecret();
  await deps.db
    .update(admins)
    .set({ totpPendingSecret: seal(key, secret) })
    .where(eq(admins.id, admin.id));
  const otpauthUri = totpUri(secret, { issuer: deps.issuer, account: admin.username });
  return { secret, otpauthUri, qrSvg: await qrSvg(otpauthUri) };
}

/**
 * Step two: the password again (the screen keeps it from step one) and the first code turn it on, ending every
 * other session, and yield ten recovery codes, shown this once.
 */
export async function confirmTwoFactorSetup(
  deps: TwoFactorDeps,
  admin: { id: string; sessionId: string },
  input: { code: string; currentPassword: string },
  origin: EventOrigin = {},
): Promise<RecoveryCodes> {
  const key = needKey(deps);
  needPendingSetup(await findAdmin(deps.db, admin.id));
  const current = await checkCurrentPassword(deps, admin.id, input.currentPassword, origin);
  const pendingSecret = needPendingSetup(current);
  const step = verifyTotp(open(key, pendingSecret), input.code, {
    now: (deps.now ?? Date.now)(),
    lastStep: null,
  });
  if (step === null) throw new AppError('VALIDATION_FAILED', INVALID_CODE, { code: INVALID_CODE });

  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await deps.db.transaction(async (tx) => {
    await tx
      .update(admins)
      .set({
        totpSecret: pendingSecret,
        totpPendingSecret: null,
        totpEnabledAt: new Date(),
        totpLastStep: step,
        updatedAt: new Date(),
      })
      .where(eq(admins.id, admin.id));
    await tx.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminId, admin.id));
    await tx
      .insert(adminRecoveryCodes)
      .values(codes.map((value) => ({ adminId: admin.id, codeHash: keyedHash(key, value) })));
    // Whoever else holds a session of this account signed in without the second factor.
    await endOtherSessions(tx, admin.id, admin.sessionId);
    await recordSecurityEvent(tx, admin.id, 'two_factor_enabled', origin);
  });
  return { recoveryCodes: codes.map(shownCode) };
}

/** The sealed secret waiting for its first code; 409 when it is on already or no setup was begun. */
function needPendingSetup(current: { totpEnabledAt: Date | null; totpPendingSecret: string | null }) {
  if (current.totpEnabledAt) throw conflict('account.twoFactorAlreadyOn');
  if (!current.totpPendingSecret) throw conflict('account.twoFactorStartAgain');
  return current.totpPendingSecret;
}

/**
 * Turns it off; not while REQUIRE_2FA is set, not where it is not on (nothing to log), and only with the
 * password, so an open session is not enough.
 */
export async function disableTwoFactor(
  deps: TwoFactorDeps,
  admin: { id: string },
  currentPassword: string,
  origin: EventOrigin = {},
): Promise<void> {
  if (deps.requireTwoFactor) throw conflict('account.twoFactorRequired');
  // Asked before the password, so a call that could change nothing spends none of the admin's tries.
  if (!(await findAdmin(deps.db, admin.id)).totpEnabledAt) throw conflict('account.twoFactorNotOn');
  const current = await checkCurrentPassword(deps, admin.id, currentPassword, origin);
  if (!current.totpEnabledAt) throw conflict('account.twoFactorNotOn');
  await deps.db.transaction(async (tx) => {
    await clearTwoFactor(tx, admin.id);
    await recordSecurityEvent(tx, admin.id, 'two_factor_disabled', origin);
  });
}
