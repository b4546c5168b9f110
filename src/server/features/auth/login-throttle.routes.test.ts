import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { postLogin, setUpTestApp, TEST_ADMIN } from '#tests/setup/test-app.ts';
import { createAdmin } from '../admins/admins.service.ts';
import { LOGIN_FAILURES_PER_ACCOUNT, SLOWED_GAP_MAX_MS } from './login-throttle.ts';

let now = Date.now();
const t = setUpTestApp({ clock: () => now, signedIn: false });

beforeAll(async () => {
  await createAdmin(t.database.db, TEST_ADMIN);
});
beforeEach(async () => {
  await t.limiter.close();
  now += 3_600_000;
});

const WRONG = { ...TEST_ADMIN, password: 'not the password' };
const ADMINS_HOME = '198.51.100.7';
/** A botnet's addresses: one per attempt, never the same twice. */
const stranger = (i: number) => `203.0.${Math.floor(i / 250)}.${(i % 250) + 1}`;

describe('POST /api/admin/login from many addresses against one account', () => {
  it('slows the attack with 429s and Retry-After, while the admin signs in from their own address', async () => {
    // The admin has signed in from home before, so home is a known address.
    expect((await postLogin(t, TEST_ADMIN, ADMINS_HOME)).statusCode).toBe(200);

    const statuses: number[] = [];
    const retryAfters: number[] = [];
    for (let i = 0; i < 105; i++) {
      const res = await postLogin(t, WRONG, stranger(i));
      statuses.push(res.statusCode);
      if (res.statusCode === 429) retryAfters.push(Number(res.headers['retry-after']));
    }
    // The first failures are answered as usual; after them nearly every attempt waits.
    expect(statuses.slice(0, LOGIN_FAILURES_PER_ACCOUNT.limit).every((status) => status === 401)).toBe(true);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(
      LOGIN_FAILURES_PER_ACCOUNT.limit + 1,
    );
    expect(retryAfters.length).toBeGreaterThan(90);
    for (const seconds of retryAfters) expect(seconds).toBeGreaterThanOrEqual(1);

    // The real admin, from home, is not slowed at all.
    const home = await postLogin(t, TEST_ADMIN, ADMINS_HOME);
    expect(home.statusCode).toBe(200);
  });

  it('lets the admin in from a new address once the gap has passed: slowed, never locked out', async () => {
    for (let i = 0; i < 40; i++) await postLogin(t, WRONG, stranger(i));
    const waiting = await postLogin(t, TEST_ADMIN, '192.0.2.50');
    expect(waiting.statusCode).toBe(429);
    const retryAfter = Number(waiting.headers['retry-after']);
    expect(retryAfter * 1000).toBeLessThanOrEqual(SLOWED_GAP_MAX_MS);

    now += retryAfter * 1000;
    expect((await postLogin(t, TEST_ADMIN, '192.0.2.50')).statusCode).toBe(200);
  });

  it('grows the gap with each failure that gets through', async () => {
    const gaps: number[] = [];
    for (let round = 0; round < 4; round++) {
      let res = await postLogin(t, WRONG, stranger(round * 100));
      for (let i = 1; res.statusCode !== 429 && i < 100; i++)
        res = await postLogin(t, WRONG, stranger(round * 100 + i));
      const gap = Number(res.headers['retry-after']);
      gaps.push(gap);
      now += gap * 1000;
    }
    expect(gaps[1]).toBeGreaterThan(gaps[0] ?? 0);
    expect(gaps[3]).toBeGreaterThan(gaps[1] ?? 0);
  });
});

describe('login limits per address', () => {
  it('counts every address of one IPv6 /64 as one client', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await postLogin(t, WRONG, `2001:db8:1:2:${i}::${i + 1}`);
      expect(res.statusCode).toBe(401);
    }
    const sameNetwork = await postLogin(t, TEST_ADMIN, '2001:db8:1:2:ffff:ffff:ffff:ffff');
    expect(sameNetwork.statusCode).toBe(429);
    expect(Number(sameNetwork.headers['retry-after'])).toBeGreaterThan(0);
    // The neighbouring /64 is someone else.
    expect((await postLogin(t, TEST_ADMIN, '2001:db8:1:3::1')).statusCode).toBe(200);
  });

  it('stops one address guessing across usernames after 30 failures, with Retry-After', async () => {
    for (let i = 0; i < 30; i++) await postLogin(t, { username: `user${i}`, password: 'whatever it is' }, '192.0.2.9');
    const res = await postLogin(t, TEST_ADMIN, '192.0.2.9');
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe('RATE_LIMITED');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});
