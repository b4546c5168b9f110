import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { knownMigrations } from '#server/db/migrator.ts';

/**
 * What a backup holds of the database (docs/decisions/039): every table of the `public` schema, as one
 * JSON object per row, except these two, which a restored install is better off without: sessions (everyone
 * signs in again on the restored server) and rate-limit counters (a passing state, not data).
 */
export const TABLES_LEFT_OUT = new Set(['admin_sessions', 'rate_limits']);

export async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** SQL's quoting of a name, for the table and column names read from the catalogue. */
export const quoteName = (name: string) => `"${name.replace(/"/g, '""')}"`;

export interface TableShape {
  name: string;
  /** Stored columns, in order; generated ones are left out (the database computes them again). */
  columns: string[];
}

/** The tables a backup holds, with the columns it writes and a restore fills. */
export async function backedUpTables(db: DbOrTx): Promise<TableShape[]> {
  const rows = await rowsOf<{ table_name: string; column_name: string }>(
    db,
    sql`select c.table_name, c.column_name
        from information_schema.columns c
        join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
        where c.table_schema = 'public' and t.table_type = 'BASE TABLE' and c.is_generated = 'NEVER'
        order by c.table_name, c.ordinal_position`,
  );
  const tables = new Map<string, string[]>();
  for (const { table_name: table, column_name: column } of rows) {
    if (TABLES_LEFT_OUT.has(table)) continue;
    const columns = tables.get(table) ?? [];
    columns.push(column);
    tables.set(table, columns);
  }
  return [...tables].map(([name, columns]) => ({ name, columns }));
}

/**
 * The tables in an order that loads without breaking a foreign key: every table after those it refers
 * to. A cycle would need deferred constraints, which the schema has none of; it is reported, not guessed.
 */
export async function loadOrder(db: DbOrTx, names: string[]): Promise<string[]> {
  const edges = await rowsOf<{ child: string; parent: string }>(
    db,
    sql`select child.relname as child, parent.relname as parent
        from pg_constraint c
        join pg_class child on child.oid = c.conrelid
        join pg_class parent on parent.oid = c.confrelid
        join pg_namespace n on n.oid = child.relnamespace
        where c.contype = 'f' and n.nspname = 'public' and child.relname <> parent.relname`,
  );
  const wanted = new Set(names);
  const parents = new Map<string, Set<string>>(names.map((name) => [name, new Set()]));
  for (const { child, parent } of edges) {
    if (wanted.has(child) && wanted.has(parent)) parents.get(child)?.add(parent);
  }
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < names.length) {
    const ready = [...names].filter(
      (name) => !placed.has(name) && [...(parents.get(name) ?? [])].every((p) => placed.has(p)),
    );
    if (ready.length === 0)
      throw new Error('The tables refer to each other in a cycle; they cannot be loaded in order');
    for (const name of ready.sort()) {
      ordered.push(name);
      placed.add(name);
    }
  }
  return ordered;
}

/** The newest migration applied to the database, by this build's name for it; null when this build does not know it. */
export async function lastAppliedMigration(db: DbOrTx): Promise<{ tag: string | null; when: number }> {
  const [last] = await rowsOf<{ created_at: string | number }>(
    db,
    sql`select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
  );
  const when = Number(last?.created_at ?? 0);
  const known = knownMigrations().find((entry) => entry.when === when);
  return { tag: known?.tag ?? null, when };
}
