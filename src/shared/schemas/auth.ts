import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, USERNAME_MAX_LENGTH } from '../limits.ts';
import { requiredText, tooLong } from './fields.ts';

/** Spec §5 admin login messages. */
export const LOGIN_MESSAGES = {
  username: 'Username is required',
  password: 'Password is required',
} as const;

/** POST /api/admin/login (spec §7). */
export const loginSchema = z.object({
  username: requiredText(LOGIN_MESSAGES.username, { max: USERNAME_MAX_LENGTH }),
  // Not trimmed: spaces can be part of a password.
  password: z
    .string({ error: LOGIN_MESSAGES.password })
    .min(1, LOGIN_MESSAGES.password)
    .max(PASSWORD_MAX_LENGTH, tooLong(PASSWORD_MAX_LENGTH)),
});

export const LOGIN_FIELD_ORDER = ['username', 'password'] as const;

export type LoginInput = z.input<typeof loginSchema>;
export type Login = z.output<typeof loginSchema>;
