import { useCallback } from 'react';
import type { ErrorOption, FieldError } from 'react-hook-form';
import type { ErrorCode } from '#shared/error-codes.ts';
import type { LanguageCode } from '#shared/languages.ts';
import { type Message, type MessageKey, type MessageParams, messageOf } from '#shared/messages/message.ts';
import { isApiError, type ServerMessage } from './api-client.ts';
import { i18n, type TFunction, useTranslation } from './i18n.ts';

/**
 * The one place a message by key becomes text (docs/decisions/031): shared schemas and server errors carry
 * keys with parameters, and the screens show them here, in the interface language. A message without a key
 * (an older server's English) is its own key: finding no text for it, the translator gives it back as sent.
 */

/** Anything a screen may show: a message by key, or one from the server with its English beside it. */
export type ShownMessage = Message | ServerMessage;

/** The translations of both parts of the catalogue in one language; a screen loads the parts it shows. */
interface MessageTranslations {
  messages: TFunction<'messages'>;
  adminMessages: TFunction<'adminMessages'>;
}

function translationsIn(language: LanguageCode): MessageTranslations {
  return { messages: i18n.getFixedT(language, 'messages'), adminMessages: i18n.getFixedT(language, 'adminMessages') };
}

export function formatMessage(t: MessageTranslations, message: ShownMessage): string {
  // A key is in one part or the other; a translator gives back a key it has no text for.
  const key = message.key as never;
  let text = t.messages(key, message.params);
  if (text === message.key) text = t.adminMessages(key, message.params);
  // A key this client does not know (a newer server): its English rather than the bare key.
  return text === message.key && 'english' in message ? message.english : text;
}

/** A message in the interface language now, for code outside a component (a toast raised after a call). */
export function messageText(message: ShownMessage | undefined): string | undefined {
  return message && formatMessage(translationsIn(i18n.language), message);
}

/**
 * A function that shows a message in the interface language, or nothing when there is none. The messages'
 * texts are fetched if missing, unless `loadIfMissing` is false (a screen that loads them before it shows one).
 */
export function useMessageText({
  loadIfMissing = true,
}: {
  loadIfMissing?: boolean;
} = {}): (message: ShownMessage | undefined) => string | undefined {
  // Renders again whenever texts arrive or the language changes; the admin part is loaded by the admin screens.
  const { t, i18n: current } = useTranslation('messages', { loadIfMissing });
  return useCallback(
    (message) => message && formatMessage({ ...translationsIn(current.language), messages: t }, message),
    [t, current],
  );
}

/**
 * react-hook-form keeps a field error's key in `message`, and its parameters (and a server's English) beside
 * it: lib/zod-resolver.ts and `fieldError` write them, `messageOfFieldError` reads them back.
 */
type KeyedFieldError = Pick<FieldError, 'message'> & { params?: MessageParams; english?: string };

/** The message of a form field's error, if it has one. */
export function messageOfFieldError(error: KeyedFieldError | undefined): ShownMessage | undefined {
  if (!error?.message) return undefined;
  const message: Message = { key: error.message as MessageKey, ...(error.params ? { params: error.params } : {}) };
  return error.english === undefined ? message : { ...message, english: error.english };
}

/** A field error for react-hook-form's setError, from a message (a server's field message, a screen's own). */
export function fieldError(message: ShownMessage, type = 'server'): ErrorOption {
  const error: ErrorOption & Omit<KeyedFieldError, 'message'> = { type, message: message.key };
  if (message.params) error.params = message.params;
  if ('english' in message) error.english = message.english;
  return error;
}

/** The server's message for a failed call: by key where it sent one, else its English; nothing for other failures. */
export function serverReason(error: unknown): ShownMessage | undefined {
  if (!isApiError(error)) return undefined;
  if (error.reason) return error.reason;
  return error.serverMessage ? { key: error.serverMessage as MessageKey, english: error.serverMessage } : undefined;
}

/** The field messages of a refused call (a 400), by field. */
export function serverFieldMessages(error: unknown): Readonly<Record<string, ShownMessage>> {
  return (isApiError(error) && error.fieldMessages) || {};
}

/**
 * Why a call failed, for a toast: the server's message (by key, else its English), or, where the server sent
 * no key (an older server, a proxy), the screen's own message for the codes it knows.
 */
export function failureReason(
  error: unknown,
  byCode: Partial<Record<ErrorCode, MessageKey>> = {},
): ShownMessage | undefined {
  if (!isApiError(error)) return undefined;
  if (error.reason) return error.reason;
  const own = error.code ? byCode[error.code] : undefined;
  return own ? messageOf(own) : serverReason(error);
}
