import { describe, expect, it } from 'vitest';
import { createSnapshotMemo } from './snapshot-memo.ts';

/** A load that answers what it was asked and counts its calls. */
function counted(reply: string) {
  const calls = { count: 0 };
  const load = async () => {
    calls.count++;
    return reply;
  };
  return { calls, load };
}

const SNAPSHOT = '1207:1209:1207';
const LATER = '1209:1209:';

describe('a snapshot memo', () => {
  it('gives the kept reply under the same snapshot, and reads again under another', async () => {
    const memo = createSnapshotMemo({ maxEntries: 4 });
    const pending = counted('{"items":[],"total":0}');
    expect(await memo.read('pending', SNAPSHOT, pending.load)).toBe('{"items":[],"total":0}');
    expect(await memo.read('pending', SNAPSHOT, pending.load)).toBe('{"items":[],"total":0}');
    expect(pending.calls.count).toBe(1);

    const changed = counted('{"items":[{"name":"Lucía Fernández"}],"total":1}');
    expect(await memo.read('pending', LATER, changed.load)).toContain('Lucía Fernández');
    expect(changed.calls.count).toBe(1);
  });

  it('keeps each question apart', async () => {
    const memo = createSnapshotMemo({ maxEntries: 4 });
    const newest = counted('newest first');
    const oldest = counted('oldest first');
    expect(await memo.read('listed newest', SNAPSHOT, newest.load)).toBe('newest first');
    expect(await memo.read('listed oldest', SNAPSHOT, oldest.load)).toBe('oldest first');
    expect(await memo.read('listed newest', SNAPSHOT, newest.load)).toBe('newest first');
    expect([newest.calls.count, oldest.calls.count]).toEqual([1, 1]);
  });

  it('shares one read among the requests that arrive while it runs', async () => {
    const memo = createSnapshotMemo({ maxEntries: 4 });
    let finish: (reply: string) => void = () => {};
    let calls = 0;
    const load = () => {
      calls++;
      return new Promise<string>((resolve) => {
        finish = resolve;
      });
    };
    const replies = Promise.all([1, 2, 3].map(() => memo.read('matched', SNAPSHOT, load)));
    finish('page');
    expect(await replies).toEqual(['page', 'page', 'page']);
    expect(calls).toBe(1);
  });

  it('keeps no failed read: the next request reads again', async () => {
    const memo = createSnapshotMemo({ maxEntries: 4 });
    const failing = async () => {
      throw new Error('connection terminated');
    };
    await expect(memo.read('pending', SNAPSHOT, failing)).rejects.toThrow('connection terminated');
    const retry = counted('page');
    expect(await memo.read('pending', SNAPSHOT, retry.load)).toBe('page');
    expect(retry.calls.count).toBe(1);
  });

  it('forgets the least recently used question beyond its room', async () => {
    const memo = createSnapshotMemo({ maxEntries: 2 });
    const pages = { a: counted('a'), b: counted('b'), c: counted('c') };
    await memo.read('a', SNAPSHOT, pages.a.load);
    await memo.read('b', SNAPSHOT, pages.b.load);
    await memo.read('a', SNAPSHOT, pages.a.load);
    await memo.read('c', SNAPSHOT, pages.c.load);
    // `b` was the least recently used when `c` came.
    await memo.read('a', SNAPSHOT, pages.a.load);
    await memo.read('b', SNAPSHOT, pages.b.load);
    expect([pages.a.calls.count, pages.b.calls.count, pages.c.calls.count]).toEqual([1, 2, 1]);
  });
});
