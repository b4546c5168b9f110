import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '#server/app.ts';
import { type Config, testConfig } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { createDatabaseRateLimiter } from '#server/lib/database-rate-limiter.ts';
import { createLocalFileStore, type FileStore } from '#server/lib/file-store.ts';
import { createMemoryRateLimiter, type RateLimiter } from '#server/lib/rate-limiter.ts';
import { spoolDirOf } from '#server/plugins/uploads.ts';
import type { AdminRole } from '#shared/admin-roles.ts';
import { checkRepliesAgainstDocument } from './api-contract.ts';
import { createTestDatabase } from './test-db.ts';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  store: FileStore;
  limiter: RateLimiter;
  config: Config;
  close(): Promise<void>;
}

export const TEST_ORIGIN = 'http://localhost:3000';

export interface TestAppOptions {
  config?: Partial<Config>;
  extend?: (app: FastifyInstance) => void;
  logStream?: Writable;
  /** Another store than the local one under the test's data directory (an S3 bucket). */
  store?: FileStore;
  /** The rate limiter's clock, for tests that let a window pass without waiting for it. */
  clock?: () => number;
  /**
   * Where the rate-limit counters live: this process's memory (the embedded database's default, and the one
   * `clock` drives), or the database's `rate_limits` table, as instances sharing PostgreSQL count them.
   */
  limiterStore?: 'memory' | 'database';
  /** Another limiter than those two (Redis); the caller closes it. */
  limiter?: RateLimiter;
  /** The alert delivery worker's clock. */
  deliveryClock?: () => Date;
  /** False: the app records alerts but delivers none. */
  shouldDeliverAlerts?: boolean;
  /** An existing database instead of a fresh one (a restart on the same data); the caller closes it. */
  database?: Database;
}

/**
 * The app as production builds it, on a fresh database and upload folder (architecture §9.8). `extend`
 * may add test-only routes before the app is ready.
 */
export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'rollick-test-'));
  const database = options.database ?? (await createTestDatabase());
  const uploadsDir = path.join(dataDir, 'uploads');
  const store = options.store ?? createLocalFileStore(uploadsDir);
  const config = testConfig({
    dataDir,
    uploadsDir,
    publicUrl: TEST_ORIGIN,
    clientDir: path.join(dataDir, 'no-client-build'),
    // Off unless a test turns it on (captcha.routes.test.ts): the forms' other tests post without solving.
    captcha: { isOn: false, hmacKey: undefined },
    ...options.config,
  });
  const limiter =
    options.limiter ??
    (options.limiterStore === 'database'
      ? createDatabaseRateLimiter(database.db)
      : createMemoryRateLimiter(options.clock));
  const app = await buildApp({
    config,
    database,
    store,
    limiter,
    logStream: options.logStream,
    ...(options.deliveryClock ? { deliveryClock: options.deliveryClock } : {}),
    ...(options.shouldDeliverAlerts === false ? { shouldDeliverAlerts: false } : {}),
  });
  checkRepliesAgainstDocument(app);
  options.extend?.(app);
  await app.ready();
  return {
    app,
    database,
    store,
    limiter,
    config,
    close: async () => {
      await app.close();
      if (!options.database) await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Uploads still spooled to disk: none once every request has ended, however it ended. */
export async function spooledFiles(t: TestApp): Promise<string[]> {
  return readdir(spoolDirOf(t.config)).catch(() => []);
}

export const TEST_ADMIN = { username: 'alice', password: 'correct horse battery' };

/**
 * What a browser on our own pages sends with an admin's calls: the session cookie and our Origin. A type,
 * not an interface, so it passes as `inject`'s headers record.
 */
export type AdminHeaders = { cookie: string; origin: string };

/** An admin to sign in as; created with `role` (an owner unless said) if there is none of that name. */
export interface TestAdmin {
  username: string;
  password: string;
  role?: AdminRole;
}

/** Creates an admin (if needed), signs in through the real endpoint and returns the headers to send. */
export async function signIn(t: TestApp, admin: TestAdmin = TEST_ADMIN): Promise<AdminHeaders> {
  const { createAdmin, findAdminByUsername } = await import('#server/features/admins/admins.service.ts');
  if (!(await findAdminByUsername(t.database.db, admin.username))) {
    await createAdmin(t.database.db, admin);
  }
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    headers: { origin: TEST_ORIGIN },
    payload: { username: admin.username, password: admin.password },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === 'rollick_session');
  if (!cookie) throw new Error('sign-in set no session cookie');
  return { cookie: `rollick_session=${cookie.value}`, origin: TEST_ORIGIN };
}

/** The cookie header of a successful login reply. */
export function sessionCookieOf(res: { cookies: { name: string; value: string }[] }): string {
  const cookie = res.cookies.find((c) => c.name === 'rollick_session');
  if (!cookie) throw new Error('no session cookie was set');
  return `rollick_session=${cookie.value}`;
}

/** POST /api/admin/login from an address, as a browser on our pages sends it. */
export function postLogin(t: TestApp, payload: object, remoteAddress = '127.0.0.1') {
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    headers: { origin: TEST_ORIGIN },
    payload,
    remoteAddress,
  });
}

