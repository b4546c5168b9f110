import type { TFunction } from '#client/lib/i18n.ts';
import type { ErrorCode } from '#shared/error-codes.ts';
import { APPLICANT_MAX_AGE, APPLICANT_MIN_AGE } from '#shared/limits.ts';
import { APPLICATION_MESSAGES, PHOTO_BAD_TYPE, PHOTO_TOO_LARGE } from '#shared/schemas/application.ts';
import { AGE_RULES } from '#shared/schemas/fields.ts';

type MessageKey =
  | 'application.errors.name'
  | 'application.errors.language'
  | 'application.errors.gender'
  | 'application.errors.contactMethod'
  | 'application.errors.contactInfo'
  | 'application.errors.agencyGoals'
  | 'application.errors.recruiter'
  | 'application.errors.email'
  | 'application.errors.telegram'
  | 'application.errors.phone'
  | 'application.errors.yesNo'
  | 'application.errors.monthlyRange'
  | 'application.errors.photoTooLarge'
  | 'application.errors.photoBadType'
  | 'application.errors.ageInvalid';

/**
 * The shared schema and the server speak English (architecture §9.14); the form shows each known message in the
 * interface language. A message this table does not know (a newer server) is shown as sent.
 */
const MESSAGE_KEYS = new Map<string, MessageKey>([
  [APPLICATION_MESSAGES.name, 'application.errors.name'],
  [APPLICATION_MESSAGES.language, 'application.errors.language'],
  [APPLICATION_MESSAGES.gender, 'application.errors.gender'],
  [APPLICATION_MESSAGES.contactMethod, 'application.errors.contactMethod'],
  [APPLICATION_MESSAGES.contactInfo, 'application.errors.contactInfo'],
  [APPLICATION_MESSAGES.agencyGoals, 'application.errors.agencyGoals'],
  [APPLICATION_MESSAGES.recruiter, 'application.errors.recruiter'],
  [APPLICATION_MESSAGES.email, 'application.errors.email'],
  [APPLICATION_MESSAGES.telegram, 'application.errors.telegram'],
  [APPLICATION_MESSAGES.phone, 'application.errors.phone'],
  [APPLICATION_MESSAGES.yesNo, 'application.errors.yesNo'],
  [APPLICATION_MESSAGES.monthlyRange, 'application.errors.monthlyRange'],
  [PHOTO_TOO_LARGE, 'application.errors.photoTooLarge'],
  [PHOTO_BAD_TYPE, 'application.errors.photoBadType'],
  [AGE_RULES.invalid, 'application.errors.ageInvalid'],
]);

const TOO_LONG = /^Please use at most (\d+) characters$/;

/** A validation message (from the schema or a 400's `fields`) in the interface language. */
export function translateMessage(t: TFunction, message: string): string {
  const key = MESSAGE_KEYS.get(message);
  if (key) return t(key);
  if (message === AGE_RULES.outOfRange) {
    return t('application.errors.ageRange', { min: APPLICANT_MIN_AGE, max: APPLICANT_MAX_AGE });
  }
  const tooLong = TOO_LONG.exec(message);
  if (tooLong) return t('application.errors.tooLong', { max: Number(tooLong[1]) });
  return message;
}

/**
 * What a failed submission's toast says (product §8): the server's message, translated when it is one we
 * know (by text or, for the limits and a busy server, by code); otherwise the spec's generic text.
 */
export function submissionFailureText(
  t: TFunction,
  error: { code?: ErrorCode | undefined; serverMessage?: string | undefined },
): string {
  if (error.code === 'RATE_LIMITED') return t('application.errors.rateLimited');
  if (error.code === 'UNAVAILABLE') return t('application.errors.busy');
  if (error.code === 'TOO_MANY_UPLOADS') return t('application.errors.tooManyUploads');
  if (error.code === 'REQUEST_TIMEOUT') return t('application.errors.tooSlow');
  if (error.serverMessage) return translateMessage(t, error.serverMessage);
  return t('application.toast.failedDescription');
}
