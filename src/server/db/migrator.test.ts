import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createScratchRunner, migrationsWithNext, type ScratchRunner } from '#tests/setup/scratch-runner.ts';
import { openDatabase, openEmbeddedEarly } from './client.ts';
import { LOCK_FILE } from './data-dir-lock.ts';
import {
  applyMigrations,
  DatabaseAheadError,
  knownMigrations,
  MigrationFailedError,
  migrationState,
  pgliteRunner,
  type SqlRunner,
} from './migrator.ts';
import { startPgliteThread } from './pglite-thread.ts';

/** A next version's migration that adds a table and a column, then trips over a table that does not exist. */
const BROKEN_NEXT = {
  tag: '9000_creator_languages',
  sql: [
    'CREATE TABLE "creator_languages" ("creator_id" uuid NOT NULL, "language" text NOT NULL);',
    'ALTER TABLE "creators" ADD COLUMN "preferred_language" text;',
    'INSERT INTO "creator_languages" ("creator_id", "language") SELECT "id", "language" FROM "creator_profiles";',
  ].join('--> statement-breakpoint\n'),
};

const known = knownMigrations();
const tags = known.map(({ tag }) => tag);

async function bookkeeping(runner: SqlRunner) {
  const rows = await runner.query<{ hash: string; created_at: string | number }>(
    'select hash, created_at from drizzle.__drizzle_migrations order by id',
  );
  return rows.map((row) => ({ hash: row.hash, when: Number(row.created_at) }));
}

async function exists(runner: SqlRunner, relation: string): Promise<boolean> {
  const [row] = await runner.query<{ name: string | null }>('select to_regclass($1)::text as name', [relation]);
  return row?.name != null;
}

async function hasColumn(runner: SqlRunner, table: string, column: string): Promise<boolean> {
  const rows = await runner.query(
    'select 1 from information_schema.columns where table_schema = current_schema() and table_name = $1 and column_name = $2',
    [table, column],
  );
  return rows.length > 0;
}

let scratch: ScratchRunner;
beforeEach(async () => {
  scratch = await createScratchRunner();
});
afterEach(() => scratch.close());

describe('applyMigrations', () => {
  it('applies every migration of an empty database, recording drizzle hashes and the names', async () => {
    const { runner } = scratch;
    expect(await applyMigrations(runner)).toEqual({ applied: tags });

    const recorded = await bookkeeping(runner);
    expect(recorded.map(({ when }) => when)).toEqual(known.map(({ when }) => when));
    expect(recorded.every(({ hash }) => /^[0-9a-f]{64}$/.test(hash))).toBe(true);
    const state = await migrationState(runner);
    expect(state.applied).toEqual(known.map(({ tag, when }) => ({ tag, when })));
    expect(state.isAhead).toBe(false);
    expect(await applyMigrations(runner)).toEqual({ applied: [] });
  }, 60_000);

  it('stops at upTo, and the next run applies the rest', async () => {
    const { runner } = scratch;
    expect(await applyMigrations(runner, { upTo: '0010_funnel_insights' })).toEqual({ applied: tags.slice(0, 11) });
    expect(await exists(runner, 'funnel_visits')).toBe(true);
    expect((await migrationState(runner)).applied.at(-1)?.tag).toBe('0010_funnel_insights');

    expect(await applyMigrations(runner)).toEqual({ applied: tags.slice(11) });
    expect(await exists(runner, 'creators_find_name_idx')).toBe(true);
  }, 60_000);

  it('sees a database migrated by drizzle’s own migrator as up to date, and names its migrations', async () => {
    const { runner } = scratch;
    await scratch.migrateWithDrizzle();
    const before = await bookkeeping(runner);
    expect(await exists(runner, 'drizzle.migration_names')).toBe(false);

    const state = await migrationState(runner);
    expect(state.isAhead).toBe(false);
    expect(state.applied.map(({ tag }) => tag)).toEqual(tags);
    expect(await applyMigrations(runner)).toEqual({ applied: [] });
    expect(await bookkeeping(runner)).toEqual(before);
    const names = await runner.query<{ tag: string }>('select tag from drizzle.migration_names order by created_at');
    expect(names.map(({ tag }) => tag)).toEqual(tags);
  }, 60_000);

  it('writes the hashes drizzle’s own migrator writes', async () => {
    const { runner } = scratch;
    await scratch.migrateWithDrizzle();
    const drizzles = await bookkeeping(runner);
    await runner.query('drop schema drizzle cascade');
    await runner.query('drop schema public cascade');
    await runner.query('create schema public');
    await applyMigrations(runner);
    expect(await bookkeeping(runner)).toEqual(drizzles);
  }, 60_000);

  it('applies nothing when a statement fails, and names the migration and the database’s error', async () => {
    const { runner } = scratch;
    await applyMigrations(runner, { upTo: tags.at(-2) });
    const before = await bookkeeping(runner);
    const next = await migrationsWithNext(BROKEN_NEXT);
    try {
      const failure = await applyMigrations(runner, { migrationsDir: next.dir }).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(MigrationFailedError);
      expect(failure).toMatchObject({
        migration: '9000_creator_languages.sql',
        cause: 'relation "creator_profiles" does not exist',
      });
    } finally {
      await next.remove();
    }
    // Neither the failing migration's first statements nor the pending known one before it.
    expect(await exists(runner, 'creator_languages')).toBe(false);
    expect(await hasColumn(runner, 'creators', 'preferred_language')).toBe(false);
    expect(await bookkeeping(runner)).toEqual(before);
    // The session is usable afterwards: the transaction was rolled back.
    expect(await applyMigrations(runner)).toEqual({ applied: [tags.at(-1)] });
  }, 60_000);

  it('refuses a database migrated by a newer version, naming its migration', async () => {
    const { runner } = scratch;
    const next = await migrationsWithNext({ tag: '9000_creator_languages', sql: 'SELECT 1;' });
    try {
      expect(await applyMigrations(runner, { migrationsDir: next.dir })).toEqual({
        applied: [...tags, '9000_creator_languages'],
      });
      const before = await bookkeeping(runner);

      const state = await migrationState(runner);
      expect(state.isAhead).toBe(true);
      expect(state.newestKnown.tag).toBe(tags.at(-1));
      expect(state.applied.at(-1)).toEqual({ tag: '9000_creator_languages', when: next.when });
      const refusal = await applyMigrations(runner).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(DatabaseAheadError);
      expect((refusal as Error).message).toMatch(
        new RegExp(`has migration 9000_creator_languages, .* up to ${tags.at(-1)}`),
      );
      expect(await bookkeeping(runner)).toEqual(before);
    } finally {
      await next.remove();
    }
  }, 60_000);
});

