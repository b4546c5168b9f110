import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Creator, CreatorPage } from '#shared/replies/creators.ts';
import { insertCreator, insertCreators } from '#tests/factories.ts';
import { setUpTestApp } from '#tests/setup/test-app.ts';

const t = setUpTestApp();
const { headers } = t;

const ids = (list: Creator[]) => list.map((creator) => creator.id);

/** Raw SQL rows; both drivers answer with `rows`. */
async function rowsOf<T>(query: SQL): Promise<T[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function page(url: string): Promise<CreatorPage> {
  const res = await t.app.inject({ method: 'GET', url, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Every id of a status list, newest first, as the database orders them. */
async function expectedOrder(status: 'stage2_submitted'): Promise<string[]> {
  const rows = await rowsOf<{ id: string }>(
    sql`select id from creators where status = ${status} order by created_at desc, id desc`,
  );
  return rows.map((row) => row.id);
}

describe('a status page between commits (decision 064)', () => {
  const dialect = new PgDialect();
  /** How many times the page's rows were read from the database while `work` ran. */
  async function pageReads(work: () => Promise<void>): Promise<number> {
    const execute = vi.spyOn(t.database.db, 'execute');
    try {
      await work();
      return execute.mock.calls
        .map(([query]) => dialect.sqlToQuery(query as SQL).sql)
        .filter((text) => text.includes('from "creators"')).length;
    } finally {
      execute.mockRestore();
    }
  }

  /**
   * Reads `url` twice with no commit between. PostgreSQL's snapshot covers the whole cluster, so another test
   * file's commit on another database moves it too: the pair is read again until no commit fell between.
   */
  async function readTwiceUnderOneSnapshot(url: string) {
    const snapshot = async () => (await rowsOf<{ s: string }>(sql`select pg_current_snapshot()::text as s`))[0]?.s;
    for (let attempt = 0; attempt < 20; attempt++) {
      await rowsOf(sql`select txid_current()`);
      const before = await snapshot();
      let first: CreatorPage | undefined;
      let again: CreatorPage | undefined;
      const reads = await pageReads(async () => {
        first = await page(url);
        again = await page(url);
      });
      if ((await snapshot()) === before) return { reads, first, again };
    }
    throw new Error('Something was committed between every pair of reads');
  }

  beforeAll(async () => {
    await insertCreators(t.database.db, 60, { status: 'stage2_submitted' });
  });

  it('is read once while nothing is committed, and again after any commit, whoever made it', async () => {
    const url = '/api/admin/creators/status/stage2_submitted?page=first';
    const { reads, first, again } = await readTwiceUnderOneSnapshot(url);
    expect(reads).toBe(1);
    expect(again).toEqual(first);

    // A write that no route of this server made, as another instance's or the admin command's would be.
    const [newest] = first?.items ?? [];
    await rowsOf(sql`update creators set name = 'Ines Duarte' where id = ${newest?.id ?? ''}`);
    let renamed: CreatorPage | undefined;
    expect(
      await pageReads(async () => {
        renamed = await page(url);
      }),
    ).toBe(1);
    expect(renamed?.items[0]).toMatchObject({ id: newest?.id, name: 'Ines Duarte' });

    // A change through the API: the creator leaves the page and its total at once.
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/creators/${newest?.creatorId}/status`,
      headers,
      payload: { status: 'listed', rollickListingUrl: 'https://rollick.example/creators/ines-duarte' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await page(url);
    expect(after.total).toBe((renamed?.total ?? 0) - 1);
    expect(ids(after.items)).not.toContain(newest?.id);
  });

  it('reads the waiting filter each time, since the clock moves it without a commit', async () => {
    await insertCreator(t.database.db, { name: 'Yuki Tanaka' });
    await rowsOf(sql`update creators set created_at = now() - interval '30 hours' where name = 'Yuki Tanaka'`);
    const url = '/api/admin/creators/status/pending?sla=due';
    const reads = await pageReads(async () => {
      expect((await page(url)).items.map((c) => c.name)).toContain('Yuki Tanaka');
      expect((await page(url)).items.map((c) => c.name)).toContain('Yuki Tanaka');
    });
    expect(reads).toBeGreaterThanOrEqual(2);
  });

  it('keeps one page for each question: another order is read on its own', async () => {
    const expected = await expectedOrder('stage2_submitted');
    const newest = await page('/api/admin/creators/status/stage2_submitted?page=first');
    const oldest = await page('/api/admin/creators/status/stage2_submitted?page=first&sort=oldest');
    expect(ids(newest.items)).toEqual(expected.slice(0, 50));
    expect(ids(oldest.items)).toEqual([...expected].reverse().slice(0, 50));
  });
});
