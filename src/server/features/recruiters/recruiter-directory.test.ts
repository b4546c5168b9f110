import { describe, expect, it } from 'vitest';
import { createRecruiterDirectory, type SelectableRecruiter } from './recruiter-directory.ts';

/** A load that counts its calls and answers what `rows` holds at the time. */
function counter(rows: SelectableRecruiter[][]) {
  const calls = { count: 0 };
  const load = async () => {
    calls.count += 1;
    return rows[calls.count - 1] ?? [];
  };
  return { calls, load };
}

const ana = { id: '1', name: 'Ana' };
const bo = { id: '2', name: 'Bo' };

describe('createRecruiterDirectory', () => {
  it('reads once for readers at the same time and then answers from memory', async () => {
    const { calls, load } = counter([[ana]]);
    const directory = createRecruiterDirectory(load);
    expect(await Promise.all([directory.list(), directory.list()])).toEqual([[ana], [ana]]);
    expect(await directory.list()).toEqual([ana]);
    expect(calls.count).toBe(1);
  });

  it('reads again after an invalidation, or once the list is older than its maximum age', async () => {
    let time = 0;
    const { calls, load } = counter([[ana], [ana, bo], [bo]]);
    const directory = createRecruiterDirectory(load, { maxAgeMs: 1000, now: () => time });
    expect(await directory.list()).toEqual([ana]);
    directory.invalidate();
    expect(await directory.list()).toEqual([ana, bo]);
    time = 999;
    expect(await directory.list()).toEqual([ana, bo]);
    time = 1000;
    expect(await directory.list()).toEqual([bo]);
    expect(calls.count).toBe(3);
  });

  it('does not keep a failed read, nor a read that an invalidation overtook', async () => {
    let fail = true;
    let calls = 0;
    const directory = createRecruiterDirectory(async () => {
      calls += 1;
      if (fail) throw new Error('database unavailable');
      return [ana];
    });
    await expect(directory.list()).rejects.toThrow('database unavailable');
    fail = false;
    expect(await directory.list()).toEqual([ana]);

    directory.invalidate();
    const overtaken = directory.list();
    directory.invalidate();
    await overtaken;
    await directory.list();
    expect(calls).toBe(4);
  });
});
