import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '#server/db/client.ts';

/** Where browser tests' servers find the migrated data directory they start from (tests/e2e/support/server.ts). */
export const E2E_DATA_TEMPLATE = 'ROLLICK_E2E_DATA_TEMPLATE';

/**
 * Every browser file starts a production server on a new data directory, whose embedded database took seconds
 * to create and migrate each time. It is made once here, and each server starts from a copy of it.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const dir = await mkdtemp(path.join(tmpdir(), 'rollick-e2e-template-'));
  const database = await openDatabase({ driver: 'pglite', dataDir: dir });
  await database.close();
  process.env[E2E_DATA_TEMPLATE] = dir;
  return () => rm(dir, { recursive: true, force: true });
}
