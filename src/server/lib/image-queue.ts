import { englishOf } from '#shared/messages/english.ts';
import { AppError } from './app-error.ts';
import { createImageWork, type ImageWork } from './image-work.ts';
import { Semaphore } from './semaphore.ts';

/** The English of a full queue's 503, as the API writes it. */
export const IMAGES_BUSY_MESSAGE = englishOf('server.busy');

/** A full queue's refusal (503): told apart from other 503s, such as a database away, by its class. */
export class QueueFullError extends AppError {
  constructor(retryAfterSeconds: number) {
    super('UNAVAILABLE', 'server.busy', undefined, { retryAfterSeconds });
    this.name = 'QueueFullError';
  }
}

export interface ImageQueueOptions {
  /** Image jobs that run at once (architecture §8: two); each is one decode and re-encode on one libvips thread. */
  jobs: number;
  /** Jobs that may wait behind them; past that a request is refused at once (503 with Retry-After). */
  queueLength: number;
  /** Where the jobs' image work is done: by default a process of its own at a lower priority (lib/image-work.ts). */
  work?: ImageWork;
}

export interface ImageQueue {
  /**
   * Queues one job per task and returns their results in order. The tasks of one request are admitted
   * together or not at all: if they would not fit the queue, nothing runs and UNAVAILABLE is thrown.
   */
  runAll<T>(tasks: ReadonlyArray<() => Promise<T>>): Array<Promise<T>>;
  /** One job; a full queue rejects it with UNAVAILABLE. */
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Throws UNAVAILABLE when `count` more jobs would not fit now; for refusing before a body is read. */
  assertRoom(count?: number): void;
  readonly active: number;
  readonly waiting: number;
  /** The image process the jobs hand their decoding, re-encoding and hashing to. */
  readonly work: ImageWork;
}

/** A first guess at one job's duration until jobs have been timed (a 12 MP photo takes ~0.3 s, architecture §8). */
const INITIAL_JOB_MS = 500;
/** How much each finished job moves the running average of job durations. */
const SMOOTHING = 0.2;
const MAX_RETRY_AFTER_SECONDS = 60;

/**
 * The only way image work runs (architecture §8): a fixed number of jobs at once and a bounded queue behind them,
 * so memory stays in check under any burst, and a refusal says when to come back (its estimate is the
 * queue ahead divided among the jobs, times the average job's duration).
 */
export function createImageQueue(options: ImageQueueOptions): ImageQueue {
  const slots = new Semaphore(options.jobs);
  const work = options.work ?? createImageWork();
  let averageJobMs = INITIAL_JOB_MS;

  const free = () => Math.max(0, slots.limit - slots.active);
  const fits = (count: number) => slots.waiting + Math.max(0, count - free()) <= options.queueLength;
  const refuse = () => {
    const ahead = slots.waiting + slots.active;
    const seconds = Math.min(MAX_RETRY_AFTER_SECONDS, ((ahead / slots.limit) * averageJobMs) / 1000);
    return new QueueFullError(seconds);
  };
  const timed = async <T>(task: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    try {
      return await task();
    } finally {
      averageJobMs += SMOOTHING * (performance.now() - started - averageJobMs);
    }
  };

  return {
    runAll(tasks) {
      if (!fits(tasks.length)) throw refuse();
      return tasks.map((task) => slots.run(() => timed(task)));
    },
    run(task) {
      if (!fits(1)) return Promise.reject(refuse());
      return slots.run(() => timed(task));
    },
    assertRoom(count = 1) {
      if (!fits(count)) throw refuse();
    },
    get active() {
      return slots.active;
    },
    get waiting() {
      return slots.waiting;
    },
    work,
  };
}
