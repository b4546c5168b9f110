import type { FieldError, FieldErrors, Resolver } from 'react-hook-form';
import { isConsentAsked } from '#client/lib/consent-setting.ts';
import { fieldError } from '#client/lib/messages.ts';
import { zodResolver } from '#client/lib/zod-resolver.ts';
import { messageOf } from '#shared/messages/message.ts';
import { type ApplicationInput, applicationSchemaFor } from '#shared/schemas/application.ts';
import type { ApplicationSubmission } from '../api/submit-application.ts';
import type { ApplicationFormValues } from './form-values.ts';
import { photoProblem } from './photo.ts';

const schemaResolver = zodResolver(applicationSchemaFor(isConsentAsked()));

/**
 * The shared schema (architecture §9.2: the same object the server parses) with the browser-only photo rules
 * layered on, so one submit reports every problem at once.
 */
export const applicationResolver: Resolver<ApplicationFormValues, unknown, ApplicationSubmission> = async (
  values,
  context,
  options,
) => {
  const { confirmationPhoto, ...answers } = values;
  const result = await schemaResolver(
    answers satisfies ApplicationInput,
    context,
    options as unknown as Parameters<typeof schemaResolver>[2],
  );
  const photoMessage = photoProblem(confirmationPhoto);
  const errors = { ...result.errors } as FieldErrors<ApplicationFormValues>;
  if (photoMessage) errors.confirmationPhoto = fieldError(messageOf(photoMessage), 'photo') as FieldError;
  if (Object.keys(errors).length > 0) return { values: {}, errors };
  return { values: { ...(result.values as ApplicationSubmission), confirmationPhoto }, errors: {} };
};
