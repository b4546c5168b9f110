import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { freePort } from '#tests/e2e/support/server.ts';
import { createScratchDatabase } from '#tests/setup/test-db.ts';
import { LOCK_FILE } from './db/data-dir-lock.ts';
import { applyMigrations, knownMigrations, pgliteRunner, pgRunner, type SqlRunner } from './db/migrator.ts';
import { startPgliteThread } from './db/pglite-thread.ts';
import { PROJECT_ROOT } from './lib/paths.ts';

const isPostgres = process.env.TEST_DB_DRIVER === 'postgres';
const newest = knownMigrations().at(-1) as { tag: string; when: number };

let dataDir: string;
let databaseUrl: string | undefined;
let dropDatabase = async () => {};

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'rollick-upgrade-'));
  if (isPostgres) {
    const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL ?? '');
    databaseUrl = scratch.url;
    dropDatabase = scratch.drop;
  }
});
afterEach(async () => {
  await dropDatabase();
  await rm(dataDir, { recursive: true, force: true });
});

/** Works on the database the server will open, as an earlier run of some version left it. */
async function prepare(work: (runner: SqlRunner) => Promise<void>): Promise<void> {
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await work(pgRunner(client));
    } finally {
      await client.end();
    }
    return;
  }
  const thread = await startPgliteThread({ dataDir: path.join(dataDir, 'db') });
  try {
    await work(pgliteRunner(thread));
  } finally {
    await thread.close();
  }
}

/** Starts the server from source as `npm run dev` does, in production mode; resolves when it exits. */
async function startServer(): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/index.ts'], {
    cwd: PROJECT_ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(await freePort()),
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  // A server that did start must not outlive the test, holding its data directory.
  onTestFinished(async () => {
    child.kill('SIGKILL');
    await exited;
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const code = await exited;
  return { code, output };
}

async function bookkeeping(runner: SqlRunner): Promise<number[]> {
  const rows = await runner.query<{ created_at: string }>(
    'select created_at from drizzle.__drizzle_migrations order by id',
  );
  return rows.map((row) => Number(row.created_at));
}

function onlyLine(output: string): Record<string, unknown> {
  const lines = output.trim().split('\n');
  expect(lines, output).toHaveLength(1);
  return JSON.parse(lines[0] ?? '');
}

describe('server start-up against the database’s migrations', () => {
  it('refuses a database migrated by a newer version, in one JSON line naming both migrations', async () => {
    const future = { tag: '0016_creator_languages', when: newest.when + 86_400_000 };
    await prepare(async (runner) => {
      await applyMigrations(runner);
      // As a next version leaves it: its migration recorded, and named for older versions to read.
      await runner.query('insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)', [
        'f'.repeat(64),
        future.when,
      ]);
      await runner.query('insert into drizzle.migration_names (created_at, tag) values ($1, $2)', [
        future.when,
        future.tag,
      ]);
    });

    const { code, output } = await startServer();

    expect(code).toBe(1);
    const line = onlyLine(output);
    expect(line).toMatchObject({ level: 60, newestKnownMigration: newest.tag, databaseMigration: future.tag });
    expect(line.msg).toContain(future.tag);
    expect(line.msg).toContain(newest.tag);
    expect(line.msg).toMatch(/Run the newer version, or restore the backup taken before the upgrade/);
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  }, 180_000);

  it('applies nothing when a migration fails, says which in one JSON line, and releases the data directory', async () => {
    const last = knownMigrations().at(-2) as { tag: string; when: number };
    let before: number[] = [];
    await prepare(async (runner) => {
      await applyMigrations(runner, { upTo: last.tag });
      // An index the next migration creates late, made by hand first, so that statement fails.
      await runner.query('create index "saved_views_shared_idx" on "creators" ("created_at")');
      before = await bookkeeping(runner);
    });

    const { code, output } = await startServer();

    expect(code).toBe(1);
    expect(onlyLine(output)).toMatchObject({
      level: 60,
      migration: `${newest.tag}.sql`,
      databaseError: 'relation "saved_views_shared_idx" already exists',
    });
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
    await prepare(async (runner) => {
      expect(await bookkeeping(runner)).toEqual(before);
      // The migration's earlier statements were rolled back with the failing one.
      expect(await runner.query("select to_regclass('saved_views') as name")).toEqual([{ name: null }]);
      expect(await runner.query("select 1 from pg_indexes where indexname = 'saved_views_owner_name_key'")).toEqual([]);
    });
  }, 180_000);
});
