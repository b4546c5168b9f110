import type { TFunction } from '#client/lib/i18n.ts';
import type { ErrorCode } from '#shared/error-codes.ts';
import {
  APPLICANT_MAX_AGE,
  APPLICANT_MIN_AGE,
  REVENUE_SHARE_MAX,
  REVENUE_SHARE_MIN,
  STAGE2_MAX_IMAGES,
} from '#shared/limits.ts';
import { AGE_RULES } from '#shared/schemas/fields.ts';
import {
  STAGE2_IMAGE_BAD_TYPE,
  STAGE2_IMAGE_TOO_LARGE,
  STAGE2_MESSAGES,
  STAGE2_TOO_MANY_IMAGES,
} from '#shared/schemas/stage2.ts';

type Stage2T = TFunction<'stage2'>;

/**
 * The shared schema and the server speak English (architecture §9.14); the page shows each known message in the
 * interface language, by its text. Anything else about a file is some refusal of the image pipeline.
 */
const MESSAGES: ReadonlyArray<readonly [string, (t: Stage2T) => string]> = [
  [STAGE2_MESSAGES.country, (t) => t('errors.country')],
  [STAGE2_MESSAGES.age, (t) => t('errors.age')],
  [AGE_RULES.invalid, (t) => t('errors.ageInvalid')],
  [AGE_RULES.outOfRange ?? '', (t) => t('errors.ageRange', { min: APPLICANT_MIN_AGE, max: APPLICANT_MAX_AGE })],
  [STAGE2_MESSAGES.englishLevel, (t) => t('errors.englishLevel')],
  [STAGE2_MESSAGES.compensationType, (t) => t('errors.compensationType')],
  [STAGE2_MESSAGES.yesNo, (t) => t('errors.yesNo')],
  [STAGE2_MESSAGES.agencyPitch, (t) => t('errors.agencyPitch')],
  [STAGE2_MESSAGES.amount, (t) => t('errors.amount')],
  [STAGE2_MESSAGES.revenueShare, (t) => t('errors.revenueShare', { min: REVENUE_SHARE_MIN, max: REVENUE_SHARE_MAX })],
  [STAGE2_MESSAGES.contentType, (t) => t('errors.contentType')],
  [STAGE2_IMAGE_TOO_LARGE, (t) => t('errors.imageTooLarge')],
  [STAGE2_IMAGE_BAD_TYPE, (t) => t('errors.imageBadType')],
  [STAGE2_TOO_MANY_IMAGES, (t) => t('errors.tooManyImages', { max: STAGE2_MAX_IMAGES })],
];
const KNOWN = new Map(MESSAGES);

const TOO_LONG = /^Please use at most (\d+) characters$/;
const FILE_FIELDS = new Set(['revenueScreenshotFile', 'imageFiles']);

/** A validation message (from the schema or a 400's `fields`) in the interface language. */
export function translateStage2Message(t: Stage2T, message: string, field?: string): string {
  const known = KNOWN.get(message);
  if (known) return known(t);
  const tooLong = TOO_LONG.exec(message);
  if (tooLong) return t('errors.tooLong', { max: Number(tooLong[1]) });
  if (field && FILE_FIELDS.has(field)) return t('errors.imageRejected');
  return message;
}

/** The description of product §8's 'Failed to submit form' toast. */
export function submitFailureText(
  t: Stage2T,
  error: {
    code?: ErrorCode | undefined;
    serverMessage?: string | undefined;
    fields?: Readonly<Record<string, string>> | undefined;
  },
): string {
  if (error.code === 'RATE_LIMITED') return t('errors.rateLimited');
  if (error.code === 'UNAVAILABLE') return t('errors.busy');
  if (error.code === 'TOO_MANY_UPLOADS') return t('errors.tooManyUploads');
  if (error.code === 'REQUEST_TIMEOUT') return t('errors.tooSlow');
  const [field, message] = Object.entries(error.fields ?? {})[0] ?? [];
  if (field && message) return translateStage2Message(t, message, field);
  if (error.code === 'VALIDATION_FAILED' && error.serverMessage) return translateStage2Message(t, error.serverMessage);
  return t('toast.submitFailedDescription');
}
