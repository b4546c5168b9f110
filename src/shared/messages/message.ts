import {
  ADMIN_PASSWORD_MIN_LENGTH,
  APPLICANT_MAX_AGE,
  APPLICANT_MIN_AGE,
  BULK_CONTACT_MAX,
  BULK_MAX_CREATORS,
  FIRST_DAY,
  IMPORT_MAX_BYTES,
  INSIGHTS_MAX_DAYS,
  LAST_DAY,
  PASSWORD_MAX_LENGTH,
  REVENUE_SHARE_MAX,
  REVENUE_SHARE_MIN,
  STAGE2_MAX_IMAGES,
  USERNAME_MAX_LENGTH,
} from '../limits.ts';
import type { ADMIN_MESSAGES } from './admin.ts';
import type { PUBLIC_MESSAGES } from './public.ts';

/**
 * A message by key with its parameters (docs/decisions/031): what the shared schemas, the server's errors and
 * the client pass around instead of English. The server writes it out in English (english.ts); the client
 * translates it where it is shown. This module holds no text, so code that only passes keys carries none.
 */

type Catalogue = typeof PUBLIC_MESSAGES & typeof ADMIN_MESSAGES;

type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** `auth.throttled_one` and `auth.throttled_other` are the plural forms of one message, `auth.throttled`. */
type WithoutPlural<K extends string> = K extends `${infer Base}_${'one' | 'other'}` ? Base : K;

export type MessageKey = WithoutPlural<Leaves<Catalogue>>;

/** Values for a message's `{{name}}` placeholders; `count` also picks the plural form. */
export type MessageParams = Readonly<Record<string, string | number>>;

export interface Message {
  readonly key: MessageKey;
  readonly params?: MessageParams;
}

/** Where a message is given without parameters, its key alone will do. */
export type MessageLike = MessageKey | Message;

/**
 * Messages whose numbers are the product's own limits: they carry them by key, whichever check raised them
 * (a wrong type, a custom rule, a service), so no caller can leave a `{{min}}` unfilled.
 */
const LIMIT_PARAMS: Partial<Record<MessageKey, MessageParams>> = {
  'age.range': { min: APPLICANT_MIN_AGE, max: APPLICANT_MAX_AGE },
  'stage2.revenueShare': { min: REVENUE_SHARE_MIN, max: REVENUE_SHARE_MAX },
  'stage2.tooManyImages': { max: STAGE2_MAX_IMAGES },
  'account.passwordTooShort': { min: ADMIN_PASSWORD_MIN_LENGTH },
  'account.passwordTooLong': { max: PASSWORD_MAX_LENGTH },
  'account.usernameTooLong': { max: USERNAME_MAX_LENGTH },
  'bulk.tooMany': { max: BULK_MAX_CREATORS },
  'import.tooLarge': { max: IMPORT_MAX_BYTES / 1_000_000 },
  'contact.tooMany': { max: BULK_CONTACT_MAX },
  'insights.span': { max: INSIGHTS_MAX_DAYS },
  'dates.range': { min: FIRST_DAY, max: LAST_DAY },
};

/** A message with its parameters: those given, over the limits its key carries. */
export function messageOf(key: MessageKey, params?: MessageParams): Message {
  const limits = LIMIT_PARAMS[key];
  const all = limits || params ? { ...limits, ...params } : undefined;
  return all ? { key, params: all } : { key };
}

export function toMessage(message: MessageLike): Message {
  return typeof message === 'string' ? messageOf(message) : messageOf(message.key, message.params);
}
