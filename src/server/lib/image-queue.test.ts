import { describe, expect, it } from 'vitest';
import { AppError } from './app-error.ts';
import { createImageQueue, IMAGES_BUSY_MESSAGE } from './image-queue.ts';

function deferred() {
  let resolve: () => void = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** The error a synchronous call throws, so code, status and Retry-After can be checked together. */
function thrown(call: () => unknown): AppError {
  try {
    call();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error('expected the call to throw');
}

describe('image queue', () => {
  it('runs two jobs at once, queues the next ones and refuses past the queue with Retry-After', async () => {
    const queue = createImageQueue({ jobs: 2, queueLength: 1 });
    const gates = [deferred(), deferred(), deferred()];
    const running = queue.runAll(gates.map((gate) => () => gate.promise));
    expect({ active: queue.active, waiting: queue.waiting }).toEqual({ active: 2, waiting: 1 });

    const refusal = thrown(() => queue.runAll([async () => 'late']));
    await expect(queue.run(async () => 'late')).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    expect(refusal).toMatchObject({ code: 'UNAVAILABLE', statusCode: 503, message: IMAGES_BUSY_MESSAGE });
    expect(refusal.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(() => queue.assertRoom()).toThrow(IMAGES_BUSY_MESSAGE);

    for (const gate of gates) gate.resolve();
    await Promise.all(running);
    expect(queue.active).toBe(0);
    await expect(queue.run(async () => 'after')).resolves.toBe('after');
  });

  it('admits the jobs of one request together or not at all', async () => {
    const queue = createImageQueue({ jobs: 2, queueLength: 3 });
    const gate = deferred();
    const first = queue.runAll([() => gate.promise, () => gate.promise, () => gate.promise]);

    // Two running and one waiting: four more would need four places in a queue with two left.
    expect(() => queue.runAll(Array.from({ length: 4 }, () => async () => 'x'))).toThrow(IMAGES_BUSY_MESSAGE);
    expect(queue.waiting).toBe(1);
    const second = queue.runAll([async () => 'a', async () => 'b']);
    expect(queue.waiting).toBe(3);

    gate.resolve();
    await Promise.all(first);
    await expect(Promise.all(second)).resolves.toEqual(['a', 'b']);
  });

  it('frees the slot when a job fails', async () => {
    const queue = createImageQueue({ jobs: 1, queueLength: 0 });
    await expect(queue.run(async () => Promise.reject(new Error('bad image')))).rejects.toThrow('bad image');
    await expect(queue.run(async () => 'next')).resolves.toBe('next');
  });
});
