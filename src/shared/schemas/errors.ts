import { z } from 'zod';
import type { ApiErrorBody } from '../error-codes.ts';

/**
 * Turns a failed parse into what both sides show: one message per field and the first of them in the
 * spec's field order (architecture §3: a 400's `message` is the first field message, e.g. "Name is required").
 */

export type FieldErrors = Record<string, string>;

const INVALID_REQUEST = 'Invalid request';

/** Fields named in `order` come first, in that order; others keep the order they were reported in. */
function sortByOrder(fields: FieldErrors, order: readonly string[] = []): FieldErrors {
  const rank = (field: string) => {
    const index = order.indexOf(field);
    return index === -1 ? order.length : index;
  };
  return Object.fromEntries(Object.entries(fields).sort(([a], [b]) => rank(a) - rank(b)));
}

/**
 * The first message per top-level field (`contentType.2` counts as `contentType`), ordered by `order`.
 * Issues about the whole body (no path) are not fields; `firstIssueMessage` falls back to them.
 */
export function fieldErrors(error: z.ZodError, order?: readonly string[]): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (field === undefined) continue;
    const key = String(field);
    fields[key] ??= issue.message;
  }
  return sortByOrder(fields, order);
}

export function firstIssueMessage(error: z.ZodError, order?: readonly string[]): string {
  const [first] = Object.values(fieldErrors(error, order));
  return first ?? error.issues[0]?.message ?? INVALID_REQUEST;
}

/**
 * The 400 body of architecture §3. Takes a parse error or a ready field map, so the server can merge checks
 * made outside the schema (the photo) before answering.
 */
export function validationErrorBody(
  source: z.ZodError | FieldErrors,
  order?: readonly string[],
): ApiErrorBody & { fields: FieldErrors } {
  if (source instanceof z.ZodError) {
    return { message: firstIssueMessage(source, order), code: 'VALIDATION_FAILED', fields: fieldErrors(source, order) };
  }
  const fields = sortByOrder(source, order);
  return { message: Object.values(fields)[0] ?? INVALID_REQUEST, code: 'VALIDATION_FAILED', fields };
}
