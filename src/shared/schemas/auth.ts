import { z } from 'zod';
import { ADMIN_ROLES, type AdminRole } from '../admin-roles.ts';
import { ADMIN_PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH, USERNAME_MAX_LENGTH } from '../limits.ts';
import { cleanString, requiredText, tooLong } from './fields.ts';

/** Product §5 admin login messages, and those of the second factor and the account screens. */
export const LOGIN_MESSAGES = {
  username: 'Username is required',
  password: 'Password is required',
  code: 'Please enter the 6-digit code or a recovery code',
  codeInvalid: 'That code is not valid. Please try again.',
} as const;

export const ACCOUNT_MESSAGES = {
  currentPassword: 'Please enter your current password',
  newPasswordTooShort: `Password must be at least ${ADMIN_PASSWORD_MIN_LENGTH} characters`,
  role: 'Please choose a role',
} as const;

/** A TOTP code is six digits; a recovery code ten letters and digits, written in two groups of five. */
export const TOTP_CODE_PATTERN = /^\d{6}$/;
export const RECOVERY_CODE_PATTERN = /^[a-z2-9]{10}$/;

/** What people type: spaces and hyphens from grouping are dropped, letters lowered. */
export function normaliseSecondFactorCode(value: string): string {
  return value.replace(/[\s-]/g, '').toLowerCase();
}

const secondFactorCode = cleanString({}, { error: LOGIN_MESSAGES.code })
  .transform(normaliseSecondFactorCode)
  .refine((value) => TOTP_CODE_PATTERN.test(value) || RECOVERY_CODE_PATTERN.test(value), LOGIN_MESSAGES.code);

/** Six digits only: enrolment is confirmed by the app, not by a recovery code. */
export const totpCodeSchema = cleanString({}, { error: LOGIN_MESSAGES.code })
  .transform(normaliseSecondFactorCode)
  .refine((value) => TOTP_CODE_PATTERN.test(value), LOGIN_MESSAGES.code);

// Not trimmed: spaces can be part of a password.
const password = (message: string) =>
  cleanString({}, { error: message }).min(1, message).max(PASSWORD_MAX_LENGTH, tooLong(PASSWORD_MAX_LENGTH));

const newPassword = cleanString({}, { error: ACCOUNT_MESSAGES.newPasswordTooShort })
  .min(ADMIN_PASSWORD_MIN_LENGTH, ACCOUNT_MESSAGES.newPasswordTooShort)
  .max(PASSWORD_MAX_LENGTH, tooLong(PASSWORD_MAX_LENGTH));

export const usernameField = requiredText(LOGIN_MESSAGES.username, { max: USERNAME_MAX_LENGTH, isName: true });

/**
 * POST /api/admin/login (product §7). `code` is an addition: the second factor, sent with the password once
 * the server has answered TWO_FACTOR_REQUIRED, so no half-signed-in state is kept between the two steps.
 */
export const loginSchema = z.strictObject({
  username: usernameField,
  password: password(LOGIN_MESSAGES.password),
  code: secondFactorCode.optional(),
});

export const LOGIN_FIELD_ORDER = ['username', 'password', 'code'] as const;

export type LoginInput = z.input<typeof loginSchema>;
export type Login = z.output<typeof loginSchema>;

/** POST /api/admin/account/password. */
export const passwordChangeSchema = z.strictObject({
  currentPassword: password(ACCOUNT_MESSAGES.currentPassword),
  newPassword,
});
export type PasswordChangeInput = z.input<typeof passwordChangeSchema>;

/** POST /api/admin/account/two-factor/confirm. */
export const twoFactorConfirmSchema = z.strictObject({ code: totpCodeSchema });
export type TwoFactorConfirmInput = z.input<typeof twoFactorConfirmSchema>;

/** DELETE /api/admin/account/two-factor: the password again, so an open session alone cannot remove it. */
export const twoFactorDisableSchema = z.strictObject({ currentPassword: password(ACCOUNT_MESSAGES.currentPassword) });
export type TwoFactorDisableInput = z.input<typeof twoFactorDisableSchema>;

/** POST /api/admin/admins (owners only). */
export const adminCreateSchema = z.strictObject({
  username: usernameField,
  password: newPassword,
  role: z.enum(ADMIN_ROLES, { error: ACCOUNT_MESSAGES.role }),
});
export type AdminCreateInput = z.input<typeof adminCreateSchema>;

/** GET /api/admin/auth-status `user` (the spec leaves its shape open: decision 007). */
export interface SessionUser {
  username: string;
  role: AdminRole;
  twoFactorEnabled: boolean;
  /** REQUIRE_2FA is set and this admin has not enrolled: nothing but enrolment is open to them. */
  mustEnrolTwoFactor: boolean;
  /** From GET /api/admin/auth-status: SMTP is configured, so a stage-2 link can be e-mailed to an applicant. */
  canEmailApplicants?: boolean;
}

/** An admin as an owner sees them (GET /api/admin/admins). */
export interface AdminAccount {
  id: string;
  username: string;
  role: AdminRole;
  isDisabled: boolean;
  twoFactorEnabled: boolean;
  createdAt: string;
  lastSignInAt: string | null;
}

/** One of the signed-in admin's sessions (GET /api/admin/account/sessions). */
export interface AccountSession {
  id: string;
  createdAt: string;
  lastSeenAt: string;
  userAgent: string | null;
  address: string | null;
  isCurrent: boolean;
}

export const SECURITY_EVENT_KINDS = [
  'sign_in',
  'sign_in_failed',
  'second_factor_failed',
  'recovery_code_used',
  'password_changed',
  'two_factor_enabled',
  'two_factor_disabled',
  'session_ended',
  'account_disabled',
  'account_enabled',
] as const;
export type SecurityEventKind = (typeof SECURITY_EVENT_KINDS)[number];

/** One line of the signed-in admin's security log (GET /api/admin/account/security-log). */
export interface SecurityEvent {
  id: string;
  kind: SecurityEventKind;
  at: string;
  address: string | null;
  userAgent: string | null;
}

/** POST /api/admin/account/two-factor/setup: the secret to scan (QR as SVG) or type. */
export interface TwoFactorSetup {
  secret: string;
  otpauthUri: string;
  qrSvg: string;
}

export interface RecoveryCodes {
  recoveryCodes: string[];
}
