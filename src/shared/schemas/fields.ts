import { z } from 'zod';
import { APPLICANT_MAX_AGE, APPLICANT_MIN_AGE } from '../limits.ts';

/**
 * Field builders shared by the entity schemas. Values arrive as form strings or multipart text, so every
 * string is trimmed and, for optional fields, '' and null mean "not given" (stored as null).
 */

export const tooLong = (max: number) => `Please use at most ${max} characters`;

/** Trimmed text that must be present; `message` covers missing, wrong type and blank. */
export function requiredText(message: string, { min = 1, max }: { min?: number; max: number }) {
  return z.string({ error: message }).trim().min(min, message).max(max, tooLong(max));
}

/** Trimmed text that may be absent; blank becomes null. */
export function optionalText(max: number) {
  return z
    .string()
    .trim()
    .max(max, tooLong(max))
    .nullish()
    .transform((value) => value || null);
}

/**
 * One of a fixed list. The form only offers the list, so any other value gets the field's
 * "required" message (spec §5) rather than a schema-library default.
 */
export function choice<const T extends readonly [string, ...string[]]>(options: T, message: string) {
  return z
    .string({ error: message })
    .trim()
    .pipe(z.enum(options, { error: message }));
}

/** One of a fixed list, or absent (blank/null → null). */
export function optionalChoice<const T extends readonly [string, ...string[]]>(options: T, message: string) {
  return z
    .string({ error: message })
    .trim()
    .nullish()
    .transform((value) => value || null)
    .pipe(z.enum(options, { error: message }).nullable());
}

export interface WholeNumberRules {
  min: number;
  max: number;
  /** Not a whole number (or not a number at all). */
  invalid: string;
  /** A whole number outside min..max; defaults to `invalid`. */
  outOfRange?: string;
}

/** A number as the form or a multipart body sends it: digits as text, or a number; blank/null = absent. */
export const numberInput = (message?: string) =>
  z.union([z.string(), z.number()], message ? { error: message } : undefined).nullish();

/**
 * Reads a whole number from form or multipart text: the number, null when absent, or the message that
 * explains why it is refused. Only plain digits count, so '1e3', '12.5' and '-1' are refused.
 */
export function readWholeNumber(value: unknown, rules: WholeNumberRules): number | null | string {
  const text = typeof value === 'string' ? value.trim() : value;
  if (text === null || text === undefined || text === '') return null;
  let number = Number.NaN;
  if (typeof text === 'number') number = text;
  else if (typeof text === 'string' && /^\d+$/.test(text)) number = Number(text);
  if (!Number.isSafeInteger(number)) return rules.invalid;
  if (number < rules.min || number > rules.max) return rules.outOfRange ?? rules.invalid;
  return number;
}

/** A whole number within bounds that must be given; `required` covers missing and blank. */
export function wholeNumber(rules: WholeNumberRules & { required: string }) {
  return numberInput(rules.required).transform((value, ctx) => {
    const result = readWholeNumber(value, rules) ?? rules.required;
    if (typeof result !== 'string') return result;
    ctx.addIssue(result);
    return z.NEVER;
  });
}

/** DESIGN §4: applicants are adults; an age, where given, is a whole number in range. */
export const AGE_RULES: WholeNumberRules = {
  min: APPLICANT_MIN_AGE,
  max: APPLICANT_MAX_AGE,
  invalid: 'Age must be a whole number',
  outOfRange: `You must be between ${APPLICANT_MIN_AGE} and ${APPLICANT_MAX_AGE} years old`,
};
