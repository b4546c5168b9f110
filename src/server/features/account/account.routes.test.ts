import { describe, expect, it } from 'vitest';
import { verifyPassword } from '#server/lib/passwords.ts';
import { postLogin, sessionCookieOf, setUpTestApp, TEST_ORIGIN } from '#tests/setup/test-app.ts';
import { createAdmin, findAdminByUsername } from '../admins/admins.service.ts';

const t = setUpTestApp({ signedIn: false });

const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const send = (method: 'POST' | 'DELETE', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie, origin: TEST_ORIGIN }, ...(payload ? { payload } : {}) });

async function twoSessions(username: string, password: string) {
  await createAdmin(t.database.db, { username, password, role: 'reviewer' });
  const laptop = sessionCookieOf(
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: { origin: TEST_ORIGIN, 'user-agent': 'Laptop browser' },
      payload: { username, password },
      remoteAddress: '198.51.100.10',
    }),
  );
  const phone = sessionCookieOf(
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: { origin: TEST_ORIGIN, 'user-agent': 'Phone browser' },
      payload: { username, password },
      remoteAddress: '198.51.100.11',
    }),
  );
  return { laptop, phone };
}

describe('POST /api/admin/account/password', () => {
  it('needs the current password, then changes it and ends every other session of the admin', async () => {
    const { laptop, phone } = await twoSessions('kim', 'kim password 123');
    const wrong = await send('POST', '/api/admin/account/password', laptop, {
      currentPassword: 'not my password',
      newPassword: 'kim new password 1',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({ currentPassword: 'Your current password is not correct' });
    expect((await get('/api/admin/auth-status', phone)).json().isAuthenticated).toBe(true);

    const short = await send('POST', '/api/admin/account/password', laptop, {
      currentPassword: 'kim password 123',
      newPassword: 'short',
    });
    expect(short.statusCode).toBe(400);

    const done = await send('POST', '/api/admin/account/password', laptop, {
      currentPassword: 'kim password 123',
      newPassword: 'kim new password 1',
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ endedSessions: 1 });
    expect((await get('/api/admin/auth-status', phone)).json().isAuthenticated).toBe(false);
    expect((await get('/api/admin/auth-status', laptop)).json().isAuthenticated).toBe(true);
    const stored = await findAdminByUsername(t.database.db, 'kim');
    expect(await verifyPassword(stored?.passwordHash ?? '', 'kim new password 1')).toBe(true);
    expect((await postLogin(t, { username: 'kim', password: 'kim password 123' })).statusCode).toBe(401);
  });

  it('refuses unknown fields and changes nothing', async () => {
    const { laptop } = await twoSessions('lea', 'lea password 123');
    const res = await send('POST', '/api/admin/account/password', laptop, {
      currentPassword: 'lea password 123',
      newPassword: 'lea new password 1',
      role: 'owner',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ role: 'This field is not accepted' });
    const stored = await findAdminByUsername(t.database.db, 'lea');
    expect(await verifyPassword(stored?.passwordHash ?? '', 'lea password 123')).toBe(true);
  });

  it('answers a request without a body with the field messages', async () => {
    const { laptop } = await twoSessions('lou', 'lou password 123');
    const res = await send('POST', '/api/admin/account/password', laptop);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'Please enter your current password',
      fields: { currentPassword: 'Please enter your current password' },
    });
  });
});

describe('GET and DELETE /api/admin/account/sessions', () => {
  it('lists the admin’s sessions, marks the current one, and ends another', async () => {
    const { laptop, phone } = await twoSessions('max', 'max password 123');
    const sessions = (await get('/api/admin/account/sessions', laptop)).json();
    expect(sessions).toHaveLength(2);
    const current = sessions.find((s: { isCurrent: boolean }) => s.isCurrent);
    const other = sessions.find((s: { isCurrent: boolean }) => !s.isCurrent);
    expect(current).toMatchObject({ userAgent: 'Laptop browser', address: '198.51.100.10' });
    expect(other).toMatchObject({ userAgent: 'Phone browser', address: '198.51.100.11' });
    expect(JSON.stringify(sessions)).not.toMatch(/idHash|id_hash/);

    // Another admin's session id is not theirs to end.
    const { laptop: someoneElse } = await twoSessions('ned', 'ned password 123');
    expect((await send('DELETE', `/api/admin/account/sessions/${other.id}`, someoneElse)).statusCode).toBe(404);
    // A malformed id is a session that does not exist, not a bad request.
    const malformed = await send('DELETE', '/api/admin/account/sessions/not-a-session', laptop);
    expect(malformed.statusCode).toBe(404);
    expect(malformed.json()).toMatchObject({ code: 'NOT_FOUND', message: 'No such session' });

    expect((await send('DELETE', `/api/admin/account/sessions/${other.id}`, laptop)).statusCode).toBe(200);
    expect((await get('/api/admin/auth-status', phone)).json().isAuthenticated).toBe(false);
    expect((await get('/api/admin/account/sessions', laptop)).json()).toHaveLength(1);
    const log = (await get('/api/admin/account/security-log', laptop)).json();
    expect(log[0]).toMatchObject({ kind: 'session_ended', address: '127.0.0.1' });
  });
});

describe('GET /api/admin/account/security-log', () => {
  it('shows the admin’s sign-ins and failures, newest first, and nobody else’s', async () => {
    const { laptop } = await twoSessions('ola', 'ola password 123');
    await postLogin(t, { username: 'ola', password: 'wrong password!' }, '203.0.113.5');
    await postLogin(t, { username: 'pia', password: 'wrong password!' }, '203.0.113.5');
    const log = (await get('/api/admin/account/security-log', laptop)).json();
    expect(log.map((event: { kind: string }) => event.kind)).toEqual(['sign_in_failed', 'sign_in', 'sign_in']);
    expect(log[0]).toMatchObject({ address: '203.0.113.5', at: expect.any(String) });
  });
});
