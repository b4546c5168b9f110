import { describe, expect, it } from 'vitest';
import { loginSchema } from './auth.ts';

describe('loginSchema', () => {
  it('requires a username: "Username is required"', () => {
    const result = loginSchema.safeParse({ username: '  ', password: 'secret' });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['Username is required']);
  });

  it('requires a password: "Password is required"', () => {
    const result = loginSchema.safeParse({ username: 'admin', password: '' });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['Password is required']);
  });

  it('reports both when the body is empty', () => {
    const result = loginSchema.safeParse({});
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Username is required',
      'Password is required',
    ]);
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
