import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminRecoveryCodes, admins } from '#server/db/schema.ts';
import { totpCodeAt } from '#server/lib/totp.ts';
import {
  buildTestApp,
  postLogin,
  setUpTestApp,
  signIn,
  TEST_ORIGIN,
  type TestAdmin,
  type TestApp,
} from '#tests/setup/test-app.ts';
import { createAdmin } from '../admins/admins.service.ts';
import { LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS, SECOND_FACTOR_FAILURES } from '../auth/login-throttle.ts';
import { PASSWORD_CHECKS } from './password-check.ts';

let now = Date.now();
const t = setUpTestApp({ clock: () => now, signedIn: false });

const SETUP = '/api/admin/account/two-factor/setup';
const CONFIRM = '/api/admin/account/two-factor/confirm';
const DISABLE = '/api/admin/account/two-factor/disable';
const PASSWORD = '/api/admin/account/password';

const post = (app: TestApp, url: string, cookie: string, payload?: object) =>
  app.app.inject({ method: 'POST', url, headers: { cookie, origin: TEST_ORIGIN }, ...(payload ? { payload } : {}) });

const get = (app: TestApp, url: string, cookie: string) => app.app.inject({ method: 'GET', url, headers: { cookie } });

async function reviewer(app: TestApp, admin: TestAdmin) {
  await createAdmin(app.database.db, { ...admin, role: 'reviewer' });
}

async function rowOf(app: TestApp, username: string) {
  const [row] = await app.database.db.select().from(admins).where(eq(admins.username, username));
  if (!row) throw new Error(`no admin ${username}`);
  return row;
}

async function eventsOf(app: TestApp, cookie: string, kind: string) {
  const log = await get(app, '/api/admin/account/security-log', cookie);
  expect(log.statusCode).toBe(200);
  return (log.json() as { kind: string }[]).filter((event) => event.kind === kind);
}

/** Sets two-factor sign-in up through the API, as the account screen does; returns the app's secret. */
async function enrol(app: TestApp, cookie: string, currentPassword: string) {
  const setup = await post(app, SETUP, cookie, { currentPassword });
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json();
  const confirm = await post(app, CONFIRM, cookie, { code: totpCodeAt(secret, Date.now()), currentPassword });
  expect(confirm.statusCode).toBe(200);
  return secret as string;
}

describe('POST /api/admin/account/two-factor/setup and /confirm with a stolen session', () => {
  it('give no secret and no recovery codes without the current password, and end no session', async () => {
    const kay = { username: 'kay.morgan', password: 'kay morgan passphrase' };
    await reviewer(t, kay);
    const own = await signIn(t, kay);
    const stolen = await signIn(t, kay);

    for (const payload of [undefined, {}, { currentPassword: 'guessed password 1' }]) {
      const setup = await post(t, SETUP, stolen.cookie, payload);
      expect(setup.statusCode).toBe(400);
      expect(setup.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { currentPassword: expect.any(String) },
      });
      expect(setup.json()).not.toHaveProperty('secret');
    }
    expect((await rowOf(t, kay.username)).totpPendingSecret).toBeNull();

    // The admin begins a setup of their own; the stolen session's good code for it is still not enough.
    const begun = await post(t, SETUP, own.cookie, { currentPassword: kay.password });
    expect(begun.statusCode).toBe(200);
    const code = totpCodeAt(begun.json().secret, Date.now());
    for (const payload of [{ code }, { code, currentPassword: 'guessed password 2' }]) {
      const confirm = await post(t, CONFIRM, stolen.cookie, payload);
      expect(confirm.statusCode).toBe(400);
      expect(confirm.json().fields.currentPassword).toEqual(expect.any(String));
      expect(confirm.json()).not.toHaveProperty('recoveryCodes');
    }

    const row = await rowOf(t, kay.username);
    expect(row.totpEnabledAt).toBeNull();
    expect(await t.database.db.select().from(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminId, row.id))).toEqual(
      [],
    );
    expect((await get(t, '/api/admin/account', own.cookie)).statusCode).toBe(200);
    expect((await postLogin(t, kay)).statusCode).toBe(200);
  });
});

describe('the current password asked by the account calls', () => {
  it('allows five wrong ones across the password change and the two-factor calls, then 429 until the window passes', async () => {
    const lou = { username: 'lou.baptiste', password: 'lou baptiste passphrase' };
    await reviewer(t, lou);
    const { cookie } = await signIn(t, lou);
    const begun = await post(t, SETUP, cookie, { currentPassword: lou.password });
    expect(begun.statusCode).toBe(200);
    const code = () => totpCodeAt(begun.json().secret, Date.now());

    const wrong = 'lou baptiste password';
    const tries = [
      await post(t, PASSWORD, cookie, { currentPassword: wrong, newPassword: 'a new long passphrase' }),
      await post(t, SETUP, cookie, { currentPassword: wrong }),
      await post(t, CONFIRM, cookie, { code: code(), currentPassword: wrong }),
      await post(t, PASSWORD, cookie, { currentPassword: `${wrong}!`, newPassword: 'a new long passphrase' }),
      await post(t, CONFIRM, cookie, { code: code(), currentPassword: `${wrong}!` }),
    ];
    for (const res of tries) {
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.currentPassword).toBe('Your current password is not correct');
    }
    expect(tries).toHaveLength(PASSWORD_CHECKS.limit);

    const sixth = await post(t, SETUP, cookie, { currentPassword: wrong });
    expect(sixth.statusCode).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    expect(sixth.json().message).toMatch(/^Too many wrong passwords/);
    // The right password is refused too while the window lasts: a guess that hits it learns nothing.
    const right = await post(t, CONFIRM, cookie, { code: code(), currentPassword: lou.password });
    expect(right.statusCode).toBe(429);
    expect((await rowOf(t, lou.username)).totpEnabledAt).toBeNull();

    const failures = await eventsOf(t, cookie, 'password_check_failed');
    expect(failures).toHaveLength(PASSWORD_CHECKS.limit);

    now += PASSWORD_CHECKS.windowMs + 1000;
    const after = await post(t, CONFIRM, cookie, { code: code(), currentPassword: lou.password });
    expect(after.statusCode).toBe(200);
    expect(after.json().recoveryCodes).toHaveLength(10);
  });
});

