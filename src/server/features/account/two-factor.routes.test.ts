import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminRecoveryCodes, admins } from '#server/db/schema.ts';
import { totpCodeAt } from '#server/lib/totp.ts';
import {
  buildTestApp,
  postLogin,
  sessionCookieOf,
  setUpTestApp,
  signIn,
  TEST_ADMIN,
  TEST_ORIGIN,
} from '#tests/setup/test-app.ts';
import { createAdmin } from '../admins/admins.service.ts';

const t = setUpTestApp({ signedIn: false });

const post = (url: string, cookie: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: { cookie, origin: TEST_ORIGIN }, ...(payload ? { payload } : {}) });

/** Enrols an admin through the API and returns the secret and the recovery codes the screen showed. */
async function enrol(credentials: { username: string; password: string }) {
  await createAdmin(t.database.db, { ...credentials, role: 'reviewer' });
  const { cookie } = await signIn(t, credentials);
  const currentPassword = credentials.password;
  const setup = await post('/api/admin/account/two-factor/setup', cookie, { currentPassword });
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json();
  const code = totpCodeAt(secret, Date.now());
  const confirm = await post('/api/admin/account/two-factor/confirm', cookie, { code, currentPassword });
  expect(confirm.statusCode).toBe(200);
  return { secret, cookie, recoveryCodes: confirm.json().recoveryCodes as string[] };
}

describe('POST /api/admin/account/two-factor/setup and /confirm', () => {
  it('shows a QR code as SVG and the secret, and turns 2FA on only with a first good code', async () => {
    await createAdmin(t.database.db, { username: 'enid', password: 'enid password 1', role: 'reviewer' });
    const { cookie } = await signIn(t, { username: 'enid', password: 'enid password 1' });
    const currentPassword = 'enid password 1';
    const setup = await post('/api/admin/account/two-factor/setup', cookie, { currentPassword });
    const { secret, otpauthUri, qrSvg } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    expect(otpauthUri).toContain(`secret=${secret}`);
    expect(qrSvg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(qrSvg).not.toMatch(/<script/i);

    const wrong = await post('/api/admin/account/two-factor/confirm', cookie, { code: '000000', currentPassword });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields.code).toMatch(/not valid/);
    const [pending] = await t.database.db.select().from(admins).where(eq(admins.username, 'enid'));
    expect(pending?.totpEnabledAt).toBeNull();
    // Stored sealed, never as the secret itself.
    expect(pending?.totpPendingSecret).toMatch(/^v1\./);
    expect(pending?.totpPendingSecret).not.toContain(secret);

    const code = totpCodeAt(secret, Date.now());
    const good = await post('/api/admin/account/two-factor/confirm', cookie, { code, currentPassword });
    expect(good.statusCode).toBe(200);
    const { recoveryCodes } = good.json();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const stored = await t.database.db
      .select()
      .from(adminRecoveryCodes)
      .where(eq(adminRecoveryCodes.adminId, pending?.id ?? ''));
    expect(stored).toHaveLength(10);
    for (const row of stored) expect(recoveryCodes.map((c: string) => c.replace('-', ''))).not.toContain(row.codeHash);

    const status = await t.app.inject({ method: 'GET', url: '/api/admin/auth-status', headers: { cookie } });
    expect(status.json().user).toMatchObject({ username: 'enid', twoFactorEnabled: true });
  });
});

