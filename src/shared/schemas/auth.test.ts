import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { englishOf } from '../messages/english.ts';
import { messageOfIssue } from '../messages/zod-issue.ts';
import { loginSchema } from './auth.ts';

/** The English each issue's message is written in (the schemas carry keys, docs/decisions/031). */
const messages = (result: { error?: z.ZodError | undefined }) =>
  result.error?.issues.map((issue) => englishOf(messageOfIssue(issue)));

describe('loginSchema', () => {
  it('requires a username: "Username is required"', () => {
    const result = loginSchema.safeParse({ username: '  ', password: 'secret' });
    expect(messages(result)).toEqual(['Username is required']);
  });

  it('requires a password: "Password is required"', () => {
    const result = loginSchema.safeParse({ username: 'admin', password: '' });
    expect(messages(result)).toEqual(['Password is required']);
  });

  it('reports both when the body is empty', () => {
    const result = loginSchema.safeParse({});
    expect(messages(result)).toEqual(['Username is required', 'Password is required']);
  });

  it('trims the username but keeps the password exactly', () => {
    expect(loginSchema.parse({ username: ' admin ', password: ' pass word ' })).toEqual({
      username: 'admin',
      password: ' pass word ',
    });
  });

  it('bounds the password length', () => {
    expect(loginSchema.safeParse({ username: 'admin', password: 'x'.repeat(1025) }).success).toBe(false);
  });
});
