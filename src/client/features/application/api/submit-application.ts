import { uploadWithProgress } from '#client/lib/upload-with-progress.ts';
import type { SubmissionResult } from '#shared/replies/submissions.ts';
import { type Application, HONEYPOT_FIELD, LOCALE_FIELD, PHOTO_FIELD } from '#shared/schemas/application.ts';

/** What the form hands over once every check passed: the schema's output plus the photo. */
export type ApplicationSubmission = Application & { confirmationPhoto: File | null };

/**
 * Product §7: every answer as text, empty, null and undefined skipped, the photo as a file (last, so the
 * server has read the answers before the large part arrives).
 */
export function buildApplicationFormData(values: ApplicationSubmission, honeypot = '', locale = ''): FormData {
  const formData = new FormData();
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
  return uploadWithProgress<SubmissionResult>(
    '/api/submissions',
    buildApplicationFormData(values, options.honeypot, options.locale),
    options.onProgress,
    { signal: options.signal },
  );
}
