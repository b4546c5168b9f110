import { PASSWORD_MAX_LENGTH, USERNAME_MAX_LENGTH } from '../limits.ts';
import { type Message, type MessageKey, messageOf } from '../messages/message.ts';
import { textCharacterProblem } from '../text-characters.ts';

/**
 * The admin login's checks without the schema library, for the sign-in screen: it is the one admin page that
 * arrives rendered ahead of time, and its first load carries no schema or form library (docs/decisions/054).
 * `loginSchema` (auth.ts) builds on the same keys, patterns and limits, and login-check.test.ts holds the two
 * to the same answers.
 */
export const LOGIN_KEYS = {
  username: 'auth.username',
  password: 'auth.password',
  code: 'auth.code',
  codeInvalid: 'auth.codeInvalid',
  codeUsed: 'auth.codeUsed',
} as const satisfies Record<string, MessageKey>;

/** A TOTP code is six digits; a recovery code ten letters and digits, written in two groups of five. */
export const TOTP_CODE_PATTERN = /^\d{6}$/;
export const RECOVERY_CODE_PATTERN = /^[a-z2-9]{10}$/;

/** What people type: spaces and hyphens from grouping are dropped, letters lowered. */
export function normaliseSecondFactorCode(value: string): string {
  return value.replace(/[\s-]/g, '').toLowerCase();
}

const TOO_LONG: MessageKey = 'field.tooLong';

export type LoginField = 'username' | 'password' | 'code';

/** What the sign-in form holds: the code only once the server has asked for it. */
export interface LoginValues {
  username: string;
  password: string;
  code?: string | undefined;
}

export type LoginCheck =
  | { isValid: true; values: LoginValues; errors: Partial<Record<LoginField, Message>> }
  | { isValid: false; values?: undefined; errors: Partial<Record<LoginField, Message>> };

function checkUsername(value: string): Message | undefined {
  const problem = textCharacterProblem(value, { isName: true });
  if (problem) return messageOf(problem);
  const trimmed = value.trim();
  if (trimmed.length < 1) return messageOf(LOGIN_KEYS.username, { min: 1 });
  if (trimmed.length > USERNAME_MAX_LENGTH) return messageOf(TOO_LONG, { max: USERNAME_MAX_LENGTH });
  return undefined;
}

// Not trimmed: spaces can be part of a password.
function checkPassword(value: string): Message | undefined {
  const problem = textCharacterProblem(value);
  if (problem) return messageOf(problem);
  if (value.length < 1) return messageOf(LOGIN_KEYS.password, { min: 1 });
  if (value.length > PASSWORD_MAX_LENGTH) return messageOf(TOO_LONG, { max: PASSWORD_MAX_LENGTH });
  return undefined;
}

function checkCode(value: string): Message | undefined {
  const problem = textCharacterProblem(value);
  if (problem) return messageOf(problem);
  const code = normaliseSecondFactorCode(value);
  return TOTP_CODE_PATTERN.test(code) || RECOVERY_CODE_PATTERN.test(code) ? undefined : messageOf(LOGIN_KEYS.code);
}

/** One field's first problem, as the login schema would report it. */
export function checkLoginField(field: LoginField, value: string): Message | undefined {
  if (field === 'username') return checkUsername(value);
  if (field === 'password') return checkPassword(value);
  return checkCode(value);
}

/** Every field's first problem, or the values as the server reads them (username trimmed, code normalised). */
export function checkLogin(input: LoginValues): LoginCheck {
  const errors: Partial<Record<LoginField, Message>> = {};
  const fields: LoginField[] = input.code === undefined ? ['username', 'password'] : ['username', 'password', 'code'];
  for (const field of fields) {
    const problem = checkLoginField(field, input[field] ?? '');
    if (problem) errors[field] = problem;
  }
  if (Object.keys(errors).length > 0) return { isValid: false, errors };
  const values: LoginValues = { username: input.username.trim(), password: input.password };
  if (input.code !== undefined) values.code = normaliseSecondFactorCode(input.code);
  return { isValid: true, values, errors };
}
