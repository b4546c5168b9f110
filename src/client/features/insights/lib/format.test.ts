import { describe, expect, it } from 'vitest';
import { formatDuration, formatShare } from './format.ts';

describe('formatDuration', () => {
  it('reads in minutes, hours or days, whichever fits', () => {
    expect(formatDuration('en', 45)).toBe('45 seconds');
    expect(formatDuration('en', 90 * 60)).toBe('90 minutes');
    expect(formatDuration('en', 6 * 3600)).toBe('6 hours');
    expect(formatDuration('en', 36 * 3600)).toBe('36 hours');
    expect(formatDuration('en', 3.5 * 86_400)).toBe('3.5 days');
    expect(formatDuration('de', 3.5 * 86_400)).toBe('3,5 Tage');
  });
});

describe('formatShare', () => {
  it('gives a whole percent, and a dash for nothing to divide', () => {
    expect(formatShare('en', 1, 3)).toBe('33%');
    expect(formatShare('en', 0, 0)).toBe('–');
  });
});
