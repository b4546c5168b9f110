import type { z } from 'zod';
import { englishOf } from '../messages/english.ts';
import { type Message, messageOf } from '../messages/message.ts';
import { messageOfIssue } from '../messages/zod-issue.ts';

/**
 * Turns a failed parse into what both sides show: one message per field and the first of them in the
 * spec's field order (architecture §3: a 400's `message` is the first field message, e.g. "Name is required").
 */

export type FieldMessages = Record<string, Message>;
export type FieldErrors = Record<string, string>;

const INVALID_REQUEST = /* @__PURE__ */ messageOf('request.invalidShort');

/** Fields named in `order` come first, in that order; others keep the order they were reported in. */
export function sortByOrder<T>(fields: Record<string, T>, order: readonly string[] = []): Record<string, T> {
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
export function fieldMessages(error: z.ZodError, order?: readonly string[]): FieldMessages {
  const fields: FieldMessages = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (field === undefined) continue;
    fields[String(field)] ??= messageOfIssue(issue);
  }
  return sortByOrder(fields, order);
}

/** The first field's message, else the first about the whole body. */
export function firstMessage(fields: FieldMessages, error?: z.ZodError): Message {
  const [first] = Object.values(fields);
  const issue = error?.issues[0];
  return first ?? (issue ? messageOfIssue(issue) : INVALID_REQUEST);
}

/** The field messages in English, as a 400's `fields` writes them. */
export function fieldErrors(error: z.ZodError, order?: readonly string[]): FieldErrors {
  return Object.fromEntries(
    Object.entries(fieldMessages(error, order)).map(([field, message]) => [field, englishOf(message)]),
  );
}

/** A 400's `message` in English. */
export function firstIssueMessage(error: z.ZodError, order?: readonly string[]): string {
  return englishOf(firstMessage(fieldMessages(error, order), error));
}
