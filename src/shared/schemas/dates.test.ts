import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { englishOf } from '../messages/english.ts';
import { messageOfIssue } from '../messages/zod-issue.ts';
import { daySchema, isInstant, shiftDay } from './dates.ts';
import { insightsQuerySchema } from './insights.ts';

const messages = (result: { error?: z.ZodError | undefined }) =>
  result.error?.issues.map((issue) => englishOf(messageOfIssue(issue)));

const NOT_A_DAY = 'Dates must be real days written YYYY-MM-DD';
const OUT_OF_RANGE = 'Dates must lie between 0001-01-01 and 9999-12-31';

describe('daySchema', () => {
  it.each(['0001-01-01', '2024-02-29', '2000-02-29', '2026-11-27', '9999-12-31'])('takes %s', (day) => {
    expect(daySchema.safeParse(day)).toMatchObject({ success: true, data: day });
  });

  it.each([
    '2026-02-29',
    '1900-02-29',
    '2026-02-30',
    '2026-04-31',
    '2026-13-01',
    '2026-00-10',
    '2026-01-00',
    '2026-1-01',
    '26-01-01',
    '01/03/2026',
    '2026-01-01T00:00:00Z',
    ' 2026-01-01',
    '+2026-01-01',
    '02026-01-01',
    '',
  ])('refuses %j as no day', (value) => {
    expect(messages(daySchema.safeParse(value))).toEqual([NOT_A_DAY]);
  });

  it.each(['0000-01-01', '0000-12-31', '10000-01-01', '-0001-01-01', '+010000-01-01', '-2026-01-01', '-0000-01-01'])(
    'refuses %s as out of range, naming the range',
    (value) => {
      expect(messages(daySchema.safeParse(value))).toEqual([OUT_OF_RANGE]);
    },
  );

  it('refuses what is not text', () => {
    expect(messages(daySchema.safeParse(20260101))).toEqual([NOT_A_DAY]);
  });
});

describe('isInstant', () => {
  it.each(['2026-11-27T09:30:00.123456Z', '0001-01-01T00:00:00.000000Z', '9999-12-31T23:59:59.999999Z'])(
    'takes %s',
    (value) => expect(isInstant(value)).toBe(true),
  );

  it.each([
    '0000-01-01T00:00:00.000000Z',
    '2026-02-30T00:00:00.000000Z',
    '2026-01-01T24:00:00.000000Z',
    '2026-01-01T23:60:00.000000Z',
    '2026-01-01T23:59:60.000000Z',
    '2026-01-01T00:00:00.000000+01:00',
    '2026-01-01',
  ])('refuses %s', (value) => expect(isInstant(value)).toBe(false));
});

describe('shiftDay', () => {
  it('moves a day across months, years and leap days', () => {
    expect(shiftDay('2026-03-01', -1)).toBe('2026-02-28');
    expect(shiftDay('2024-03-01', -1)).toBe('2024-02-29');
    expect(shiftDay('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('stops at the first and last day rather than leave the range', () => {
    expect(shiftDay('0001-01-05', -29)).toBe('0001-01-01');
    expect(shiftDay('0001-01-01', -1)).toBe('0001-01-01');
    expect(shiftDay('0099-12-31', 1)).toBe('0100-01-01');
    expect(shiftDay('9999-12-31', 1)).toBe('9999-12-31');
  });
});

describe('insightsQuerySchema at the ends of the calendar', () => {
  it('takes the first and the last days', () => {
    expect(insightsQuerySchema.parse({ from: '0001-01-01', to: '0001-01-31' })).toEqual({
      from: '0001-01-01',
      to: '0001-01-31',
    });
    expect(insightsQuerySchema.parse({ from: '9999-12-31' })).toEqual({ from: '9999-12-31', to: '9999-12-31' });
  });

  it('starts a range given only its end no earlier than the first day', () => {
    expect(insightsQuerySchema.parse({ to: '0001-01-05' })).toEqual({ from: '0001-01-01', to: '0001-01-05' });
  });

  it('refuses year 0000 in either date', () => {
    expect(messages(insightsQuerySchema.safeParse({ from: '0000-01-01', to: '0000-12-31' }))).toEqual([
      OUT_OF_RANGE,
      OUT_OF_RANGE,
    ]);
  });
});