/** A test file's app: ready inside its tests and hooks, closed after them. */
export interface FileTestApp extends TestApp {
  /** TEST_ADMIN's headers, signed in before the tests (unless `signedIn: false`). */
  readonly headers: AdminHeaders;
  /** Another admin's headers, signed in before the tests; call it where `setUpTestApp` is called. */
  signedInAs(admin: TestAdmin): AdminHeaders;
}

export interface SetUpTestAppOptions extends TestAppOptions {
  /** False: no admin is signed in (public routes, or tests that make their own first admin). */
  signedIn?: boolean;
  /** Options that exist only once the file's earlier hooks ran (an S3 bucket, a client build on disk). */
  lateOptions?: () => TestAppOptions;
}

/**
 * One line of set-up (fastify/demo's `build(t)`): registers the hooks that build the app before the tests of
 * the file (or of the `describe` it is called in), sign TEST_ADMIN in, and close it all after them.
 */
export function setUpTestApp(options: SetUpTestAppOptions = {}): FileTestApp {
  const { signedIn: isSignedIn = true, lateOptions, ...buildOptions } = options;
  let built: TestApp | undefined;
  const ready = (): TestApp => {
    if (!built) throw new Error('the test app is ready only inside tests and hooks that run after it is built');
    return built;
  };

  /** Headers whose cookie is read when they are sent, so they may be named before the sign-in ran. */
  const lateHeaders = (session: () => AdminHeaders | undefined, who: string): AdminHeaders => ({
    get cookie() {
      const signedIn = session();
      if (!signedIn) throw new Error(`${who} is signed in only inside tests and hooks after the app is built`);
      return signedIn.cookie;
    },
    origin: TEST_ORIGIN,
  });

  const signedInAs = (admin: TestAdmin): AdminHeaders => {
    let session: AdminHeaders | undefined;
    beforeAll(async () => {
      session = await signIn(ready(), admin);
    });
    return lateHeaders(() => session, admin.username);
  };

  beforeAll(async () => {
    built = await buildTestApp({ ...buildOptions, ...lateOptions?.() });
  });
  const close = async () => {
    const closing = built;
    built = undefined;
    await closing?.close();
  };
  afterAll(close);
  const headers = isSignedIn ? signedInAs(TEST_ADMIN) : lateHeaders(() => undefined, 'no admin (signedIn: false)');

  return {
    get app() {
      return ready().app;
    },
    get database() {
      return ready().database;
    },
    get store() {
      return ready().store;
    },
    get limiter() {
      return ready().limiter;
    },
    get config() {
      return ready().config;
    },
    close,
    headers,
    signedInAs,
  };
}
