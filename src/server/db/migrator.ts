import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { MIGRATIONS_DIR } from '../lib/paths.ts';
import type { PgliteQueryable } from './pglite-thread.ts';

/**
 * The schema's migrations (drizzle/, written by drizzle-kit), applied by the server itself at start-up.
 * The bookkeeping stays drizzle's own table, `drizzle.__drizzle_migrations`, one row per migration with the
 * journal's `when` as `created_at`, so databases migrated before keep their history. Beside it,
 * `drizzle.migration_names` maps each `when` to its migration's name: a build meeting a database migrated by
 * a newer one can say which migration that was, and refuse to serve it (docs/upgrading.md).
 */

/** One connection or session: the migrator opens and ends its transaction itself through it. */
export interface SqlRunner {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
}

export interface KnownMigration {
  tag: string;
  when: number;
}

export interface MigrationState {
  /** What the database records, oldest first; `tag` is null for a migration no build named to it. */
  applied: { when: number; tag: string | null }[];
  newestKnown: KnownMigration;
  /** The database holds a migration newer than this build's newest: it was upgraded past this build. */
  isAhead: boolean;
}

export interface MigratorOptions {
  /** Tests point the migrator at a folder of their own; the build's drizzle/ otherwise. */
  migrationsDir?: string;
}

export class DatabaseAheadError extends Error {
  constructor(
    readonly newestKnown: KnownMigration,
    readonly databaseNewest: { when: number; tag: string | null },
  ) {
    super(
      `The database was migrated by a newer version of the server: it has migration ${describe(databaseNewest)}, ` +
        `this version knows migrations up to ${newestKnown.tag} only. Run the newer version, or restore the ` +
        'backup taken before the upgrade (docs/upgrading.md).',
    );
    this.name = 'DatabaseAheadError';
  }
}

export class MigrationFailedError extends Error {
  /**
   * @param migration the migration's .sql file name
   * @param cause the database's message, without the statement's parameters
   */
  constructor(
    readonly migration: string,
    override readonly cause: string,
  ) {
    super(`Migration ${migration} failed: ${cause}. Nothing was applied; the database is as it was before.`);
    this.name = 'MigrationFailedError';
  }
}

const describe = ({ tag, when }: { when: number; tag: string | null }) =>
  tag ?? `of ${new Date(when).toISOString()} (unknown to this version)`;

interface Journal {
  entries: { tag: string; when: number }[];
}

const BREAKPOINT = '--> statement-breakpoint';

function readJournal(dir: string): KnownMigration[] {
  const journal = JSON.parse(readFileSync(path.join(dir, 'meta', '_journal.json'), 'utf8')) as Journal;
  return journal.entries.map(({ tag, when }) => ({ tag, when }));
}

/** The migrations this build carries, oldest first, as the journal lists them. */
export function knownMigrations(options: MigratorOptions = {}): KnownMigration[] {
  return readJournal(options.migrationsDir ?? MIGRATIONS_DIR);
}

interface MigrationFile extends KnownMigration {
  file: string;
  /** drizzle's hash: SHA-256 of the file's text, which databases migrated by drizzle already record. */
  hash: string;
  statements: string[];
}

function readMigration(dir: string, entry: KnownMigration): MigrationFile {
  const file = `${entry.tag}.sql`;
  const text = readFileSync(path.join(dir, file), 'utf8');
  return {
    ...entry,
    file,
    hash: createHash('sha256').update(text).digest('hex'),
    statements: text.split(BREAKPOINT).filter((statement) => statement.trim() !== ''),
  };
}

const BOOKKEEPING = [
  'create schema if not exists drizzle',
  'create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)',
  'create table if not exists drizzle.migration_names (created_at bigint primary key, tag text not null)',
];

