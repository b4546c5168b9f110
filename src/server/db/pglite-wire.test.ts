import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PGLITE_EXTENSIONS } from './pglite-extensions.ts';
import { postgresModule } from './pglite-thread.ts';
import { createWire, type Wire, type WireQuery } from './pglite-wire.ts';

let pg: PGlite;
let wire: Wire;

const statement = (sql: string, params: unknown[] = [], rowMode: WireQuery['rowMode'] = 'object') => ({
  sql,
  params,
  rowMode,
  parsers: {},
});

/** The names of the statements the connection holds prepared. */
async function prepared(): Promise<string[]> {
  const { rows } = await pg.query<{ name: string }>('select name from pg_prepared_statements order by name');
  return rows.map((row) => row.name);
}

beforeAll(async () => {
  // The test run's migrated database (tests/setup/database-template.ts): a copy opens in a fraction of initdb's time.
  const snapshot = inject('pgliteSnapshot');
  pg = await PGlite.create({
    pgliteWasmModule: await postgresModule(),
    extensions: PGLITE_EXTENSIONS,
    ...(snapshot ? { loadDataDir: new Blob([await readFile(snapshot)]) } : {}),
  });
  wire = createWire(pg, 4);
  await pg.exec(`
    create table applicants (
      id uuid primary key default gen_random_uuid(),
      creator_id text not null unique,
      name text not null,
      age int,
      earnings bigint,
      rating numeric(4, 2),
      is_listed boolean not null default false,
      answers jsonb,
      tags text[],
      photo bytea,
      created_at timestamptz not null default now()
    );
  `);
});
afterAll(() => pg.close());

describe('statements on the embedded database in one crossing', () => {
  it('sends and reads back every kind of value as PGlite’s own query does', async () => {
    const insert = `insert into applicants (creator_id, name, age, earnings, rating, is_listed, answers, tags, photo, created_at)
      values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning *`;
    const params = [
      'RC-2026-0417',
      'Łucja Wiśniewska “Lu” 🌸',
      27,
      9_007_199_254_740_993n,
      '4.75',
      true,
      { goals: 'Grow past 10k fans', niches: ['fitness', 'travel'] },
      ['verified', 'priority'],
      new Uint8Array([0, 1, 254, 255]),
      new Date('2026-11-27T09:15:00.250Z'),
    ];
    const ours = await wire.query(statement(insert, params), false);
    const theirs = await pg.query('select * from applicants where creator_id = $1', ['RC-2026-0417']);
    expect(ours.rows).toEqual(theirs.rows);
    expect(ours.fields).toEqual(theirs.fields);
    expect(ours.affectedRows).toBe(1);
    expect(ours.rows[0]).toMatchObject({
      name: 'Łucja Wiśniewska “Lu” 🌸',
      earnings: 9_007_199_254_740_993n,
      answers: { goals: 'Grow past 10k fans', niches: ['fitness', 'travel'] },
      tags: ['verified', 'priority'],
      photo: new Uint8Array([0, 1, 254, 255]),
      created_at: new Date('2026-11-27T09:15:00.250Z'),
    });

    const nulls = await wire.query(
      statement(
        'insert into applicants (creator_id, name, age, answers) values ($1, $2, $3, $4) returning age, answers',
        ['RC-2026-0418', 'Amara Okafor', null, undefined],
      ),
      false,
    );
    expect(nulls.rows).toEqual([{ age: null, answers: null }]);
  });

  it('answers rows as arrays, keeps types the caller wants as text, and counts the rows a change touched', async () => {
    const arrays = await wire.query(
      {
        ...statement('select creator_id, created_at from applicants order by creator_id', [], 'array'),
        parsers: { 1184: (text) => text },
      },
      false,
    );
    expect(arrays.rows).toEqual([
      ['RC-2026-0417', '2026-11-27 09:15:00.25+00'],
      ['RC-2026-0418', expect.any(String)],
    ]);
    const updated = await wire.query(
      statement('update applicants set is_listed = $1 where age is null or age > $2', [true, 18]),
      false,
    );
    expect(updated).toMatchObject({ rows: [], fields: [], affectedRows: 2 });
  });

  it('reports PostgreSQL’s error fields, and the connection goes on serving', async () => {
    const error = await wire
      .query(statement('insert into applicants (creator_id, name) values ($1, $2)', ['RC-2026-0417', 'Copy']), false)
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      message: 'duplicate key value violates unique constraint "applicants_creator_id_key"',
      code: '23505',
      constraint: 'applicants_creator_id_key',
      table: 'applicants',
      detail: 'Key (creator_id)=(RC-2026-0417) already exists.',
    });
    await expect(wire.query(statement('select nonsense from applicants'), false)).rejects.toMatchObject({
      code: '42703',
    });
    expect((await wire.query(statement('select count(*)::int as count from applicants'), false)).rows).toEqual([
      { count: 2 },
    ]);
  });

  it('prepares a text once, and keeps no more prepared statements than it may', async () => {
    const byAge = 'select name from applicants where age = $1';
    await wire.query(statement(byAge, [27]), false);
    const held = await prepared();
    await wire.query(statement(byAge, [28]), false);
    expect(await prepared()).toEqual(held);

    for (const limit of [1, 2, 3, 4, 5, 6]) {
      await wire.query(statement(`select name from applicants limit ${limit}`), false);
    }
    // The oldest are closed with the next crossing; the kept four remain.
    await wire.query(statement('select 1 as one'), false);
    expect((await prepared()).length).toBeLessThanOrEqual(5);

    // A list of many ids runs once, unkept: the database keeps no plan for it.
    const before = await prepared();
    const ids = Array.from({ length: 500 }, (_, index) => `RC-2026-${String(index).padStart(4, '0')}`);
    const placeholders = ids.map((_, index) => `$${index + 1}`).join(', ');
    const listed = await wire.query(
      statement(`select name from applicants where creator_id in (${placeholders}) order by name`, ids),
      false,
    );
    expect(listed.rows).toEqual([{ name: 'Amara Okafor' }, { name: 'Łucja Wiśniewska “Lu” 🌸' }]);
    expect(await prepared()).toEqual(before);
  });

  it('reads a table in its new shape after the schema changes, inside a transaction and after it rolls back', async () => {
    const everything = statement('select * from applicants where creator_id = $1', ['RC-2026-0418']);
    expect(Object.keys((await wire.query(everything, false)).rows[0] as object)).not.toContain('country');

    await wire.query(statement('alter table applicants add column country text'), false);
    expect(Object.keys((await wire.query(everything, false)).rows[0] as object)).toContain('country');

    await wire.command('BEGIN', true);
    await wire.query(statement('alter table applicants drop column country'), true);
    expect(Object.keys((await wire.query(everything, true)).rows[0] as object)).not.toContain('country');
    expect(await wire.command('ROLLBACK', false)).toBe('ROLLBACK');
    expect(Object.keys((await wire.query(everything, false)).rows[0] as object)).toContain('country');
  });

  it('prepares a statement afresh when its table changed shape behind it, by another connection’s hand', async () => {
    const everything = statement('select * from applicants where creator_id = $1', ['RC-2026-0417']);
    await wire.query(everything, false);
    await pg.exec('alter table applicants add column city text');
    expect((await wire.query(everything, false)).rows[0]).toHaveProperty('city', null);
  });

  it('says when COMMIT rolled back a transaction an error had already failed', async () => {
    await wire.command('BEGIN', true);
    await expect(wire.query(statement('select 1 / 0'), true)).rejects.toMatchObject({ code: '22012' });
    expect(await wire.command('COMMIT', false)).toBe('ROLLBACK');
  });
});
