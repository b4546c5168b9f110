import { isApiError } from '#client/lib/api-client.ts';
import type { TFunction } from '#client/lib/i18n.ts';
import { toast } from '#client/lib/toast.ts';
import { RECRUITER_MESSAGES } from '#shared/schemas/recruiter.ts';

type RecruitersT = TFunction<'recruiters'>;

const TOO_LONG = /^Please use at most (\d+) characters$/;

/**
 * The shared schema speaks English (architecture §9.14); the recruiter screens show each message they know in the
 * interface language and anything newer as sent.
 */
export function translateRecruiterMessage(t: RecruitersT, message: string): string {
  if (message === RECRUITER_MESSAGES.name) return t('errors.name');
  if (message === RECRUITER_MESSAGES.email) return t('errors.email');
  const tooLong = TOO_LONG.exec(message);
  if (tooLong) return t('errors.tooLong', { max: Number(tooLong[1]) });
  return message;
}

/**
 * A failed change's toast text (product §8): the server's message (translated when the code says what it
 * means), else the screen's own fallback such as 'Failed to add recruiter'.
 */
export function recruiterFailureText(t: RecruitersT, error: unknown, fallback: string): string {
  if (!isApiError(error)) return fallback;
  if (error.code === 'CONFLICT') return t('errors.duplicateName');
  if (error.code === 'NOT_FOUND') return t('errors.notFound');
  if (error.code === 'RATE_LIMITED') return t('errors.rateLimited');
  if (error.serverMessage) return translateRecruiterMessage(t, error.serverMessage);
  return fallback;
}

/**
 * The destructive toast for a failed change. A 401 shows nothing here: the admin session guard announces the
 * ended session and returns to the login page, and one toast at a time means this one would hide it.
 */
export function toastRecruiterFailure(t: RecruitersT, error: unknown, fallback: string): void {
  if (isApiError(error) && error.status === 401) return;
  toast({ variant: 'destructive', title: t('errors.title'), description: recruiterFailureText(t, error, fallback) });
}
