import { getTableName, sql } from 'drizzle-orm';
import { creators, stage2Submissions } from '#server/db/schema.ts';
import type { TestApp } from '#tests/setup/test-app.ts';
import { CREATOR_CHILD_TABLES } from './creator-merge-children.ts';

/**
 * What the merge tests compare before and after (decision 062): the files against the rows that name them, and
 * everything the database holds about one creator.
 */

/** Files the store holds that no row names (orphans), and keys rows name that the store lacks (missing). */
export async function storeMatchesRows(t: TestApp): Promise<{ orphans: string[]; missing: string[] }> {
  const stored = new Set<string>();
  for await (const file of t.store.list()) stored.add(file.key);
  const { db } = t.database;
  const named = new Set<string>();
  for (const row of await db.select({ key: creators.photoKey }).from(creators)) if (row.key) named.add(row.key);
  const stage2 = await db
    .select({ screenshot: stage2Submissions.revenueScreenshotKey, images: stage2Submissions.imageKeys })
    .from(stage2Submissions);
  for (const row of stage2) for (const key of [row.screenshot, ...row.images]) if (key) named.add(key);
  return {
    orphans: [...stored].filter((key) => !named.has(key)).sort(),
    missing: [...named].filter((key) => !stored.has(key)).sort(),
  };
}

/**
 * The creator's row and how many rows of each table with a foreign key to it name it (tables without any left
 * out): `{}` once nothing anywhere names the creator.
 */
export async function tableState(t: TestApp, id: string): Promise<Record<string, unknown>> {
  const { db } = t.database;
  const state: Record<string, unknown> = {};
  const [row] = await db.select().from(creators).where(sql`${creators.id} = ${id}`);
  if (row) state.creators = { ...row, photoHash: row.photoHash?.toString() ?? null };
  for (const child of CREATOR_CHILD_TABLES) {
    const { rows } = (await db.execute(
      sql`select count(*)::int as n from ${child.table} where ${sql.identifier(child.creator.name)} = ${id}`,
    )) as unknown as { rows: { n: number }[] };
    const count = rows[0]?.n ?? 0;
    if (count > 0) state[getTableName(child.table)] = count;
  }
  return state;
}

/** The tables whose foreign keys point at `creators`, as the database itself knows them. */
export async function tablesReferencingCreators(t: TestApp): Promise<string[]> {
  const { rows } = (await t.database.db.execute(
    sql`select distinct c.conrelid::regclass::text as name from pg_constraint c
      where c.contype = 'f' and c.confrelid = 'creators'::regclass order by 1`,
  )) as unknown as { rows: { name: string }[] };
  return rows.map((row) => row.name);
}
