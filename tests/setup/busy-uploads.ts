import { UPLOAD_QUEUE_LIMIT, UPLOADS_AT_ONCE } from '#server/lib/upload-slots.ts';
import type { TestApp } from './test-app.ts';

/**
 * Fills every upload slot and the whole queue behind them with uploads that wait until released, as a
 * burst of large uploads would; returns the release.
 */
export async function occupyUploadSlots(t: TestApp): Promise<() => Promise<void>> {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const held = Array.from({ length: UPLOADS_AT_ONCE + UPLOAD_QUEUE_LIMIT }, () => t.app.uploads.run(() => gate));
  return async () => {
    release();
    await Promise.all(held);
  };
}
