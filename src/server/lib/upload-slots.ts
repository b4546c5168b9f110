import { AppError } from './app-error.ts';
import { Semaphore } from './semaphore.ts';

/**
 * A multipart upload holds its files in memory from the first byte until its route has stored them: up to
 * 5 MB for an application, ~70 MB for a stage-2 form. So only a few are read and processed at once; the
 * rest wait with their bodies held back by TCP, and past the queue limit a newcomer is told to retry, which
 * bounds memory under any burst.
 */
export const UPLOADS_AT_ONCE = 4;
export const UPLOAD_QUEUE_LIMIT = 32;
export const UPLOAD_BUSY_MESSAGE = 'The server is busy. Please try again in a moment.';

export interface UploadSlots {
  /** Runs an upload's reading and processing in a slot; throws UNAVAILABLE (503) when the queue is full. */
  run<T>(task: () => Promise<T>): Promise<T>;
  readonly active: number;
  readonly waiting: number;
}

export function createUploadSlots(limit = UPLOADS_AT_ONCE, queueLimit = UPLOAD_QUEUE_LIMIT): UploadSlots {
  const slots = new Semaphore(limit);
  return {
    run(task) {
      if (slots.active >= slots.limit && slots.waiting >= queueLimit) {
        return Promise.reject(new AppError('UNAVAILABLE', UPLOAD_BUSY_MESSAGE));
      }
      return slots.run(task);
    },
    get active() {
      return slots.active;
    },
    get waiting() {
      return slots.waiting;
    },
  };
}
