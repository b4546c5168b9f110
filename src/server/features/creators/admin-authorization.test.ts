import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminSessions, admins } from '#server/db/schema.ts';
import { hashToken } from '#server/lib/tokens.ts';
import type { AdminRole } from '#shared/admin-roles.ts';
import { type Route, routesOf } from '#tests/setup/route-table.ts';
import { buildTestApp, setUpTestApp, signIn, TEST_ADMIN, TEST_ORIGIN, type TestApp } from '#tests/setup/test-app.ts';
import { createAdmin, findAdminByUsername } from '../admins/admins.service.ts';
import { createSession } from '../admins/sessions.service.ts';

/**
 * The authorization matrix, generated from the app's own route table: a route added later under
 * /api/admin is covered without anyone remembering to list it here.
 */

/** Reachable without a session (login, auth status); each is checked below to really be public. */
const PUBLIC_ROUTES = new Set(['POST /api/admin/login', 'GET /api/admin/auth-status', 'HEAD /api/admin/auth-status']);
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Sample values for path parameters; any well-formed value will do, since the session check comes first. */
const PARAM_SAMPLES: Record<string, string> = {
  creatorId: 'RC-23456789',
  status: 'pending',
  id: randomUUID(),
  key: `${'a'.repeat(32)}.jpg`,
  sessionId: randomUUID(),
  jobId: randomUUID(),
  purpose: 'first_contact',
  language: 'es',
};

/**
 * What only an owner may do (decision 021): delete and merge creators (decision 062), manage recruiters, manage
 * admins, word the message templates (decision 060), import creators (decision 061), keep the cancel reasons and the
 * tags (decision 063). Every other protected route is a reviewer's too, so a route added later is open to reviewers
 * unless it is listed here.
 */
const OWNER_ONLY = new Set([
  'DELETE /api/admin/creators/:creatorId',
  'POST /api/admin/creators/:creatorId/merge',
  'POST /api/admin/recruiters',
  'PATCH /api/admin/recruiters/:id',
  'DELETE /api/admin/recruiters/:id',
  'GET /api/admin/admins',
  'POST /api/admin/admins',
  'POST /api/admin/admins/:id/disable',
  'POST /api/admin/admins/:id/enable',
  'POST /api/admin/admins/:id/reset-two-factor',
  'PUT /api/admin/message-templates/:purpose/:language',
  'DELETE /api/admin/message-templates/:purpose/:language',
  'POST /api/admin/cancel-reasons',
  'PATCH /api/admin/cancel-reasons/:id',
  'DELETE /api/admin/cancel-reasons/:id',
  'POST /api/admin/tags',
  'PATCH /api/admin/tags/:id',
  'DELETE /api/admin/tags/:id',
  'POST /api/admin/creators/import/dry-run',
  'POST /api/admin/creators/import',
]);

/** What an admin whom REQUIRE_2FA asks to enrol may still reach: their account, its enrolment, logout. */
const BEFORE_ENROLMENT = new Set([
  'GET /api/admin/account',
  'POST /api/admin/account/two-factor/setup',
  'POST /api/admin/account/two-factor/confirm',
  'POST /api/admin/logout',
]);

/** A HEAD route answers as its GET does; a prefix's `/` route is also reachable with the slash. */
const keyOf = (route: Route) =>
  `${route.method === 'HEAD' ? 'GET' : route.method} ${route.url.replace(/(.)\/$/, '$1')}`;

function concreteUrl(url: string): string {
  return url.replace(/:(\w+)/g, (_, name: string) => {
    const sample = PARAM_SAMPLES[name];
    if (!sample) throw new Error(`No sample value for path parameter :${name}; add one to PARAM_SAMPLES`);
    return sample;
  });
}

const t = setUpTestApp();
let adminRoutes: Route[];
let protectedRoutes: Route[];
let cookie: string;

beforeAll(async () => {
  ({ cookie } = t.headers);
  adminRoutes = routesOf(t.app).filter((route) => route.url.startsWith('/api/admin'));
  protectedRoutes = adminRoutes.filter((route) => !PUBLIC_ROUTES.has(`${route.method} ${route.url}`));
});