describe('POST /api/admin/account/two-factor/disable', () => {
  it('is no password oracle: the sixth wrong password is a 429, and the right one waits for the window', async () => {
    const max = { username: 'max.okafor', password: 'max okafor passphrase' };
    await reviewer(t, max);
    const { cookie } = await signIn(t, max);
    await enrol(t, cookie, max.password);

    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push((await post(t, DISABLE, cookie, { currentPassword: `max okafor guess ${i}` })).statusCode);
    }
    expect(statuses).toEqual([...Array(5).fill(400), ...Array(7).fill(429)]);
    const right = await post(t, DISABLE, cookie, { currentPassword: max.password });
    expect(right.statusCode).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    expect((await rowOf(t, max.username)).totpEnabledAt).not.toBeNull();
    expect(await eventsOf(t, cookie, 'password_check_failed')).toHaveLength(5);
    expect(await eventsOf(t, cookie, 'two_factor_disabled')).toHaveLength(0);

    now += PASSWORD_CHECKS.windowMs + 1000;
    expect((await post(t, DISABLE, cookie, { currentPassword: max.password })).statusCode).toBe(200);
    expect((await rowOf(t, max.username)).totpEnabledAt).toBeNull();
    expect(await eventsOf(t, cookie, 'two_factor_disabled')).toHaveLength(1);
  });

  it('is refused with 409 where two-factor sign-in is not on, and logs nothing', async () => {
    const nia = { username: 'nia.lindqvist', password: 'nia lindqvist passphrase' };
    await reviewer(t, nia);
    const { cookie } = await signIn(t, nia);
    for (const currentPassword of [nia.password, 'not her password']) {
      const res = await post(t, DISABLE, cookie, { currentPassword });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'CONFLICT', message: 'Two-factor sign-in is not on for this account' });
    }
    expect(await eventsOf(t, cookie, 'two_factor_disabled')).toHaveLength(0);
    expect(await eventsOf(t, cookie, 'password_check_failed')).toHaveLength(0);
  });
});

/**
 * Tries sent all at once: every one must be counted before any is checked, in the store each engine's
 * production setup uses (memory beside the embedded database, the `rate_limits` table on PostgreSQL), and in the
 * database table on both engines.
 */
describe.each(['memory', 'database'] as const)('thirty tries at once, counted in %s', (limiterStore) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ limiterStore });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('let exactly five wrong second-factor codes reach the check at sign-in; the rest are 429', async () => {
    const ona = { username: 'ona.ferreira', password: 'ona ferreira passphrase' };
    await reviewer(app, ona);
    const { cookie } = await signIn(app, ona);
    const secret = await enrol(app, cookie, ona.password);
    const good = new Set([-30_000, 0, 30_000].map((offset) => totpCodeAt(secret, Date.now() + offset)));
    const wrongCodes = Array.from({ length: 60 }, (_, i) => String(314_159 + i * 7919).padStart(6, '0'))
      .filter((code) => !good.has(code))
      .slice(0, 30);

    const replies = await Promise.all(wrongCodes.map((code) => postLogin(app, { ...ona, code })));
    const statuses = replies.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(SECOND_FACTOR_FAILURES.limit);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30 - SECOND_FACTOR_FAILURES.limit);
    for (const res of replies.filter((reply) => reply.statusCode === 401)) {
      expect(res.json().fields.code).toMatch(/not valid/);
    }
    expect(await eventsOf(app, cookie, 'second_factor_failed')).toHaveLength(SECOND_FACTOR_FAILURES.limit);
  });

  it('let exactly five wrong passwords from one address reach the check at sign-in; the rest are 429', async () => {
    const rui = { username: 'rui.carvalho', password: 'rui carvalho passphrase' };
    await reviewer(app, rui);
    const replies = await Promise.all(
      Array.from({ length: 30 }, (_, i) => postLogin(app, { username: rui.username, password: `rui guess ${i}` })),
    );
    const statuses = replies.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS.limit);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30 - LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS.limit);
    // The right password is refused too until the window passes: the pair's tries are spent.
    expect((await postLogin(app, rui)).statusCode).toBe(429);
  });

  it('let exactly five wrong current passwords reach the check; the rest are 429', async () => {
    const pia = { username: 'pia.novak', password: 'pia novak passphrase' };
    await reviewer(app, pia);
    const { cookie } = await signIn(app, pia);
    await enrol(app, cookie, pia.password);

    const replies = await Promise.all(
      Array.from({ length: 30 }, (_, i) => post(app, DISABLE, cookie, { currentPassword: `pia novak guess ${i}` })),
    );
    const statuses = replies.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 400)).toHaveLength(PASSWORD_CHECKS.limit);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30 - PASSWORD_CHECKS.limit);
    expect(await eventsOf(app, cookie, 'password_check_failed')).toHaveLength(PASSWORD_CHECKS.limit);
    expect((await rowOf(app, pia.username)).totpEnabledAt).not.toBeNull();
  });
});
