import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { pgliteRunner, pgRunner, type SqlRunner } from '#server/db/migrator.ts';
import { startPgliteThread } from '#server/db/pglite-thread.ts';
import { MIGRATIONS_DIR } from '#server/lib/paths.ts';
import { createScratchDatabase } from './test-db.ts';

export interface ScratchRunner {
  runner: SqlRunner;
  /** Migrates as the server did before it had a migrator of its own: drizzle's `migrate`. */
  migrateWithDrizzle(): Promise<void>;
  close(): Promise<void>;
}

/**
 * An empty database on the driver the project runs (TEST_DB_DRIVER), with one session to it: an embedded
 * database in memory on its thread, or a new PostgreSQL database dropped on close.
 */
export async function createScratchRunner(): Promise<ScratchRunner> {
  if (process.env.TEST_DB_DRIVER !== 'postgres') {
    const thread = await startPgliteThread({});
    return {
      runner: pgliteRunner(thread),
      migrateWithDrizzle: () =>
        migratePglite(drizzlePglite(thread as unknown as PGlite), { migrationsFolder: MIGRATIONS_DIR }),
      close: () => thread.close(),
    };
  }
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error('TEST_DB_DRIVER=postgres needs TEST_DATABASE_URL');
  const scratch = await createScratchDatabase(baseUrl);
  const client = new pg.Client({ connectionString: scratch.url });
  await client.connect();
  return {
    runner: pgRunner(client),
    migrateWithDrizzle: () => migratePg(drizzlePg(client), { migrationsFolder: MIGRATIONS_DIR }),
    close: async () => {
      await client.end();
      await scratch.drop();
    },
  };
}

/**
 * A copy of the build's migrations folder with one more migration after its last, as a next version would
 * ship it; removed by `remove`.
 */
export async function migrationsWithNext(next: { tag: string; sql: string }): Promise<{
  dir: string;
  when: number;
  remove(): Promise<void>;
}> {
  const dir = await mkdtemp(path.join(tmpdir(), 'rollick-migrations-'));
  await cp(MIGRATIONS_DIR, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: Record<string, unknown>[] };
  const last = journal.entries.at(-1) as { idx: number; when: number };
  const when = last.when + 86_400_000;
  journal.entries.push({ idx: last.idx + 1, version: '7', when, tag: next.tag, breakpoints: true });
  await writeFile(journalPath, JSON.stringify(journal, null, 2));
  await writeFile(path.join(dir, `${next.tag}.sql`), next.sql);
  return { dir, when, remove: () => rm(dir, { recursive: true, force: true }) };
}
