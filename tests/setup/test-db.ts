import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '#server/db/client.ts';

/**
 * A fresh, migrated database for one test file. PGlite in memory by default; with
 * TEST_DB_DRIVER=postgres, a new database created next to TEST_DATABASE_URL's and dropped on close,
 * so files never see each other's rows (architecture §7).
 */
export async function createTestDatabase(): Promise<Database> {
  // Both start from a database migrated once for the run (tests/setup/database-template.ts), when there is one.
  if (process.env.TEST_DB_DRIVER !== 'postgres') {
    const snapshot = inject('pgliteSnapshot');
    return openDatabase({ driver: 'pglite', ...(snapshot ? { snapshot } : {}) });
  }

  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error('TEST_DB_DRIVER=postgres needs TEST_DATABASE_URL');
  const scratch = await createScratchDatabase(baseUrl, inject('postgresTemplate'));
  const database = await openDatabase({ driver: 'postgres', url: scratch.url, poolSize: 4 });
  return {
    ...database,
    close: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}

/** A database created next to `baseUrl`'s (empty, or a copy of `template`), for one test file or one cluster. */
export async function createScratchDatabase(
  baseUrl: string,
  template?: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `rollick_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"${template ? ` template "${template}"` : ''}`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: baseUrl });
      await dropper.connect();
      try {
        await dropper.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
