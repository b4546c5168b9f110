import { z } from 'zod';
import { APPLICANT_MAX_AGE, APPLICANT_MIN_AGE } from '../limits.ts';

/**
 * Field builders shared by the entity schemas. Values arrive as form strings or multipart text, so every
 * string is trimmed and, for optional fields, '' and null mean "not given" (stored as null).
 */

export const tooLong = (max: number) => `Please use at most ${max} characters`;

export const CONTROL_CHARACTERS_MESSAGE = 'Please remove control characters';
export const TEXT_DIRECTION_MESSAGE = 'Please remove text-direction control characters';

/**
 * Control characters have no place in what people type: PostgreSQL refuses NUL outright (it used to answer
 * 500), and the others hide in logs and lists. Multi-line answers keep tab and line breaks.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const CONTROL_IN_LINE = /[\u0000-\u001F\u007F-\u009F]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/** Embeddings, overrides and isolates reorder what follows them: a name could show as another in a list. */
const TEXT_DIRECTION_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/;

export interface TextRules {
  /** Tab and line breaks are allowed (long answers). */
  isMultiline?: boolean;
  /** A name shown in lists: text-direction controls are refused too. */
  isName?: boolean;
}

/** The message for text that holds characters nobody types, or null when it is clean. */
export function textCharacterProblem(value: string, { isMultiline = false, isName = false }: TextRules = {}) {
  if ((isMultiline ? CONTROL_IN_TEXT : CONTROL_IN_LINE).test(value)) return CONTROL_CHARACTERS_MESSAGE;
  if (isName && TEXT_DIRECTION_CONTROLS.test(value)) return TEXT_DIRECTION_MESSAGE;
  return null;
}

/** A string schema that refuses those characters before any other check, so their message comes first. */
export function cleanString(rules: TextRules = {}, params?: { error: string }) {
  return z.string(params).check((ctx) => {
    const problem = textCharacterProblem(ctx.value, rules);
    if (problem) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value, abort: true });
  });
}

/** Trimmed text that must be present; `message` covers missing, wrong type and blank. */
export function requiredText(message: string, { min = 1, max, ...rules }: { min?: number; max: number } & TextRules) {
  return cleanString(rules, { error: message }).trim().min(min, message).max(max, tooLong(max));
}

/** Trimmed text that may be absent; blank becomes null. */
export function optionalText(max: number, rules: TextRules = {}) {
  return cleanString(rules)
    .trim()
    .max(max, tooLong(max))
    .nullish()
    .transform((value) => value || null);
}

/**
 * One of a fixed list. The form only offers the list, so any other value gets the field's
 * "required" message (product §5) rather than a schema-library default.
 */
export function choice<const T extends readonly [string, ...string[]]>(options: T, message: string) {
  return z
    .string({ error: message })
    .trim()
    .pipe(z.enum(options, { error: message }))
    .meta({ enum: [...options] }); // the document reads the input side, a string: the list says which
}

/** One of a fixed list, or absent (blank/null → null). */
export function optionalChoice<const T extends readonly [string, ...string[]]>(options: T, message: string) {
  return z
    .string({ error: message })
    .trim()
    .nullish()
    .transform((value) => value || null)
    .pipe(z.enum(options, { error: message }).nullable())
    .meta({ enum: [...options, null] });
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

/** architecture §4: applicants are adults; an age, where given, is a whole number in range. */
export const AGE_RULES: WholeNumberRules = {
  min: APPLICANT_MIN_AGE,
  max: APPLICANT_MAX_AGE,
  invalid: 'Age must be a whole number',
  outOfRange: `You must be between ${APPLICANT_MIN_AGE} and ${APPLICANT_MAX_AGE} years old`,
};
