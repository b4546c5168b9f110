import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '#server/app.ts';
import { type Config, testConfig } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { createLocalFileStore, type FileStore } from '#server/lib/file-store.ts';
import { createTestDatabase } from './test-db.ts';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  store: FileStore;
  config: Config;
  close(): Promise<void>;
}

export const TEST_ORIGIN = 'http://localhost:3000';

/**
 * The app as production builds it, on a fresh database and upload folder (STYLE §8). `extend`
 * may add test-only routes before the app is ready.
 */
export async function buildTestApp(
  options: { config?: Partial<Config>; extend?: (app: FastifyInstance) => void } = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'rollick-test-'));
  const database = await createTestDatabase();
  const store = createLocalFileStore(path.join(dataDir, 'uploads'));
  const config = testConfig({
    dataDir,
    publicUrl: TEST_ORIGIN,
    clientDir: path.join(dataDir, 'no-client-build'),
    ...options.config,
  });
  const app = await buildApp({ config, database, store });
  options.extend?.(app);
  await app.ready();
  return {
    app,
    database,
    store,
    config,
    close: async () => {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
