import type { MessageKey } from './messages/message.ts';

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
export function textCharacterProblem(
  value: string,
  { isMultiline = false, isName = false }: TextRules = {},
): MessageKey | null {
  if ((isMultiline ? CONTROL_IN_TEXT : CONTROL_IN_LINE).test(value)) return 'field.controlCharacters';
  if (isName && TEXT_DIRECTION_CONTROLS.test(value)) return 'field.textDirection';
  return null;
}
