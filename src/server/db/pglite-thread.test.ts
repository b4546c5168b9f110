import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  databaseOpening,
  EmbeddedDatabaseError,
  type PgliteThread,
  prestartPgliteThread,
  startPgliteThread,
} from './pglite-thread.ts';

let thread: PgliteThread;

beforeAll(async () => {
  thread = await startPgliteThread({});
  await thread.query('create table things (id int primary key, name text not null)');
});
afterAll(() => thread.close());

/** A promise the test settles by hand. */
function deferred() {
  let resolve: () => void = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('the embedded database thread', () => {
  it('answers queries with rows in either mode and parameters of any type', async () => {
    await thread.query('insert into things values ($1, $2)', [1, 'one']);
    expect((await thread.query('select id, name from things where id = $1', [1])).rows).toEqual([
      { id: 1, name: 'one' },
    ]);
    const arrays = await thread.query('select id, name from things', [], { rowMode: 'array' });
    expect(arrays.rows).toEqual([[1, 'one']]);
  });

  it("passes dates through as PostgreSQL's text when asked to, as drizzle does", async () => {
    const identity = (value: string) => value;
    const res = await thread.query("select timestamptz '2026-01-02 03:04:05+00' as at", [], {
      parsers: { 1184: identity },
    });
    expect(typeof (res.rows[0] as { at: unknown }).at).toBe('string');
    await expect(thread.query('select 1', [], { parsers: { 1184: () => 'changed' } })).rejects.toThrow(
      /pass-through parsers/,
    );
  });

  it("reports PostgreSQL's error fields, such as the code of a unique violation", async () => {
    await thread.query('insert into things values (2, $1)', ['two']);
    const error = await thread.query('insert into things values (2, $1)', ['again']).catch((caught) => caught);
    expect(error).toBeInstanceOf(EmbeddedDatabaseError);
    expect(error).toMatchObject({ code: '23505', constraint: 'things_pkey' });
  });

  it('commits a transaction as a whole and rolls it back on failure', async () => {
    await thread.transaction(async (tx) => {
      await tx.query("insert into things values (10, 'ten')");
      await tx.query("insert into things values (11, 'eleven')");
    });
    await expect(
      thread.transaction(async (tx) => {
        await tx.query("insert into things values (12, 'twelve')");
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const ids = (await thread.query('select id from things where id >= 10 order by id')).rows;
    expect(ids).toEqual([{ id: 10 }, { id: 11 }]);
  });

  it('holds other queries back until an open transaction ends', async () => {
    const gate = deferred();
    const order: string[] = [];
    const transaction = thread.transaction(async (tx) => {
      await tx.query("insert into things values (20, 'twenty')");
      await gate.promise;
      order.push('commit');
    });
    const outside = thread.query('select count(*)::int as n from things where id = 20').then((res) => {
      order.push('outside');
      return res.rows;
    });
    gate.resolve();
    await transaction;
    // The outside query ran after the commit, so it saw the row.
    expect(await outside).toEqual([{ n: 1 }]);
    expect(order).toEqual(['commit', 'outside']);
  });

  it('refuses calls once closed', async () => {
    const other = await startPgliteThread({});
    await other.query('select 1');
    await other.close();
    expect(other.closed).toBe(true);
    await expect(other.query('select 1')).rejects.toThrow(/closed/);
  });
});

describe('closing the embedded database thread', () => {
  it('ends a transaction still open as it closes, rolled back, instead of waiting for it for ever', async () => {
    const own = await startPgliteThread({});
    await own.query('create table things (id int primary key)');
    const inside = deferred();
    const goOn = deferred();
    const work = own.transaction(async (tx) => {
      await tx.query('insert into things values (1)');
      inside.resolve();
      await goOn.promise;
      await tx.query('insert into things values (2)');
    });
    await inside.promise;
    const closing = own.close();
    goOn.resolve();
    await expect(work).rejects.toThrow(/closed/);
    await closing;
    expect(own.closed).toBe(true);
  });
});

describe('a thread started ahead of its database', () => {
  it('is taken by the next start, told its database, and serves it', async () => {
    prestartPgliteThread();
    const own = await startPgliteThread({});
    await databaseOpening();
    try {
      expect((await own.query('select 40 + 2 as answer')).rows).toEqual([{ answer: 42 }]);
    } finally {
      await own.close();
    }
  });

  it('fails the queries sent while it opens a database that cannot be opened, with the reason, instead of hanging', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'rollick-thread-'));
    const notADirectory = path.join(dir, 'db');
    await writeFile(notADirectory, 'a file where the database should be');
    prestartPgliteThread();
    const own = await startPgliteThread({ dataDir: notADirectory });
    try {
      await expect(own.query('select 1')).rejects.toThrow();
    } finally {
      await own.close().catch(() => {});
      await rm(dir, { recursive: true, force: true });
    }
  });
});
