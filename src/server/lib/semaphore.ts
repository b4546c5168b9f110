/**
 * Caps how many tasks of one kind run at once; the rest wait in arrival order. Used to keep at most
 * two image jobs in flight (architecture §8) so memory stays bounded under a burst of uploads.
 */
export class Semaphore {
  #active = 0;
  readonly #waiting: Array<() => void> = [];

  constructor(readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`Semaphore limit must be a positive integer`);
  }

  /** Tasks running now. */
  get active(): number {
    return this.#active;
  }

  /** Tasks queued behind them. */
  get waiting(): number {
    return this.#waiting.length;
  }

  /** Runs `task` once a slot is free and frees the slot however the task ends. */
  async run<T>(task: () => T | Promise<T>): Promise<T> {
    await this.#acquire();
    try {
      return await task();
    } finally {
      this.#release();
    }
  }

  #acquire(): Promise<void> {
    if (this.#active < this.limit) {
      this.#active += 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  #release(): void {
    const next = this.#waiting.shift();
    // Hand the slot straight to the next task, so a newcomer cannot overtake the queue.
    if (next) next();
    else this.#active -= 1;
  }
}
