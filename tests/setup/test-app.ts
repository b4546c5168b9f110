import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '#server/app.ts';
import { type Config, testConfig } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { createLocalFileStore, type FileStore } from '#server/lib/file-store.ts';
import { createMemoryRateLimiter, type RateLimiter } from '#server/lib/rate-limiter.ts';
import { spoolDirOf } from '#server/plugins/uploads.ts';
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

/**
 * The app as production builds it, on a fresh database and upload folder (architecture §9.8). `extend`
 * may add test-only routes before the app is ready.
 */
export async function buildTestApp(
  options: {
    config?: Partial<Config>;
    extend?: (app: FastifyInstance) => void;
    logStream?: Writable;
    /** Another store than the local one under the test's data directory (an S3 bucket). */
    store?: FileStore;
    /** The rate limiter's clock, for tests that let a window pass without waiting for it. */
    clock?: () => number;
    /** The alert delivery worker's clock. */
    deliveryClock?: () => Date;
    /** False: the app records alerts but delivers none. */
    shouldDeliverAlerts?: boolean;
    /** An existing database instead of a fresh one (a restart on the same data); the caller closes it. */
    database?: Database;
  } = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'rollick-test-'));
  const database = options.database ?? (await createTestDatabase());
  const uploadsDir = path.join(dataDir, 'uploads');
  const store = options.store ?? createLocalFileStore(uploadsDir);
  const config = testConfig({
    dataDir,
    uploadsDir,
    publicUrl: TEST_ORIGIN,
    clientDir: path.join(dataDir, 'no-client-build'),
    ...options.config,
  });
  const limiter = createMemoryRateLimiter(options.clock);
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
 * Creates an admin (if needed), signs in through the real endpoint and returns the headers a
 * browser on our own pages would send: the session cookie and our Origin.
 */
export async function signIn(t: TestApp, credentials = TEST_ADMIN): Promise<{ cookie: string; origin: string }> {
  const { createAdmin, findAdminByUsername } = await import('#server/features/admins/admins.service.ts');
  if (!(await findAdminByUsername(t.database.db, credentials.username))) {
    await createAdmin(t.database.db, credentials);
  }
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    headers: { origin: TEST_ORIGIN },
    payload: credentials,
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
