import { z } from 'zod';
import { FIRST_DAY, LAST_DAY } from '../limits.ts';
import { englishTexts } from '../messages/english.ts';
import type { MessageKey } from '../messages/message.ts';

/**
 * Days and instants as the API takes them, checked once for every route (docs/decisions/041): a real day of
 * the calendar, from FIRST_DAY to LAST_DAY, so what passes here is what the database accepts.
 */

export const DATE_KEYS = {
  day: 'dates.day',
  range: 'dates.range',
} as const satisfies Record<string, MessageKey>;

/** The same messages in English, as the API writes them. */
export const DATE_MESSAGES = /* @__PURE__ */ englishTexts(DATE_KEYS);

/** A day as ISO 8601 writes it, with the longer or signed years of its expanded form, to name them out of range. */
const DAY_TEXT = /^([+-]?\d{4,6})-(\d{2})-(\d{2})$/;

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** Why a text is not a day the API takes, or null when it is one. */
export function dayProblem(value: string): MessageKey | null {
  const match = DAY_TEXT.exec(value);
  if (!match) return DATE_KEYS.day;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const monthDays = month === 2 && isLeapYear(year) ? 29 : MONTH_DAYS[month - 1];
  if (monthDays === undefined || day < 1 || day > monthDays) return DATE_KEYS.day;
  if (year < Number(FIRST_DAY.slice(0, 4)) || year > Number(LAST_DAY.slice(0, 4))) return DATE_KEYS.range;
  // A year within them is written with four digits and no sign, as YYYY-MM-DD says.
  return /^\d{4}$/.test(match[1] ?? '') ? null : DATE_KEYS.day;
}

/** `YYYY-MM-DD`: a day that exists (no 2026-02-30), from 0001-01-01 to 9999-12-31. */
export const daySchema = z.string({ error: DATE_KEYS.day }).check((context) => {
  const problem = dayProblem(context.value);
  if (problem) context.issues.push({ code: 'custom', message: problem, input: context.value });
});

const INSTANT_TEXT = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?Z$/;

/** An instant in UTC to the microsecond, `2026-11-27T09:30:00.123456Z`, on a day the API takes. */
export function isInstant(value: string): boolean {
  const match = INSTANT_TEXT.exec(value);
  if (!match || dayProblem(match[1] ?? '') !== null) return false;
  return Number(match[2]) < 24 && Number(match[3]) < 60 && Number(match[4]) < 60;
}

/** The day `days` after (or before) `day`, kept within FIRST_DAY and LAST_DAY. */
export function shiftDay(day: string, days: number): string {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  const year = at.getUTCFullYear();
  if (year < 1) return FIRST_DAY;
  if (year > 9999) return LAST_DAY;
  return at.toISOString().slice(0, 10);
}
