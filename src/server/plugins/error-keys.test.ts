import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signIn, type TestApp } from '#tests/setup/test-app.ts';
import { tooManyAttempts } from '../features/auth/login-throttle.ts';

let t: TestApp;
let headers: { cookie: string; origin: string };

beforeAll(async () => {
  t = await buildTestApp();
  headers = await signIn(t);
});
afterAll(() => t.close());

/** docs/decisions/031: the English of architecture §3 stays as it was; the keys come beside it. */
describe('error replies carry their messages by key', () => {
  it('gives a 400 each field’s key and parameters beside the unchanged English', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/recruiters',
      headers,
      payload: { name: 'x'.repeat(101), email: 'nope' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'Please use at most 100 characters',
      code: 'VALIDATION_FAILED',
      fields: { name: 'Please use at most 100 characters', email: 'Invalid email' },
      messageKey: 'field.tooLong',
      messageParams: { max: 100 },
      fieldKeys: { name: { key: 'field.tooLong', params: { max: 100 } }, email: { key: 'recruiters.email' } },
    });
  });

  it('gives a service’s refusal its key', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/creators/RC-NOTHERE2', headers });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      message: 'Creator not found',
      code: 'NOT_FOUND',
      messageKey: 'creators.notFound',
    });
  });

  it('names an unknown field by key and parameter', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/recruiters',
      headers,
      payload: { name: 'Maya', nickname: 'M' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'Unknown field "nickname"',
      messageKey: 'request.unknownField',
      messageParams: { field: 'nickname' },
      fields: { nickname: 'This field is not accepted' },
      fieldKeys: { nickname: { key: 'field.notAccepted' } },
    });
  });

  it('sends no key for a text that has none (a schema left to zod’s own words)', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/creators/status/pending?q=${'q'.repeat(101)}`,
      headers,
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.message).toMatch(/Too big/);
    expect(body).not.toHaveProperty('messageKey');
    expect(body).not.toHaveProperty('fieldKeys');
  });

  it('carries a sign-in throttle’s wait as a parameter', () => {
    const error = tooManyAttempts(14 * 60_000 + 1);
    expect(error.message).toBe('Too many failed sign-in attempts. Please try again in 15 minutes.');
    expect(error.reason).toEqual({ key: 'auth.throttled', params: { count: 15 } });
  });
});
