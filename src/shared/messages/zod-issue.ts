import type { z } from 'zod';
import { type Message, type MessageKey, type MessageParams, messageOf } from './message.ts';

/**
 * The message of a failed check, for both sides: the schemas put a key where zod takes a message, and the
 * parameters come from the issue itself (a length check's bound), a custom check's `params`, or the limits the
 * key carries (message.ts). A message zod wrote itself (a schema that set none) travels as its own text.
 */
export function messageOfIssue(issue: z.core.$ZodIssue): Message {
  return messageOf(issue.message as MessageKey, paramsOf(issue));
}

function paramsOf(issue: z.core.$ZodIssue): MessageParams | undefined {
  switch (issue.code) {
    case 'too_big':
      return { max: Number(issue.maximum) };
    case 'too_small':
      return { min: Number(issue.minimum) };
    case 'custom':
      return issue.params as MessageParams | undefined;
    default:
      return undefined;
  }
}
