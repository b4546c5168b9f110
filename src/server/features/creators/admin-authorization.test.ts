import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signIn, TEST_ADMIN, TEST_ORIGIN, type TestApp } from '../../../../tests/setup/test-app.ts';
import { findAdminByUsername } from '../admins/admins.service.ts';
import { createSession } from '../auth/sessions.service.ts';

/**
 * The authorization matrix, generated from the app's own route table: a route added later under
 * /api/admin is covered without anyone remembering to list it here.
 */

interface Route {
  method: string;
  url: string;
}

/** Reachable without a session (login, auth status); each is checked below to really be public. */
const PUBLIC_ROUTES = new Set(['POST /api/admin/login', 'GET /api/admin/auth-status', 'HEAD /api/admin/auth-status']);
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Sample values for path parameters; any well-formed value will do, since the session check comes first. */
const PARAM_SAMPLES: Record<string, string> = {
  creatorId: 'RC-23456789',
  status: 'pending',
  id: randomUUID(),
  key: `${'a'.repeat(32)}.jpg`,
};

/** Reads `app.printRoutes({ commonPrefix: false })`: each tree line is a path segment and its methods. */
function parseRouteTree(tree: string): Route[] {
  const routes: Route[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(\S+)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    const path = (stack[depth - 1] ?? '') + (match[2] ?? '');
    stack[depth] = path;
    stack.length = depth + 1;
    for (const method of (match[3] ?? '').split(',').map((m) => m.trim())) {
      if (method) routes.push({ method, url: path });
    }
  }
  return routes;
}

function concreteUrl(url: string): string {
  return url.replace(/:(\w+)/g, (_, name: string) => {
    const sample = PARAM_SAMPLES[name];
    if (!sample) throw new Error(`No sample value for path parameter :${name}; add one to PARAM_SAMPLES`);
    return sample;
  });
}

let t: TestApp;
let adminRoutes: Route[];
let protectedRoutes: Route[];
let cookie: string;

beforeAll(async () => {
  t = await buildTestApp();
  ({ cookie } = await signIn(t));
  const all = parseRouteTree(t.app.printRoutes({ commonPrefix: false }));
  const unique = new Map(all.map((route) => [`${route.method} ${route.url}`, route]));
  adminRoutes = [...unique.values()].filter((route) => route.url.startsWith('/api/admin'));
  protectedRoutes = adminRoutes.filter((route) => !PUBLIC_ROUTES.has(`${route.method} ${route.url}`));
});
afterAll(() => t.close());

const request = (route: Route, headers: Record<string, string>) =>
  t.app.inject({ method: route.method as 'GET', url: concreteUrl(route.url), headers });

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
        'DELETE /api/admin/creators/:creatorId',
        'GET /api/admin/recruiters',
        'POST /api/admin/recruiters',
        'PATCH /api/admin/recruiters/:id',
        'DELETE /api/admin/recruiters/:id',
        'GET /api/admin/recruiters/:id/listings',
        'GET /api/admin/files/:key',
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