describe('openDatabase with a failing migration', () => {
  it.skipIf(process.env.TEST_DB_DRIVER === 'postgres')(
    'throws MigrationFailedError and releases the data directory',
    async () => {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'rollick-migrate-'));
      const next = await migrationsWithNext(BROKEN_NEXT);
      try {
        const opening = openDatabase({ driver: 'pglite', dataDir, migrationsDir: next.dir });
        await expect(opening).rejects.toBeInstanceOf(MigrationFailedError);
        expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
        // A first start: not even the first migration was kept, as all of them were one transaction.
        const thread = await startPgliteThread({ dataDir: path.join(dataDir, 'db') });
        try {
          expect(await exists(pgliteRunner(thread), 'creators')).toBe(false);
          expect(await exists(pgliteRunner(thread), 'drizzle.__drizzle_migrations')).toBe(false);
        } finally {
          await thread.close();
        }
      } finally {
        await next.remove();
        await rm(dataDir, { recursive: true, force: true });
      }
    },
    120_000,
  );

  it.skipIf(process.env.TEST_DB_DRIVER === 'postgres')(
    'fails the statements given while it opened with that same error, opened early as the server does',
    async () => {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'rollick-migrate-'));
      const next = await migrationsWithNext(BROKEN_NEXT);
      try {
        const { database, opened } = openEmbeddedEarly({ driver: 'pglite', dataDir, migrationsDir: next.dir });
        // drizzle sends a statement once it is awaited or `then` is called: `then` sends it now.
        const early = database.db.execute(sql`select count(*) from creators`).then((result) => result);
        await expect(opened).rejects.toBeInstanceOf(MigrationFailedError);
        // The driver reports a failed statement as its own error, the database's reason as its cause.
        const failed = (await early.catch((error: unknown) => error)) as Error;
        expect(failed.cause).toBeInstanceOf(MigrationFailedError);
        expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
        await database.close();
      } finally {
        await next.remove();
        await rm(dataDir, { recursive: true, force: true });
      }
    },
    120_000,
  );
});

describe('the embedded database opened early (decision 057)', () => {
  it.skipIf(process.env.TEST_DB_DRIVER === 'postgres')(
    'holds the statements given before it serves until it is migrated, in the order given',
    async () => {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'rollick-early-'));
      try {
        const { database, opened } = openEmbeddedEarly({ driver: 'pglite', dataDir });
        const { db } = database;
        // Given at once, before PostgreSQL has started on its thread: they wait for the migrated schema. drizzle
        // sends a statement once `then` is called, so each is sent here, in this order.
        const inserted = db
          .execute(sql`insert into recruiters (name) values ('Harbour Talent') returning name`)
          .then((result) => result as unknown as { rows: { name: string }[] });
        const counted = db
          .execute(sql`select count(*)::int as n from recruiters`)
          .then((result) => result as unknown as { rows: { n: number }[] });
        const transferred = db.transaction(async (tx) => {
          await tx.execute(sql`insert into recruiters (name) values ('Northern Scouts')`);
          return 'committed';
        });
        expect((await inserted).rows).toEqual([{ name: 'Harbour Talent' }]);
        expect((await counted).rows).toEqual([{ n: 1 }]);
        expect(await transferred).toBe('committed');
        await opened;
        expect(await database.ping()).toBe(true);
        await database.close();
        // Closed and released: the directory opens again, with what was written.
        const again = await openDatabase({ driver: 'pglite', dataDir });
        try {
          const names = (await again.db.execute(sql`select name from recruiters order by name`)) as unknown as {
            rows: { name: string }[];
          };
          expect(names.rows.map((row) => row.name)).toEqual(['Harbour Talent', 'Northern Scouts']);
        } finally {
          await again.close();
        }
      } finally {
        await rm(dataDir, { recursive: true, force: true });
      }
    },
    120_000,
  );
});
