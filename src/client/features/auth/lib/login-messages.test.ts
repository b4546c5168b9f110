import { describe, expect, it } from 'vitest';
import type { TFunction } from '#client/lib/i18n.ts';
import { LOGIN_MESSAGES } from '#shared/schemas/auth.ts';
import { throttleMessage, translateLoginMessage } from './login-messages.ts';

const fakeT = ((key: string, options?: Record<string, unknown>) =>
  options ? `${key} ${JSON.stringify(options)}` : key) as unknown as TFunction<'admin'>;

describe('login messages', () => {
  it('translates the shared schema’s messages and keeps unknown ones as sent', () => {
    expect(translateLoginMessage(fakeT, LOGIN_MESSAGES.username)).toBe('login.errors.username');
    expect(translateLoginMessage(fakeT, LOGIN_MESSAGES.password)).toBe('login.errors.password');
    expect(translateLoginMessage(fakeT, 'Please use at most 100 characters')).toBe('login.errors.tooLong {"max":100}');
    expect(translateLoginMessage(fakeT, 'Something new')).toBe('Something new');
  });

  it('keeps the wait of a 429 in the interface language, or the server’s words without a number', () => {
    const server = 'Too many failed sign-in attempts. Please try again in 15 minutes.';
    expect(throttleMessage(fakeT, server)).toBe('login.throttled {"count":15}');
    expect(throttleMessage(fakeT, 'Slow down')).toBe('Slow down');
    expect(throttleMessage(fakeT, undefined)).toBe('login.throttledGeneric');
  });
});
