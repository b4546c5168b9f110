import { z } from 'zod';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from '../limits.ts';
import type { MessageKey } from '../messages/message.ts';
import { cleanString, requiredText } from './fields.ts';

/** Product §5 recruiter form messages. */
export const RECRUITER_KEYS = {
  name: 'field.name',
  email: 'recruiters.email',
} as const satisfies Record<string, MessageKey>;

const m = RECRUITER_KEYS;

/** Product §5: optional, but a valid address when given; blank is sent and stored as null. */
const optionalEmail = cleanString({}, { error: m.email })
  .trim()
  .max(EMAIL_MAX_LENGTH, m.email)
  .nullish()
  .transform((value) => value || null)
  .pipe(z.email({ error: m.email }).nullable());

/** POST /api/admin/recruiters (product §7). */
export const recruiterSchema = z.strictObject({
  name: requiredText(m.name, { max: NAME_MAX_LENGTH, isName: true }),
  email: optionalEmail,
});

/** PATCH /api/admin/recruiters/{id}: the e-mail is the only editable field; null (or blank) clears it. */
export const recruiterEmailSchema = z.strictObject({
  email: optionalEmail,
});

export const RECRUITER_FIELD_ORDER = ['name', 'email'] as const;

export type RecruiterInput = z.input<typeof recruiterSchema>;
export type RecruiterData = z.output<typeof recruiterSchema>;
export type RecruiterEmailInput = z.input<typeof recruiterEmailSchema>;
export type RecruiterEmail = z.output<typeof recruiterEmailSchema>;
