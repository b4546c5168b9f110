import { describe, expect, it } from 'vitest';
import { formatWaiting, waitingHours, waitingLevel } from './waiting.ts';

const NOW = Date.parse('2026-03-10T12:00:00.000Z');

describe('waitingHours', () => {
  it('counts whole hours while a pending creator has had no staff action', () => {
    const creator = { status: 'pending' as const, createdAt: '2026-03-09T01:30:00.000Z', firstStaffActionAt: null };
    expect(waitingHours(creator, NOW)).toBe(34);
  });

  it('stops once staff acted, and outside pending', () => {
    const base = { createdAt: '2026-03-01T00:00:00.000Z' };
    expect(waitingHours({ ...base, status: 'pending', firstStaffActionAt: '2026-03-02T00:00:00.000Z' }, NOW)).toBe(
      null,
    );
    expect(waitingHours({ ...base, status: 'listed', firstStaffActionAt: null }, NOW)).toBe(null);
  });
});

describe('waitingLevel', () => {
  it('is due from 24 hours and overdue from 48', () => {
    expect([23, 24, 47, 48, 200].map(waitingLevel)).toEqual([null, 'due', 'due', 'overdue', 'overdue']);
  });
});

describe('formatWaiting', () => {
  it('shows hours, then days', () => {
    expect(formatWaiting(30, 'en')).toBe('30 hr');
    expect(formatWaiting(24 * 5 + 3, 'en')).toBe('5 days');
  });
});
