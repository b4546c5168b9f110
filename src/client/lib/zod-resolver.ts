import { toNestErrors, validateFieldsNatively } from '@hookform/resolvers';
import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { z } from 'zod';
import { messageOfIssue } from '#shared/messages/zod-issue.ts';

// zod compiles parsers with `new Function` when it may, and probes for that first; our Content-Security-Policy
// forbids it (no 'unsafe-eval'), so the probe fails and browsers report a policy violation on every admin
// page. The parsers work the same without it.
z.config({ jitless: true });

/**
 * react-hook-form's resolver for a shared schema. Each field's first issue becomes its error with the message's
 * key in `message` and its parameters beside it (docs/decisions/031), for lib/messages.ts to show in the
 * interface language; the form gets the schema's output, as the server does.
 */
export function zodResolver<Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input>,
): Resolver<Input, unknown, Output> {
  return async (values, _context, options) => {
    const result = await schema.safeParseAsync(values);
    if (result.success) {
      if (options.shouldUseNativeValidation) validateFieldsNatively({}, options);
      return { values: result.data, errors: {} };
    }
    const errors: Record<string, FieldError> = {};
    for (const issue of result.error.issues) {
      const path = issue.path.join('.');
      if (errors[path]) continue;
      const { key, params } = messageOfIssue(issue);
      errors[path] = { type: issue.code, message: key, ...(params ? { params } : {}) } as FieldError;
    }
    return { values: {}, errors: toNestErrors(errors as FieldErrors, options) };
  };
}
