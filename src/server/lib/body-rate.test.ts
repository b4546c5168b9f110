import { afterEach, describe, expect, it, vi } from 'vitest';
import { watchBodyRate } from './body-rate.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('watchBodyRate', () => {
  it('lets a body through while every window brings the minimum, and calls onSlow once when one does not', () => {
    vi.useFakeTimers();
    let received = 0;
    const onSlow = vi.fn();
    watchBodyRate(() => received, { minBytesPerSecond: 1000, windowMs: 2000 }, onSlow);

    received += 2000;
    vi.advanceTimersByTime(2000);
    received += 2500;
    vi.advanceTimersByTime(2000);
    expect(onSlow).not.toHaveBeenCalled();

    received += 1999;
    vi.advanceTimersByTime(2000);
    expect(onSlow).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10_000);
    expect(onSlow).toHaveBeenCalledTimes(1);
  });

  it('treats a stall as too slow, and never fires once stopped', () => {
    vi.useFakeTimers();
    const stalled = vi.fn();
    watchBodyRate(() => 0, { minBytesPerSecond: 1, windowMs: 1000 }, stalled);
    vi.advanceTimersByTime(1000);
    expect(stalled).toHaveBeenCalledTimes(1);

    const stopped = vi.fn();
    const stop = watchBodyRate(() => 0, { minBytesPerSecond: 1, windowMs: 1000 }, stopped);
    stop();
    vi.advanceTimersByTime(5000);
    expect(stopped).not.toHaveBeenCalled();
  });
});
