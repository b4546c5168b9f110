import { z } from 'zod';
import { ADMIN_ROLES } from '../admin-roles.ts';
import { ADMIN_PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH, USERNAME_MAX_LENGTH } from '../limits.ts';
import type { MessageKey } from '../messages/message.ts';
import { cleanString, requiredText } from './fields.ts';
import { LOGIN_KEYS, normaliseSecondFactorCode, RECOVERY_CODE_PATTERN, TOTP_CODE_PATTERN } from './login-check.ts';

/** Product §5 admin login messages and patterns live in login-check.ts, which the sign-in screen loads alone. */
export { LOGIN_KEYS, normaliseSecondFactorCode, RECOVERY_CODE_PATTERN, TOTP_CODE_PATTERN };

export const ACCOUNT_KEYS = {
  currentPassword: 'account.currentPassword',
  newPasswordTooShort: 'account.passwordTooShort',
  role: 'account.role',
} as const satisfies Record<string, MessageKey>;

const TOO_LONG: MessageKey = 'field.tooLong';

const secondFactorCode = cleanString({}, { error: LOGIN_KEYS.code })
  .transform(normaliseSecondFactorCode)
  .refine((value) => TOTP_CODE_PATTERN.test(value) || RECOVERY_CODE_PATTERN.test(value), LOGIN_KEYS.code);

/** Six digits only: enrolment is confirmed by the app, not by a recovery code. */
export const totpCodeSchema = cleanString({}, { error: LOGIN_KEYS.code })
  .transform(normaliseSecondFactorCode)
  .refine((value) => TOTP_CODE_PATTERN.test(value), LOGIN_KEYS.code);

// Not trimmed: spaces can be part of a password.
const password = (message: MessageKey) =>
  cleanString({}, { error: message }).min(1, message).max(PASSWORD_MAX_LENGTH, TOO_LONG);

const newPassword = cleanString({}, { error: ACCOUNT_KEYS.newPasswordTooShort })
  .min(ADMIN_PASSWORD_MIN_LENGTH, ACCOUNT_KEYS.newPasswordTooShort)
  .max(PASSWORD_MAX_LENGTH, TOO_LONG);

export const usernameField = requiredText(LOGIN_KEYS.username, { max: USERNAME_MAX_LENGTH, isName: true });

/**
 * POST /api/admin/login (product §7). `code` is an addition: the second factor, sent with the password once
 * the server has answered TWO_FACTOR_REQUIRED, so no half-signed-in state is kept between the two steps.
 */
export const loginSchema = z.strictObject({
  username: usernameField,
  password: password(LOGIN_KEYS.password),
  code: secondFactorCode.optional(),
});

export const LOGIN_FIELD_ORDER = ['username', 'password', 'code'] as const;

export type LoginInput = z.input<typeof loginSchema>;
export type Login = z.output<typeof loginSchema>;

/** POST /api/admin/account/password. */
export const passwordChangeSchema = z.strictObject({
  currentPassword: password(ACCOUNT_KEYS.currentPassword),
  newPassword,
});
export type PasswordChangeInput = z.input<typeof passwordChangeSchema>;

/**
 * The password again before two-factor sign-in is set up, confirmed or turned off: an open session alone (a
 * stolen cookie) must not be able to tie the account to another phone or take its second factor away.
 */
const currentPasswordField = { currentPassword: password(ACCOUNT_KEYS.currentPassword) };

/** POST /api/admin/account/two-factor/setup. */
export const twoFactorStartSchema = z.strictObject(currentPasswordField);
export type TwoFactorStartInput = z.input<typeof twoFactorStartSchema>;

/** The enrolment form's own field: the app's first code (the password was asked when the setup began). */
export const twoFactorCodeSchema = z.strictObject({ code: totpCodeSchema });
export type TwoFactorCodeInput = z.input<typeof twoFactorCodeSchema>;

/** POST /api/admin/account/two-factor/confirm: the first code, and the password the setup was begun with. */
export const twoFactorConfirmSchema = z.strictObject({ code: totpCodeSchema, ...currentPasswordField });
export type TwoFactorConfirmInput = z.input<typeof twoFactorConfirmSchema>;

/** POST /api/admin/account/two-factor/disable. */
export const twoFactorDisableSchema = z.strictObject(currentPasswordField);
export type TwoFactorDisableInput = z.input<typeof twoFactorDisableSchema>;

/** POST /api/admin/admins (owners only). */
export const adminCreateSchema = z.strictObject({
  username: usernameField,
  password: newPassword,
  role: z.enum(ADMIN_ROLES, { error: ACCOUNT_KEYS.role }),
});
export type AdminCreateInput = z.input<typeof adminCreateSchema>;

export const SECURITY_EVENT_KINDS = [
  'sign_in',
  'sign_in_failed',
  'second_factor_failed',
  'password_check_failed',
  'recovery_code_used',
  'password_changed',
  'two_factor_enabled',
  'two_factor_disabled',
  'session_ended',
  'account_disabled',
  'account_enabled',
] as const;
export type SecurityEventKind = (typeof SECURITY_EVENT_KINDS)[number];
