import { withCaptcha } from '#client/lib/captcha/captcha.ts';
import { uploadWithProgress } from '#client/lib/upload-with-progress.ts';
import { CAPTCHA_FIELD } from '#shared/captcha-field.ts';
import type { SubmissionResult } from '#shared/replies/submissions.ts';
import { type Application, HONEYPOT_FIELD, LOCALE_FIELD, PHOTO_FIELD } from '#shared/schemas/application.ts';

/** What the form hands over once every check passed: the schema's output plus the photo. */
export type ApplicationSubmission = Application & { confirmationPhoto: File | null };

/**
 * Product §7: the proof of work first (the server checks it before it writes any file), every answer as
 * text, empty, null and undefined skipped, the photo as a file (last, so the server has read the answers
 * before the large part arrives).
 */
export function buildApplicationFormData(
  values: ApplicationSubmission,
  honeypot = '',
  locale = '',
  captcha = '',
): FormData {
  const formData = new FormData();
  if (captcha !== '') formData.append(CAPTCHA_FIELD, captcha);
  for (const [field, value] of Object.entries(values)) {
    if (field === PHOTO_FIELD || value === null || value === undefined || value === '') continue;
    formData.append(field, String(value));
  }
  if (honeypot !== '') formData.append(HONEYPOT_FIELD, honeypot);
  if (locale !== '') formData.append(LOCALE_FIELD, locale);
  if (values.confirmationPhoto) {
    formData.append(PHOTO_FIELD, values.confirmationPhoto, values.confirmationPhoto.name);
  }
  return formData;
}

export interface SubmitOptions {
  honeypot?: string;
  locale?: string;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

export function submitApplication(
  values: ApplicationSubmission,
  options: SubmitOptions = {},
): Promise<SubmissionResult> {
  // Solved in the background while she filled the form (lib/captcha); awaited here only if it is not yet.
  return withCaptcha((captcha) =>
    uploadWithProgress<SubmissionResult>(
      '/api/submissions',
      buildApplicationFormData(values, options.honeypot, options.locale, captcha),
      options.onProgress,
      { signal: options.signal },
    ),
  );
}
