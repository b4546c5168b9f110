import { describe, expect, it } from 'vitest';
import { Semaphore } from './semaphore.ts';

/** A promise the test settles by hand, to hold a task open. */
function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('Semaphore', () => {
  it('runs at most `limit` tasks at once and queues the rest', async () => {
    const semaphore = new Semaphore(2);
    const gates = [deferred(), deferred(), deferred(), deferred()];
    let running = 0;
    let peak = 0;
    const results = gates.map((gate, index) =>
      semaphore.run(async () => {
        running += 1;
        peak = Math.max(peak, running);
        await gate.promise;
        running -= 1;
        return index;
      }),
    );

    await tick();
    expect(semaphore.active).toBe(2);
    expect(semaphore.waiting).toBe(2);

    for (const gate of gates) gate.resolve();
    expect(await Promise.all(results)).toEqual([0, 1, 2, 3]);
    expect(peak).toBe(2);
    expect(semaphore.active).toBe(0);
    expect(semaphore.waiting).toBe(0);
  });

  it('starts queued tasks in arrival order', async () => {
    const semaphore = new Semaphore(1);
    const first = deferred();
    const started: string[] = [];
    const runs = [
      semaphore.run(async () => {
        started.push('a');
        await first.promise;
      }),
      semaphore.run(() => {
        started.push('b');
      }),
      semaphore.run(() => {
        started.push('c');
      }),
    ];
    await tick();
    expect(started).toEqual(['a']);
    first.resolve();
    await Promise.all(runs);
    expect(started).toEqual(['a', 'b', 'c']);
  });

  it('frees the slot when a task fails', async () => {
    const semaphore = new Semaphore(1);
    await expect(
      semaphore.run(() => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    await expect(semaphore.run(async () => 'next')).resolves.toBe('next');
    expect(semaphore.active).toBe(0);
  });

  it('refuses a limit below one', () => {
    expect(() => new Semaphore(0)).toThrow(RangeError);
    expect(() => new Semaphore(1.5)).toThrow(RangeError);
  });
});
