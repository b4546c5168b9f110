import { describe, expect, it } from 'vitest';
import { createUploadSlots, UPLOAD_BUSY_MESSAGE } from './upload-slots.ts';

function deferred() {
  let resolve: () => void = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('upload slots', () => {
  it('runs a few uploads at once, queues the next ones and refuses past the queue', async () => {
    const slots = createUploadSlots(2, 1);
    const gates = [deferred(), deferred(), deferred()];
    const running = gates.map((gate) => slots.run(() => gate.promise));
    expect(slots.active).toBe(2);
    expect(slots.waiting).toBe(1);

    await expect(slots.run(async () => 'late')).rejects.toMatchObject({
      code: 'UNAVAILABLE',
      statusCode: 503,
      message: UPLOAD_BUSY_MESSAGE,
    });

    for (const gate of gates) gate.resolve();
    await Promise.all(running);
    expect(slots.active).toBe(0);
    await expect(slots.run(async () => 'after')).resolves.toBe('after');
  });

  it('frees the slot when an upload fails', async () => {
    const slots = createUploadSlots(1, 0);
    await expect(slots.run(async () => Promise.reject(new Error('bad upload')))).rejects.toThrow('bad upload');
    await expect(slots.run(async () => 'next')).resolves.toBe('next');
  });
});
