import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recruiters } from '#server/db/schema.ts';
import { createTestDatabase } from '#tests/setup/test-db.ts';
import type { Database } from './client.ts';
import { notifyOnCommit, onCommitNotice } from './commit-notices.ts';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

/** The notices heard on a channel, each answering whether the row named `name` was committed when it came. */
function listen(channel: string, name: string) {
  const heard: Promise<boolean>[] = [];
  const stop = onCommitNotice(database.db, channel, () => {
    // Read outside the writing transaction: it sees the row only once that has committed.
    const read = database.db.select({ id: recruiters.id }).from(recruiters).where(eq(recruiters.name, name));
    heard.push(read.then((rows) => rows.length === 1));
  });
  return { heard, stop };
}

class Abandon extends Error {}

describe('commit notices', () => {
  it('are heard once the transaction commits, once per channel however often given', async () => {
    const { heard, stop } = listen('committed', 'Notice Committed');
    await database.db.transaction(async (tx) => {
      await tx.insert(recruiters).values({ name: 'Notice Committed' });
      notifyOnCommit(tx, 'committed');
      notifyOnCommit(tx, 'committed');
      expect(heard).toEqual([]);
    });
    expect(await Promise.all(heard)).toEqual([true]);
    stop();
  });

  it('are never heard when the transaction rolls back', async () => {
    const { heard, stop } = listen('rolled-back', 'Notice Rolled Back');
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(recruiters).values({ name: 'Notice Rolled Back' });
        notifyOnCommit(tx, 'rolled-back');
        throw new Abandon();
      }),
    ).rejects.toBeInstanceOf(Abandon);
    expect(heard).toEqual([]);
    stop();
  });

  it('of a savepoint that rolls back are dropped, of one that commits wait for the outer commit', async () => {
    const kept = listen('kept', 'Notice Kept');
    const dropped = listen('dropped', 'Notice Dropped');
    await database.db.transaction(async (tx) => {
      await tx
        .transaction(async (inner) => {
          notifyOnCommit(inner, 'dropped');
          throw new Abandon();
        })
        .catch(() => {});
      await tx.transaction(async (inner) => {
        await inner.insert(recruiters).values({ name: 'Notice Kept' });
        notifyOnCommit(inner, 'kept');
      });
      expect(kept.heard).toEqual([]);
    });
    expect(await Promise.all(kept.heard)).toEqual([true]);
    expect(dropped.heard).toEqual([]);
    kept.stop();
    dropped.stop();
  });

  it('outside a transaction are heard at once, and not after the listener stopped', async () => {
    const { heard, stop } = listen('autocommit', 'Notice Autocommit');
    await database.db.insert(recruiters).values({ name: 'Notice Autocommit' });
    notifyOnCommit(database.db, 'autocommit');
    expect(await Promise.all(heard)).toEqual([true]);
    stop();
    notifyOnCommit(database.db, 'autocommit');
    expect(heard).toHaveLength(1);
  });

  it('are refused on a handle the database layer did not open', () => {
    const stranger = { transaction: async <T>(work: (tx: never) => Promise<T>) => work(undefined as never) };
    expect(() => notifyOnCommit(stranger, 'outbox')).toThrow(/openDatabase/);
  });
});
