import { isApiError } from '#client/lib/api-client.ts';
import type { TFunction } from '#client/lib/i18n.ts';
import { toast } from '#client/lib/toast.ts';
import { ADMIN_PASSWORD_MIN_LENGTH } from '#shared/limits.ts';
import { ACCOUNT_MESSAGES, LOGIN_MESSAGES } from '#shared/schemas/auth.ts';
import { CONTROL_CHARACTERS_MESSAGE, TEXT_DIRECTION_MESSAGE } from '#shared/schemas/fields.ts';

const TOO_LONG = /^Please use at most (\d+) characters$/;
const WRONG_PASSWORD = 'Your current password is not correct';
const DUPLICATE = 'An admin with this username already exists';

/**
 * The shared schemas and the server speak English (architecture §9.14); the account and admin screens show the
 * interface language. Shared by both screens' features, which may not import each other (architecture §9.1).
 */
export function translateAccountMessage(t: TFunction<'account'>, message: string | undefined): string | undefined {
  if (message === undefined) return undefined;
  const known: Record<string, string> = {
    [ACCOUNT_MESSAGES.currentPassword]: t('account.errors.currentPassword'),
    [ACCOUNT_MESSAGES.newPasswordTooShort]: t('account.errors.tooShort', { min: ADMIN_PASSWORD_MIN_LENGTH }),
    [LOGIN_MESSAGES.code]: t('account.errors.code'),
    [LOGIN_MESSAGES.codeInvalid]: t('account.errors.codeInvalid'),
    [LOGIN_MESSAGES.username]: t('account.errors.username'),
    [WRONG_PASSWORD]: t('account.errors.wrongPassword'),
    [DUPLICATE]: t('account.errors.duplicate'),
    [CONTROL_CHARACTERS_MESSAGE]: t('account.errors.controlCharacters'),
    [TEXT_DIRECTION_MESSAGE]: t('account.errors.textDirection'),
  };
  const tooLong = TOO_LONG.exec(message);
  if (tooLong) return t('account.errors.tooLong', { max: Number(tooLong[1]) });
  return known[message] ?? message;
}

/** A failed change: the server's message in the interface language where known, else the screen's words. */
export function toastAccountFailure(t: TFunction<'account'>, error: unknown, fallback: string): void {
  const message = isApiError(error) ? error.serverMessage : undefined;
  toast({ variant: 'destructive', title: fallback, description: translateAccountMessage(t, message) });
}

/** Field messages of a 400, onto the form's fields. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  return isApiError(error) && error.fields ? { ...error.fields } : {};
}

export function formatDateTime(iso: string | null, language: string): string {
  if (!iso) return '';
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}
