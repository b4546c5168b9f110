import { uploadWithProgress } from '#client/lib/upload-with-progress.ts';
import type { Application } from '#shared/schemas/application.ts';

/** What the form hands over once every check passed: the schema's output plus the photo. */
export type ApplicationSubmission = Application & { confirmationPhoto: File | null };

/** Product §7 POST /api/submissions reply (201). */
export interface SubmissionResult {
  success: boolean;
  creatorId: string;
  message: string;
}

/** The multipart field of the hidden bot trap; people never see or fill it (issue 3). */
export const HONEYPOT_FIELD = 'website';
export const PHOTO_FIELD = 'confirmationPhoto';
/** The interface language the form was filled in: the applicant's e-mails are written in it (issue 13). */
export const LOCALE_FIELD = 'locale';

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