/** Routes whose query is required: a valid one, so a session that gets through is answered. */
const QUERY_SAMPLES: Readonly<Record<string, string>> = { '/api/admin/creators/search': '?q=Lena' };

const request = (route: Route, headers: Record<string, string>) =>
  t.app.inject({
    method: route.method as 'GET',
    url: concreteUrl(route.url) + (QUERY_SAMPLES[route.url] ?? ''),
    headers,
  });

/** A session past its absolute expiry, made fresh for each call because resolving it deletes it. */
async function expiredSessionCookie(): Promise<string> {
  const admin = await findAdminByUsername(t.database.db, TEST_ADMIN.username);
  if (!admin) throw new Error('no test admin');
  const policy = { idleMs: t.config.sessionIdleMs, absoluteMs: t.config.sessionAbsoluteMs };
  const longAgo = new Date(Date.now() - t.config.sessionAbsoluteMs - 60_000);
  const { token } = await createSession(t.database.db, admin.id, policy, longAgo);
  return `rollick_session=${token}`;
}

describe('the /api/admin route table', () => {
  it('is found and covers every feature mounted under /api/admin', () => {
    const keys = protectedRoutes.map((route) => `${route.method} ${route.url}`);
    expect(keys).toEqual(
      expect.arrayContaining([
        'POST /api/admin/logout',
        'GET /api/admin/creators',
        'GET /api/admin/creators/summary',
        'GET /api/admin/creators/status/:status',
        'GET /api/admin/creators/:creatorId',
        'POST /api/admin/creators/:creatorId/send-stage2',
        'PATCH /api/admin/creators/:creatorId/status',
        'PATCH /api/admin/creators/:creatorId/list-directly',
        'POST /api/admin/creators/:creatorId/notes',
        'DELETE /api/admin/creators/:creatorId',
        'POST /api/admin/creators/bulk',
        'GET /api/admin/creators/export.csv',
        'GET /api/admin/creators/:creatorId/export.zip',
        'GET /api/admin/recruiters/:id/listings/export.csv',
        'GET /api/admin/recruiters',
        'POST /api/admin/recruiters',
        'PATCH /api/admin/recruiters/:id',
        'DELETE /api/admin/recruiters/:id',
        'GET /api/admin/recruiters/:id/listings',
        'GET /api/admin/files/:key',
        'GET /api/admin/deliveries',
        'POST /api/admin/deliveries/:id/retry',
        'GET /api/admin/insights',
        'GET /api/admin/account',
        'POST /api/admin/account/password',
        'GET /api/admin/account/sessions',
        'DELETE /api/admin/account/sessions/:sessionId',
        'GET /api/admin/account/security-log',
        'POST /api/admin/account/two-factor/setup',
        'POST /api/admin/account/two-factor/confirm',
        'POST /api/admin/account/two-factor/disable',
        ...OWNER_ONLY,
      ]),
    );
  });

  it('lists as public only routes that really answer without a session', async () => {
    const publicRoutes = adminRoutes.filter((route) => PUBLIC_ROUTES.has(`${route.method} ${route.url}`));
    expect(publicRoutes).toHaveLength(PUBLIC_ROUTES.size);
    for (const route of publicRoutes) {
      const res = await request(route, { origin: TEST_ORIGIN });
      expect(res.statusCode, `${route.method} ${route.url}`).not.toBe(401);
    }
  });
});

