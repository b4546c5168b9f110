import { describe, expect, it } from 'vitest';
import { messageOfIssue } from '../messages/zod-issue.ts';
import { loginSchema } from './auth.ts';
import { checkLogin, type LoginValues } from './login-check.ts';

/** The login schema's first message per field, as the server would answer it. */
function schemaAnswer(input: LoginValues) {
  const result = loginSchema.safeParse(input);
  if (result.success) return { values: result.data, errors: {} };
  const errors: Record<string, unknown> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0]);
    errors[field] ??= messageOfIssue(issue);
  }
  return { values: undefined, errors };
}

const CASES: Record<string, LoginValues> = {
  'a good pair': { username: '  ana.lima ', password: ' a password with spaces ' },
  'nothing typed': { username: '', password: '' },
  'a blank username': { username: '   ', password: 'secret' },
  'a username too long': { username: 'a'.repeat(101), password: 'secret' },
  'a password too long': { username: 'ana', password: 'p'.repeat(1025) },
  'a control character': { username: 'ana\u0007', password: 'pass\u0000word' },
  'a text-direction override in the name': { username: 'ana\u202Eli', password: 'secret' },
  'a six-digit code with a space': { username: 'ana', password: 'secret', code: '123 456' },
  'a recovery code in groups': { username: 'ana', password: 'secret', code: 'ABCDE-FGH23' },
  'an empty code': { username: 'ana', password: 'secret', code: '' },
  'a short code': { username: 'ana', password: 'secret', code: '12345' },
};

describe('checkLogin', () => {
  for (const [name, input] of Object.entries(CASES)) {
    it(`answers ${name} as the login schema does`, () => {
      const check = checkLogin(input);
      const expected = schemaAnswer(input);
      expect(check.errors).toEqual(expected.errors);
      expect(check.values).toEqual(expected.values);
    });
  }
});
