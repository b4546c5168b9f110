import type { TFunction } from '#client/lib/i18n.ts';
import { LOGIN_MESSAGES } from '#shared/schemas/auth.ts';
import { CONTROL_CHARACTERS_MESSAGE, TEXT_DIRECTION_MESSAGE } from '#shared/schemas/fields.ts';

const TOO_LONG = /^Please use at most (\d+) characters$/;
const THROTTLED = /(\d+) minutes?/;

/** The shared schema speaks English (architecture §9.14); the form shows its messages in the interface language. */
export function translateLoginMessage(t: TFunction<'admin'>, message: string): string {
  if (message === LOGIN_MESSAGES.username) return t('login.errors.username');
  if (message === LOGIN_MESSAGES.password) return t('login.errors.password');
  if (message === LOGIN_MESSAGES.code) return t('login.errors.code');
  if (message === LOGIN_MESSAGES.codeInvalid) return t('login.errors.codeInvalid');
  if (message === CONTROL_CHARACTERS_MESSAGE) return t('login.errors.controlCharacters');
  if (message === TEXT_DIRECTION_MESSAGE) return t('login.errors.textDirection');
  const tooLong = TOO_LONG.exec(message);
  if (tooLong) return t('login.errors.tooLong', { max: Number(tooLong[1]) });
  return message;
}

/**
 * The server's 429 says how long to wait ("…try again in 15 minutes."); the same wait in the interface
 * language, or the server's own words when they carry no number.
 */
export function throttleMessage(t: TFunction<'admin'>, serverMessage: string | undefined): string {
  const minutes = serverMessage ? THROTTLED.exec(serverMessage) : null;
  if (minutes) return t('login.throttled', { count: Number(minutes[1]) });
  return serverMessage ?? t('login.throttledGeneric');
}
