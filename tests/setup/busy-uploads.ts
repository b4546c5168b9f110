import { Readable } from 'node:stream';
import type { TestApp } from './test-app.ts';

/**
 * Fills every image job and the whole queue behind them with jobs that wait until released, as a burst
 * of uploads would; returns the release.
 */
export function fillImageQueue(t: TestApp): () => Promise<void> {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const held = t.app.images.runAll(
    Array.from({ length: t.config.imageJobs + t.config.imageQueueLength }, () => () => gate),
  );
  return async () => {
    release();
    await Promise.all(held);
  };
}

/**
 * A request body sent in two halves: the second waits until `sendRest` is called, and `firstHalfRead`
 * settles once the server has asked for more than the first, so a test can act while a body is arriving.
 */
export function bodyInTwoHalves(payload: Buffer) {
  let sendRest: () => void = () => {};
  let onFirstHalfRead: () => void = () => {};
  const rest = new Promise<void>((resolve) => {
    sendRest = resolve;
  });
  const firstHalfRead = new Promise<void>((resolve) => {
    onFirstHalfRead = resolve;
  });
  const middle = Math.floor(payload.length / 2);
  let reads = 0;
  const stream = new Readable({
    read() {
      reads += 1;
      if (reads === 1) this.push(payload.subarray(0, middle));
      if (reads !== 2) return;
      onFirstHalfRead();
      void rest.then(() => {
        this.push(payload.subarray(middle));
        this.push(null);
      });
    },
  });
  return { stream, firstHalfRead, sendRest };
}