describe('POST /api/admin/login with two-factor sign-in', () => {
  it('asks for the code after the right password, and signs in with it', async () => {
    const { secret } = await enrol({ username: 'fay', password: 'fay password 12' });
    const first = await postLogin(t, { username: 'fay', password: 'fay password 12' });
    expect(first.statusCode).toBe(401);
    expect(first.json()).toMatchObject({ code: 'TWO_FACTOR_REQUIRED' });
    expect(first.cookies).toHaveLength(0);

    const wrongPassword = await postLogin(t, { username: 'fay', password: 'not her password', code: '123456' });
    expect(wrongPassword.json().code).toBe('UNAUTHENTICATED');

    // A later step than the one enrolment used, as a person signing in a little later would type.
    const code = totpCodeAt(secret, Date.now() + 30_000);
    const second = await postLogin(t, { username: 'fay', password: 'fay password 12', code });
    expect(second.statusCode).toBe(200);
    expect(sessionCookieOf(second)).toMatch(/^rollick_session=/);
  });

  it('refuses a wrong code and a code already used, even within its window', async () => {
    const { secret } = await enrol({ username: 'gus', password: 'gus password 12' });
    const wrong = await postLogin(t, { username: 'gus', password: 'gus password 12', code: '000000' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'TWO_FACTOR_REQUIRED', fields: { code: expect.any(String) } });

    const code = totpCodeAt(secret, Date.now() + 30_000);
    expect((await postLogin(t, { username: 'gus', password: 'gus password 12', code })).statusCode).toBe(200);
    const replay = await postLogin(t, { username: 'gus', password: 'gus password 12', code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('TWO_FACTOR_REQUIRED');
    // Told apart from a wrong code, so the admin waits for the next one instead of retyping this one.
    expect(replay.json().fields.code).toMatch(/already been used/);
    expect(wrong.json().fields.code).toMatch(/not valid/);
  });

  it('limits wrong codes: the sixth try in a row is a 429 with Retry-After, even with a good code', async () => {
    const { secret } = await enrol({ username: 'hal', password: 'hal password 12' });
    for (let i = 0; i < 5; i++) {
      const res = await postLogin(t, { username: 'hal', password: 'hal password 12', code: `00000${i}` }, '10.1.0.1');
      expect(res.statusCode).toBe(401);
    }
    const code = totpCodeAt(secret, Date.now() + 30_000);
    const locked = await postLogin(t, { username: 'hal', password: 'hal password 12', code }, '10.1.0.1');
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('takes each recovery code once, in any case and with or without its hyphen', async () => {
    const { recoveryCodes } = await enrol({ username: 'ida', password: 'ida password 12' });
    const [code = '', other = ''] = recoveryCodes;
    const first = await postLogin(t, { username: 'ida', password: 'ida password 12', code: code.toUpperCase() });
    expect(first.statusCode).toBe(200);
    const again = await postLogin(t, { username: 'ida', password: 'ida password 12', code: code.replace('-', '') });
    expect(again.statusCode).toBe(401);
    expect(again.json().fields.code).toMatch(/already been used/);
    const next = await postLogin(t, { username: 'ida', password: 'ida password 12', code: other });
    expect(next.statusCode).toBe(200);

    const { cookie } = { cookie: sessionCookieOf(next) };
    const account = await t.app.inject({ method: 'GET', url: '/api/admin/account', headers: { cookie } });
    expect(account.json().recoveryCodesLeft).toBe(8);
    const log = await t.app.inject({ method: 'GET', url: '/api/admin/account/security-log', headers: { cookie } });
    expect(log.json().filter((event: { kind: string }) => event.kind === 'recovery_code_used')).toHaveLength(2);
  });

  it('is turned off only with the current password', async () => {
    const { cookie } = await enrol({ username: 'jon', password: 'jon password 12' });
    const refused = await post('/api/admin/account/two-factor/disable', cookie, { currentPassword: 'wrong password' });
    expect(refused.statusCode).toBe(400);
    const done = await post('/api/admin/account/two-factor/disable', cookie, { currentPassword: 'jon password 12' });
    expect(done.statusCode).toBe(200);
    expect((await postLogin(t, { username: 'jon', password: 'jon password 12' })).statusCode).toBe(200);
  });
});

describe('REQUIRE_2FA', () => {
  it('lets an admin without 2FA do nothing but enrol, then everything', async () => {
    const strict = await buildTestApp({ config: { requireTwoFactor: true } });
    try {
      const { cookie, origin } = await signIn(strict);
      const status = await strict.app.inject({ method: 'GET', url: '/api/admin/auth-status', headers: { cookie } });
      expect(status.json().user).toMatchObject({ mustEnrolTwoFactor: true, twoFactorEnabled: false });
      const blocked = await strict.app.inject({
        method: 'GET',
        url: '/api/admin/creators/summary',
        headers: { cookie },
      });
      expect(blocked.statusCode).toBe(403);
      expect(blocked.json().code).toBe('TWO_FACTOR_ENROLMENT_REQUIRED');
      expect(
        (await strict.app.inject({ method: 'GET', url: '/api/admin/account', headers: { cookie } })).statusCode,
      ).toBe(200);

      const setup = await strict.app.inject({
        method: 'POST',
        url: '/api/admin/account/two-factor/setup',
        headers: { cookie, origin },
        payload: { currentPassword: TEST_ADMIN.password },
      });
      const confirm = await strict.app.inject({
        method: 'POST',
        url: '/api/admin/account/two-factor/confirm',
        headers: { cookie, origin },
        payload: { code: totpCodeAt(setup.json().secret, Date.now()), currentPassword: TEST_ADMIN.password },
      });
      expect(confirm.statusCode).toBe(200);
      const open = await strict.app.inject({ method: 'GET', url: '/api/admin/creators/summary', headers: { cookie } });
      expect(open.statusCode).toBe(200);
      // Required means it cannot be turned off.
      const disable = await strict.app.inject({
        method: 'POST',
        url: '/api/admin/account/two-factor/disable',
        headers: { cookie, origin },
        payload: { currentPassword: TEST_ADMIN.password },
      });
      expect(disable.statusCode).toBe(409);
    } finally {
      await strict.close();
    }
  });
});