async function readApplied(runner: SqlRunner, known: KnownMigration[]): Promise<MigrationState['applied']> {
  const [tables] = await runner.query<{ migrations: string | null; names: string | null }>(
    "select to_regclass('drizzle.__drizzle_migrations')::text as migrations, to_regclass('drizzle.migration_names')::text as names",
  );
  if (!tables?.migrations) return [];
  const rows = await runner.query<{ when: string | number; tag: string | null }>(
    tables.names
      ? 'select m.created_at as "when", n.tag from drizzle.__drizzle_migrations m left join drizzle.migration_names n on n.created_at = m.created_at where m.created_at is not null order by m.created_at'
      : 'select created_at as "when", null as tag from drizzle.__drizzle_migrations where created_at is not null order by created_at',
  );
  const knownTags = new Map(known.map((migration) => [migration.when, migration.tag]));
  return rows.map((row) => {
    const when = Number(row.when);
    return { when, tag: row.tag ?? knownTags.get(when) ?? null };
  });
}

function stateOf(applied: MigrationState['applied'], known: KnownMigration[]): MigrationState {
  const newestKnown = known.at(-1);
  if (!newestKnown) throw new Error('The migrations journal lists no migration');
  const newestApplied = applied.at(-1);
  return { applied, newestKnown, isAhead: newestApplied !== undefined && newestApplied.when > newestKnown.when };
}

/** What the database has applied, against what this build knows. Reads only; creates nothing. */
export async function migrationState(runner: SqlRunner, options: MigratorOptions = {}): Promise<MigrationState> {
  const known = knownMigrations(options);
  return stateOf(await readApplied(runner, known), known);
}

async function rollback(runner: SqlRunner): Promise<void> {
  // A connection that broke has ended its transaction already; the original error is the one to report.
  await runner.query('rollback').catch(() => {});
}

/**
 * Applies the pending migrations, up to and including `upTo` when given, in one transaction: all of them or
 * none. Pending, as drizzle has it, means newer than the newest recorded. Refuses a database that is ahead of
 * this build; a failing statement rolls everything back and is reported with its migration's file.
 */
export async function applyMigrations(
  runner: SqlRunner,
  options: MigratorOptions & { upTo?: string } = {},
): Promise<{ applied: string[] }> {
  const dir = options.migrationsDir ?? MIGRATIONS_DIR;
  const known = readJournal(dir);
  const stop = options.upTo === undefined ? known.length : known.findIndex(({ tag }) => tag === options.upTo) + 1;
  if (stop === 0) throw new Error(`No migration ${options.upTo} in this version's migrations`);

  await runner.query('begin');
  try {
    for (const statement of BOOKKEEPING) await runner.query(statement);
    const state = stateOf(await readApplied(runner, known), known);
    const newestApplied = state.applied.at(-1);
    if (state.isAhead && newestApplied) throw new DatabaseAheadError(state.newestKnown, newestApplied);
    const lastWhen = newestApplied?.when ?? Number.NEGATIVE_INFINITY;

    // Names of migrations applied before this table existed, so an older build can name them too.
    for (const { tag, when } of known.filter((migration) => migration.when <= lastWhen)) {
      await runner.query(
        'insert into drizzle.migration_names (created_at, tag) values ($1, $2) on conflict (created_at) do nothing',
        [when, tag],
      );
    }

    const pending = known.slice(0, stop).filter((migration) => migration.when > lastWhen);
    for (const entry of pending) {
      const migration = readMigration(dir, entry);
      for (const statement of migration.statements) {
        try {
          await runner.query(statement);
        } catch (error) {
          throw new MigrationFailedError(migration.file, error instanceof Error ? error.message : String(error));
        }
      }
      await runner.query('insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)', [
        migration.hash,
        migration.when,
      ]);
      await runner.query(
        'insert into drizzle.migration_names (created_at, tag) values ($1, $2) on conflict (created_at) do update set tag = excluded.tag',
        [migration.when, migration.tag],
      );
    }
    await runner.query('commit');
    return { applied: pending.map(({ tag }) => tag) };
  } catch (error) {
    await rollback(runner);
    throw error;
  }
}

/** A node-postgres connection (a pool's client, held for the whole run, or a client of its own). */
export function pgRunner(client: pg.PoolClient | pg.Client): SqlRunner {
  return {
    query: async <T>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as T[],
  };
}

/** The embedded database's thread (pglite-thread.ts), outside its own transactions: one session either way. */
export function pgliteRunner(client: PgliteQueryable): SqlRunner {
  return {
    query: async <T>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as T[],
  };
}
