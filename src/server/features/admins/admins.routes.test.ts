import { beforeAll, describe, expect, it } from 'vitest';
import { totpCodeAt } from '#server/lib/totp.ts';
import { postLogin, sessionCookieOf, setUpTestApp, TEST_ORIGIN } from '#tests/setup/test-app.ts';
import { countAdmins } from './admins.service.ts';

const t = setUpTestApp();
let owner: string;
beforeAll(() => {
  owner = t.headers.cookie;
});

const send = (url: string, cookie: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: { cookie, origin: TEST_ORIGIN }, ...(payload ? { payload } : {}) });
const isSignedIn = async (cookie: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/admin/auth-status', headers: { cookie } })).json().isAuthenticated;

async function createReviewer(username: string) {
  const res = await send('/api/admin/admins', owner, {
    username,
    password: `${username} password 1`,
    role: 'reviewer',
  });
  expect(res.statusCode).toBe(201);
  return res.json();
}

describe('POST /api/admin/admins', () => {
  it('lets an owner create a reviewer, who can sign in as one', async () => {
    const created = await createReviewer('rita');
    expect(created).toMatchObject({ username: 'rita', role: 'reviewer', isDisabled: false, twoFactorEnabled: false });
    const login = await postLogin(t, { username: 'rita', password: 'rita password 1' });
    expect(login.statusCode).toBe(200);
    const status = await t.app.inject({
      method: 'GET',
      url: '/api/admin/auth-status',
      headers: { cookie: sessionCookieOf(login) },
    });
    expect(status.json().user.role).toBe('reviewer');
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/admins', headers: { cookie: owner } });
    expect(list.json().map((admin: { username: string }) => admin.username)).toEqual(['alice', 'rita']);
    expect(list.json()[1].lastSignInAt).toEqual(expect.any(String));
  });

  it('refuses a bad role, a taken name and a reviewer asking, and creates nothing', async () => {
    const before = await countAdmins(t.database.db);
    expect(
      (await send('/api/admin/admins', owner, { username: 'sam', password: 'sam password 12', role: 'root' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await send('/api/admin/admins', owner, { username: 'ALICE', password: 'alice password 1', role: 'owner' }))
        .statusCode,
    ).toBe(409);
    await createReviewer('sue');
    const sue = sessionCookieOf(await postLogin(t, { username: 'sue', password: 'sue password 1' }));
    const asReviewer = await send('/api/admin/admins', sue, {
      username: 'tom',
      password: 'tom password 12',
      role: 'owner',
    });
    expect(asReviewer.statusCode).toBe(403);
    expect(await countAdmins(t.database.db)).toBe(before + 1);
  });
});

describe('POST /api/admin/admins/:id/disable and /enable', () => {
  it('ends the admin’s sessions at once, refuses their sign-in, and lets them back in once enabled', async () => {
    const uma = await createReviewer('uma');
    const session = sessionCookieOf(await postLogin(t, { username: 'uma', password: 'uma password 1' }));
    expect(await isSignedIn(session)).toBe(true);

    const disabled = await send(`/api/admin/admins/${uma.id}/disable`, owner);
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json().isDisabled).toBe(true);
    expect(await isSignedIn(session)).toBe(false);
    const refused = await postLogin(t, { username: 'uma', password: 'uma password 1' });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe('Invalid username or password.');

    expect((await send(`/api/admin/admins/${uma.id}/enable`, owner)).json().isDisabled).toBe(false);
    expect((await postLogin(t, { username: 'uma', password: 'uma password 1' })).statusCode).toBe(200);
  });

  it('will not let an owner disable themselves', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/admins', headers: { cookie: owner } });
    const me = list.json().find((admin: { username: string }) => admin.username === 'alice');
    expect((await send(`/api/admin/admins/${me.id}/disable`, owner)).statusCode).toBe(409);
    expect(await isSignedIn(owner)).toBe(true);
  });

  it('answers an unknown or malformed id with 404', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-admin']) {
      for (const action of ['disable', 'enable', 'reset-two-factor']) {
        const res = await send(`/api/admin/admins/${id}/${action}`, owner);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: 'No such admin' });
      }
    }
  });
});

describe('POST /api/admin/admins/:id/reset-two-factor', () => {
  it('turns the admin’s 2FA off and signs them out, so they sign in with the password and enrol again', async () => {
    const vic = await createReviewer('vic');
    const session = sessionCookieOf(await postLogin(t, { username: 'vic', password: 'vic password 1' }));
    const currentPassword = 'vic password 1';
    const setup = await send('/api/admin/account/two-factor/setup', session, { currentPassword });
    const code = totpCodeAt(setup.json().secret, Date.now());
    expect((await send('/api/admin/account/two-factor/confirm', session, { code, currentPassword })).statusCode).toBe(
      200,
    );
    expect((await postLogin(t, { username: 'vic', password: 'vic password 1' })).json().code).toBe(
      'TWO_FACTOR_REQUIRED',
    );

    const reset = await send(`/api/admin/admins/${vic.id}/reset-two-factor`, owner);
    expect(reset.json().twoFactorEnabled).toBe(false);
    expect(await isSignedIn(session)).toBe(false);
    expect((await postLogin(t, { username: 'vic', password: 'vic password 1' })).statusCode).toBe(200);
  });
});
