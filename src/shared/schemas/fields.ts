import { z } from 'zod';
import { APPLICANT_MAX_AGE, APPLICANT_MIN_AGE } from '../limits.ts';
import { englishOf } from '../messages/english.ts';
import type { MessageKey } from '../messages/message.ts';
import { type TextRules, textCharacterProblem } from '../text-characters.ts';

/**
 * Field builders shared by the entity schemas. Values arrive as form strings or multipart text, so every
 * string is trimmed and, for optional fields, '' and null mean "not given" (stored as null).
 */

/** A length check's message carries its bound from the issue (messages/zod-issue.ts). */
const TOO_LONG: MessageKey = 'field.tooLong';

/** The English the API writes for these, as tests and the command line compare with. */
export const tooLong = (max: number) => englishOf({ key: TOO_LONG, params: { max } });
export const CONTROL_CHARACTERS_MESSAGE = /* @__PURE__ */ englishOf('field.controlCharacters');
export const TEXT_DIRECTION_MESSAGE = /* @__PURE__ */ englishOf('field.textDirection');

export { type TextRules, textCharacterProblem } from '../text-characters.ts';

/** A string schema that refuses those characters before any other check, so their message comes first. */
export function cleanString(rules: TextRules = {}, params?: { error: MessageKey }) {
  return z.string(params).check((ctx) => {
    const problem = textCharacterProblem(ctx.value, rules);
    if (problem) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value, abort: true });
  });
}

/** Trimmed text that must be present; `message` covers missing, wrong type and blank. */
export function requiredText(
  message: MessageKey,
  { min = 1, max, ...rules }: { min?: number; max: number } & TextRules,
) {
  return cleanString(rules, { error: message }).trim().min(min, message).max(max, TOO_LONG);
}

/** Trimmed text that may be absent; blank becomes null. */
export function optionalText(max: number, rules: TextRules = {}) {
  return cleanString(rules)
    .trim()
    .max(max, TOO_LONG)
    .nullish()
    .transform((value) => value || null);
}

/**
 * One of a fixed list. The form only offers the list, so any other value gets the field's
 * "required" message (product §5) rather than a schema-library default.
 */
export function choice<const T extends readonly [string, ...string[]]>(options: T, message: MessageKey) {
  return z
    .string({ error: message })
    .trim()
    .pipe(z.enum(options, { error: message }))
    .meta({ enum: [...options] }); // the document reads the input side, a string: the list says which
}

/** One of a fixed list, or absent (blank/null → null). */
export function optionalChoice<const T extends readonly [string, ...string[]]>(options: T, message: MessageKey) {
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
  invalid: MessageKey;
  /** A whole number outside min..max; defaults to `invalid`. */
  outOfRange?: MessageKey;
}

/** A number as the form or a multipart body sends it: digits as text, or a number; blank/null = absent. */
export const numberInput = (message?: MessageKey) =>
  z.union([z.string(), z.number()], message ? { error: message } : undefined).nullish();

/**
 * Reads a whole number from form or multipart text: the number, null when absent, or the message that
 * explains why it is refused. Only plain digits count, so '1e3', '12.5' and '-1' are refused.
 */
export function readWholeNumber(value: unknown, rules: WholeNumberRules): number | null | MessageKey {
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
export function wholeNumber(rules: WholeNumberRules & { required: MessageKey }) {
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
  invalid: 'age.invalid',
  outOfRange: 'age.range',
};
