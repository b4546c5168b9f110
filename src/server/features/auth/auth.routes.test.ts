import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminSessions } from '#server/db/schema.ts';
import { hashToken } from '#server/lib/tokens.ts';
import { buildTestApp, setUpTestApp, signIn, TEST_ADMIN, TEST_ORIGIN } from '#tests/setup/test-app.ts';
import { createAdmin } from '../admins/admins.service.ts';

const t = setUpTestApp({ signedIn: false });

beforeAll(async () => {
  await createAdmin(t.database.db, TEST_ADMIN);
});
beforeEach(async () => {
  await t.limiter.close();
});

const login = (payload: object, ip = '10.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    headers: { origin: TEST_ORIGIN },
    payload,
    remoteAddress: ip,
  });

describe('POST /api/admin/login', () => {
  it('opens a session with an HttpOnly, SameSite=Strict cookie whose id is stored only as a hash', async () => {
    const res = await login(TEST_ADMIN);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, user: { username: 'alice' } });
    const cookie = res.cookies.find((c) => c.name === 'rollick_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(cookie?.secure).toBeFalsy();
    const value = cookie?.value ?? '';
    expect(value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await t.database.db.select().from(adminSessions);
    expect(rows.some((row) => row.idHash === value)).toBe(false);
    expect(rows.some((row) => row.idHash === hashToken(value))).toBe(true);
  });

  it('names the cookie __Host- and marks it Secure behind HTTPS, and reads only that name there', async () => {
    const https = await buildTestApp({ config: { trustProxy: true } });
    try {
      await createAdmin(https.database.db, TEST_ADMIN);
      const res = await https.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        headers: { origin: TEST_ORIGIN, 'x-forwarded-proto': 'https' },
        payload: TEST_ADMIN,
      });
      const cookie = res.cookies.find((c) => c.name === '__Host-rollick_session');
      expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Strict', path: '/' });
      expect(cookie?.domain).toBeUndefined();
      expect(res.cookies.find((c) => c.name === 'rollick_session')).toBeUndefined();
      expect(res.headers['strict-transport-security']).toContain('max-age=');
      const status = (name: string) =>
        https.app.inject({
          method: 'GET',
          url: '/api/admin/auth-status',
          headers: { 'x-forwarded-proto': 'https', cookie: `${name}=${cookie?.value}` },
        });
      expect((await status('__Host-rollick_session')).json().isAuthenticated).toBe(true);
      expect((await status('rollick_session')).json().isAuthenticated).toBe(false);
    } finally {
      await https.close();
    }
  });

  it('uses the __Host- Secure cookie when PUBLIC_URL is https, even if the proxy is not trusted', async () => {
    const https = await buildTestApp({ config: { publicUrl: 'https://admin.example' } });
    try {
      await createAdmin(https.database.db, TEST_ADMIN);
      const res = await https.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        headers: { origin: 'https://admin.example' },
        payload: TEST_ADMIN,
      });
      expect(res.cookies.find((c) => c.name === '__Host-rollick_session')?.secure).toBe(true);
    } finally {
      await https.close();
    }
  });

  it('gives the same reply for an unknown user and a wrong password', async () => {
    const unknown = await login({ username: 'mallory', password: 'whatever-password' });
    const wrong = await login({ username: 'alice', password: 'wrong password!' });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    const { requestId: _unknownId, ...unknownBody } = unknown.json();
    const { requestId: _wrongId, ...wrongBody } = wrong.json();
    expect(unknownBody).toEqual(wrongBody);
    expect(wrongBody).toEqual({
      message: 'Invalid username or password.',
      code: 'UNAUTHENTICATED',
      messageKey: 'auth.invalidCredentials',
    });
    expect(wrong.cookies).toHaveLength(0);
  });

  it('validates with the spec messages', async () => {
    const res = await login({ username: '', password: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Username is required');
    expect(res.json().fields).toMatchObject({ username: 'Username is required', password: 'Password is required' });
  });

  it('locks a username from one address after five failures, even for the right password', async () => {
    for (let i = 0; i < 5; i++)
      expect((await login({ ...TEST_ADMIN, password: 'nope nope' }, '10.0.0.7')).statusCode).toBe(401);
    const locked = await login(TEST_ADMIN, '10.0.0.7');
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(800);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(900);
    expect(locked.json().code).toBe('RATE_LIMITED');
    expect(locked.json().message).toMatch(/Too many failed sign-in attempts/);
    // Another address is not locked out by someone else's guessing.
    expect((await login(TEST_ADMIN, '10.0.0.8')).statusCode).toBe(200);
  });

  it('refuses a foreign origin', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: { origin: 'https://evil.example' },
      payload: TEST_ADMIN,
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('GET /api/admin/auth-status', () => {
  it('says not authenticated without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/auth-status' });
    expect(res.json()).toEqual({ isAuthenticated: false, user: null });
  });

  it('names the admin with a session', async () => {
    const { cookie } = await signIn(t);
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/auth-status', headers: { cookie } });
    expect(res.json()).toEqual({
      isAuthenticated: true,
      user: {
        username: 'alice',
        role: 'owner',
        twoFactorEnabled: false,
        mustEnrolTwoFactor: false,
        canEmailApplicants: false,
      },
    });
  });

  it('ignores a forged cookie', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/auth-status',
      headers: { cookie: `rollick_session=${'A'.repeat(43)}` },
    });
    expect(res.json().isAuthenticated).toBe(false);
  });
});

describe('session expiry', () => {
  it('ends a session idle for too long and removes its row', async () => {
    const { cookie } = await signIn(t);
    const idHash = hashToken(cookie.split('=')[1] ?? '');
    const longAgo = new Date(Date.now() - t.config.sessionIdleMs - 1000);
    await t.database.db.update(adminSessions).set({ lastSeenAt: longAgo }).where(eq(adminSessions.idHash, idHash));
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/auth-status', headers: { cookie } });
    expect(res.json().isAuthenticated).toBe(false);
    expect(await t.database.db.select().from(adminSessions).where(eq(adminSessions.idHash, idHash))).toHaveLength(0);
  });

  it('ends a session past its absolute expiry however active', async () => {
    const { cookie } = await signIn(t);
    const idHash = hashToken(cookie.split('=')[1] ?? '');
    await t.database.db
      .update(adminSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(adminSessions.idHash, idHash));
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/auth-status', headers: { cookie } });
    expect(res.json().isAuthenticated).toBe(false);
  });
});

describe('POST /api/admin/logout', () => {
  it('removes the session so the cookie no longer works', async () => {
    const { cookie, origin } = await signIn(t);
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/logout', headers: { cookie, origin } });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'rollick_session')?.value).toBe('');
    expect(res.headers['clear-site-data']).toBe('"cache", "cookies", "storage"');
    const after = await t.app.inject({ method: 'GET', url: '/api/admin/auth-status', headers: { cookie } });
    expect(after.json().isAuthenticated).toBe(false);
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/logout', headers: { origin: TEST_ORIGIN } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ message: 'Please sign in to continue', code: 'UNAUTHENTICATED' });
  });
});
