import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { adminRecoveryCodes, admins } from '#server/db/schema.ts';
import { keyedHash, open } from '#server/lib/secret-box.ts';
import { verifyTotp } from '#server/lib/totp.ts';
import { LOGIN_KEYS, RECOVERY_CODE_PATTERN, TOTP_CODE_PATTERN } from '#shared/schemas/auth.ts';

/**
 * An admin's second factor as stored with the account: checked at sign-in (auth), counted for the account
 * screen and cleared when its admin turns it off (account) or an owner or the CLI resets it (admins). Setting
 * it up is the account's (account/two-factor.service.ts).
 */

export const INVALID_CODE = LOGIN_KEYS.codeInvalid;
/** A right code that was already spent: the admin waits for the next one rather than retyping this one. */
export const USED_CODE = LOGIN_KEYS.codeUsed;

export interface SecondFactorDeps {
  db: Db;
  /** Undefined where no key is configured: no second factor can be checked. */
  key: Buffer | undefined;
  now?: () => number;
}

/** Removes the secret and every recovery code (an owner's reset, or the admin turning it off). */
export async function clearTwoFactor(tx: DbOrTx, adminId: string): Promise<void> {
  await tx
    .update(admins)
    .set({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null, updatedAt: new Date() })
    .where(eq(admins.id, adminId));
  await tx.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminId, adminId));
}

/** How a code went: good (which kind), right but already used, or wrong. */
export type SecondFactorResult = 'totp' | 'recovery' | 'used' | null;

/**
 * Checks a sign-in's second factor. A TOTP code is good once: the step is stored with a conditional update,
 * so two requests racing with the same code cannot both win. A recovery code is spent the same way.
 */
export async function verifySecondFactor(
  deps: SecondFactorDeps,
  admin: { id: string; totpSecret: string | null; totpLastStep: number | null },
  code: string,
): Promise<SecondFactorResult> {
  if (!admin.totpSecret || !deps.key) return null;
  if (TOTP_CODE_PATTERN.test(code)) {
    // Checked without the last step first, so a code of a spent step is told apart from a wrong one.
    const step = verifyTotp(open(deps.key, admin.totpSecret), code, { now: (deps.now ?? Date.now)(), lastStep: null });
    if (step === null) return null;
    if (admin.totpLastStep !== null && step <= admin.totpLastStep) return 'used';
    const used = await deps.db
      .update(admins)
      .set({ totpLastStep: step })
      .where(and(eq(admins.id, admin.id), or(isNull(admins.totpLastStep), lt(admins.totpLastStep, step))))
      .returning({ id: admins.id });
    return used.length > 0 ? 'totp' : 'used';
  }
  if (RECOVERY_CODE_PATTERN.test(code)) {
    const spent = await deps.db
      .update(adminRecoveryCodes)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(adminRecoveryCodes.adminId, admin.id),
          eq(adminRecoveryCodes.codeHash, keyedHash(deps.key, code)),
          isNull(adminRecoveryCodes.usedAt),
        ),
      )
      .returning({ id: adminRecoveryCodes.id });
    if (spent.length > 0) return 'recovery';
    const [usedBefore] = await deps.db
      .select({ id: adminRecoveryCodes.id })
      .from(adminRecoveryCodes)
      .where(and(eq(adminRecoveryCodes.adminId, admin.id), eq(adminRecoveryCodes.codeHash, keyedHash(deps.key, code))));
    return usedBefore ? 'used' : null;
  }
  return null;
}

/** Recovery codes not yet used, for the account screen. */
export async function countRecoveryCodesLeft(db: Db, adminId: string): Promise<number> {
  const rows = await db
    .select({ id: adminRecoveryCodes.id })
    .from(adminRecoveryCodes)
    .where(and(eq(adminRecoveryCodes.adminId, adminId), isNull(adminRecoveryCodes.usedAt)));
  return rows.length;
}
