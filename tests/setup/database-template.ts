import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '#server/db/client.ts';
import { PGLITE_EXTENSIONS } from '#server/db/pglite-extensions.ts';
import { MIGRATIONS_DIR } from '#server/lib/paths.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data directory, saved once per run: each test file's database starts as a copy. */
    pgliteSnapshot?: string;
    /** A migrated PostgreSQL database each test file's database is created from. */
    postgresTemplate?: string;
  }
}

/**
 * Migrating an empty database took several seconds per test file, most of the server suite's time on two
 * cores. It is done once here; each file then copies the result (tests/setup/test-db.ts).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  return project.name === 'server-postgres' ? postgresTemplate(project) : pgliteSnapshot(project);
}

async function pgliteSnapshot(project: TestProject) {
  const dir = await mkdtemp(path.join(tmpdir(), 'rollick-snapshot-'));
  const file = path.join(dir, 'migrated.tar');
  const database = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  try {
    await migrate(drizzle(database), { migrationsFolder: MIGRATIONS_DIR });
    const tarball = await database.dumpDataDir('none');
    await writeFile(file, Buffer.from(await tarball.arrayBuffer()));
  } finally {
    await database.close();
  }
  project.provide('pgliteSnapshot', file);
  return () => rm(dir, { recursive: true, force: true });
}

async function postgresTemplate(project: TestProject) {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error('server-postgres needs TEST_DATABASE_URL');
  const name = `rollick_template_${randomBytes(6).toString('hex')}`;
  await adminQuery(baseUrl, `create database "${name}"`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ driver: 'postgres', url: url.toString(), poolSize: 1 });
  // A template may have no open connection while it is copied.
  await database.close();
  project.provide('postgresTemplate', name);
  return () => adminQuery(baseUrl, `drop database if exists "${name}" with (force)`);
}

async function adminQuery(baseUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
