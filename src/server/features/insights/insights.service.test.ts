import { describe, expect, it } from 'vitest';
import { medianOfHistogram } from './insights.service.ts';

const bucketOf = (seconds: number) => Math.floor(Math.log(1 + seconds) * 32);

describe('medianOfHistogram', () => {
  it('is null for no stays', () => {
    expect(medianOfHistogram([])).toBeNull();
  });

  it('takes the middle stay, or the mean of the middle two, each within 1.6 % of the real one', () => {
    const stays = [60, 3600, 86_400, 864_000, 31_536_000];
    for (const seconds of stays) {
      const median = medianOfHistogram([{ bucket: bucketOf(seconds), count: 1 }]) ?? 0;
      expect(Math.abs(median - seconds) / seconds).toBeLessThan(0.016);
    }
    const odd = medianOfHistogram([
      { bucket: bucketOf(864_000), count: 1 },
      { bucket: bucketOf(60), count: 1 },
      { bucket: bucketOf(3600), count: 1 },
    ]);
    expect(Math.abs((odd ?? 0) - 3600) / 3600).toBeLessThan(0.016);
    const even = medianOfHistogram([
      { bucket: bucketOf(60), count: 1 },
      { bucket: bucketOf(3600), count: 2 },
      { bucket: bucketOf(86_400), count: 1 },
    ]);
    expect(Math.abs((even ?? 0) - 3600) / 3600).toBeLessThan(0.016);
  });
});
