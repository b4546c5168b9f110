import { z } from 'zod';
import { SECURITY_EVENT_KINDS } from '../schemas/auth.ts';
import { sessionUserSchema } from './auth.ts';

/** The replies of the signed-in admin's own account (decision 021), under /api/admin/account. */

/** GET /api/admin/account: the auth-status user plus what the account screen shows. */
export const accountSchema = sessionUserSchema
  .extend({
    isTwoFactorAvailable: z.boolean().describe('A TOTP key is configured, so two-factor sign-in can be set up'),
    isTwoFactorRequired: z.boolean().describe('REQUIRE_2FA is set: two-factor sign-in cannot be turned off'),
    recoveryCodesLeft: z.number().int().nonnegative(),
    languages: z.array(z.string()).optional().describe("The applicants' languages this admin works in (decision 063)"),
  })
  .meta({ id: 'Account' });
export type Account = z.output<typeof accountSchema>;

/** POST /api/admin/account/password: every other session of the admin ends with the change. */
export const passwordChangedSchema = z
  .object({ endedSessions: z.number().int().nonnegative().describe('Other sessions of this admin now ended') })
  .meta({ id: 'PasswordChanged' });
export type PasswordChanged = z.output<typeof passwordChangedSchema>;

/** One of the signed-in admin's sessions (GET /api/admin/account/sessions). */
export const accountSessionSchema = z
  .object({
    id: z.uuid(),
    createdAt: z.iso.datetime(),
    lastSeenAt: z.iso.datetime(),
    userAgent: z.string().nullable(),
    address: z.string().nullable(),
    isCurrent: z.boolean().describe('The session this request was made with'),
  })
  .meta({ id: 'AccountSession' });
export type AccountSession = z.output<typeof accountSessionSchema>;

/** One line of the signed-in admin's security log (GET /api/admin/account/security-log). */
export const securityEventSchema = z
  .object({
    id: z.uuid(),
    kind: z.enum(SECURITY_EVENT_KINDS),
    at: z.iso.datetime(),
    address: z.string().nullable(),
    userAgent: z.string().nullable(),
  })
  .meta({ id: 'SecurityEvent' });
export type SecurityEvent = z.output<typeof securityEventSchema>;

/** POST /api/admin/account/two-factor/setup: the secret to scan (QR as SVG) or type. */
export const twoFactorSetupSchema = z
  .object({
    secret: z.string().describe('Base32, for typing into the app'),
    otpauthUri: z.string(),
    qrSvg: z.string().describe('The otpauth URI as a QR code, an SVG document'),
  })
  .meta({ id: 'TwoFactorSetup' });
export type TwoFactorSetup = z.output<typeof twoFactorSetupSchema>;

/** POST /api/admin/account/two-factor/confirm: shown this once, each good for one sign-in. */
export const recoveryCodesSchema = z
  .object({ recoveryCodes: z.array(z.string().describe('Ten letters and digits in two groups, e.g. abcde-fgh23')) })
  .meta({ id: 'RecoveryCodes' });
export type RecoveryCodes = z.output<typeof recoveryCodesSchema>;
