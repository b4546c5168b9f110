import type { MessageKey, MessageParams } from './messages/message.ts';

/**
 * Every error the API can answer with. The server maps a code to its HTTP status (architecture §3);
 * the client branches on the code, never on the message text.
 */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  /** A public form came without a valid, unused proof-of-work solution (docs/decisions/049). */
  CAPTCHA_FAILED: 400,
  UNAUTHENTICATED: 401,
  /** The password was right; the second factor is still to come (or was wrong). */
  TWO_FACTOR_REQUIRED: 401,
  FORBIDDEN_ORIGIN: 403,
  /** The admin's role does not allow this. */
  FORBIDDEN: 403,
  /** REQUIRE_2FA is set and this admin must enrol before anything else. */
  TWO_FACTOR_ENROLMENT_REQUIRED: 403,
  NOT_FOUND: 404,
  REQUEST_TIMEOUT: 408,
  CONFLICT: 409,
  INVALID_TRANSITION: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  TOO_MANY_UPLOADS: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** A message by key with its parameters, as an error reply carries it (docs/decisions/031). */
export interface KeyedMessage {
  key: MessageKey;
  params?: MessageParams;
}

/** The JSON body of every error reply. */
export interface ApiErrorBody {
  /** English, as architecture §3 writes it. */
  message: string;
  code: ErrorCode;
  fields?: Record<string, string>;
  /** `message` by key, for a client to show in its own language; absent for a text that has no key. */
  messageKey?: MessageKey;
  messageParams?: MessageParams;
  /** `fields` by key, for those that have one. */
  fieldKeys?: Record<string, KeyedMessage>;
  /** The id the server's log line for this request carries, to quote when reporting a problem. */
  requestId?: string;
}