describe('every protected /api/admin route', () => {
  it('answers 401 without a session', async () => {
    for (const route of protectedRoutes) {
      const res = await request(route, { origin: TEST_ORIGIN });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      if (route.method !== 'HEAD') expect(res.json().code).toBe('UNAUTHENTICATED');
    }
  });

  it('answers 401 to a forged session cookie', async () => {
    for (const route of protectedRoutes) {
      const res = await request(route, { origin: TEST_ORIGIN, cookie: `rollick_session=${'A'.repeat(43)}` });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it('answers 401 to an expired session', async () => {
    for (const route of protectedRoutes) {
      const res = await request(route, { origin: TEST_ORIGIN, cookie: await expiredSessionCookie() });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it('answers 403 to a state-changing call from a foreign origin, even with a valid session', async () => {
    const changing = adminRoutes.filter((route) => STATE_CHANGING.has(route.method));
    expect(changing.length).toBeGreaterThan(8);
    for (const route of changing) {
      const res = await request(route, { origin: 'https://evil.example', cookie });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN_ORIGIN');
    }
  });

  it('lets a valid session through (the matrix is not refusing everything)', async () => {
    for (const route of protectedRoutes.filter((r) => !STATE_CHANGING.has(r.method))) {
      const res = await request(route, { origin: TEST_ORIGIN, cookie });
      expect([200, 404], `${route.method} ${route.url}`).toContain(res.statusCode);
    }
  });
});

/** Signs a fresh admin of that role in; each test gets its own, so no session ends another test's. */
async function sessionOf(role: AdminRole, app: TestApp = t): Promise<string> {
  const credentials = { username: `${role}-${randomUUID().slice(0, 8)}`, password: 'a long test password' };
  await createAdmin(app.database.db, { ...credentials, role });
  return (await signIn(app, credentials)).cookie;
}

/** Logout would end the very session the loop uses; it is tested in auth.routes.test.ts. */
const exceptLogout = (route: Route) => route.url !== '/api/admin/logout';

describe('roles over every protected /api/admin route', () => {
  it('refuses a reviewer with 403 exactly on the owner-only routes', async () => {
    const cookie = await sessionOf('reviewer');
    for (const route of protectedRoutes.filter(exceptLogout)) {
      const res = await request(route, { origin: TEST_ORIGIN, cookie });
      const label = `${route.method} ${route.url}`;
      if (OWNER_ONLY.has(keyOf(route))) {
        expect(res.statusCode, label).toBe(403);
        if (route.method !== 'HEAD') expect(res.json().code, label).toBe('FORBIDDEN');
      } else {
        expect([401, 403], label).not.toContain(res.statusCode);
      }
    }
  });

  it('lets an owner reach every route', async () => {
    const cookie = await sessionOf('owner');
    for (const route of protectedRoutes.filter(exceptLogout)) {
      const res = await request(route, { origin: TEST_ORIGIN, cookie });
      expect([401, 403], `${route.method} ${route.url}`).not.toContain(res.statusCode);
    }
  });

  it('lists only routes that exist as owner-only', () => {
    const keys = new Set(protectedRoutes.map(keyOf));
    for (const key of [...OWNER_ONLY, ...BEFORE_ENROLMENT]) expect(keys.has(key), key).toBe(true);
  });
});

describe('every protected /api/admin route under REQUIRE_2FA', () => {
  it('answers 403 to an admin who has not enrolled, but for the account, its enrolment and logout', async () => {
    const strict = await buildTestApp({ config: { requireTwoFactor: true } });
    try {
      for (const role of ['owner', 'reviewer'] as const) {
        const cookie = await sessionOf(role, strict);
        for (const route of protectedRoutes.filter(exceptLogout)) {
          const res = await strict.app.inject({
            method: route.method as 'GET',
            url: concreteUrl(route.url),
            headers: { origin: TEST_ORIGIN, cookie },
          });
          const label = `${role} ${route.method} ${route.url}`;
          if (BEFORE_ENROLMENT.has(keyOf(route))) expect([401, 403], label).not.toContain(res.statusCode);
          else expect(res.statusCode, label).toBe(403);
        }
      }
    } finally {
      await strict.close();
    }
  });
});

describe('a disabled admin', () => {
  it('is answered 401 on every protected route with a session opened before', async () => {
    const cookie = await sessionOf('owner');
    const token = cookie.split('=')[1] ?? '';
    const [session] = await t.database.db
      .select()
      .from(adminSessions)
      .where(eq(adminSessions.idHash, hashToken(token)));
    // Disabled directly in the database, as if the owner's request and this one crossed.
    await t.database.db
      .update(admins)
      .set({ disabledAt: new Date() })
      .where(eq(admins.id, session?.adminId ?? ''));
    for (const route of protectedRoutes) {
      const res = await request(route, { origin: TEST_ORIGIN, cookie });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });
});
