import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import type { ApiErrorBody, ErrorCode, KeyedMessage } from '#shared/error-codes.ts';
import { ERROR_STATUS } from '#shared/error-codes.ts';
import { englishOf, isMessageKey } from '#shared/messages/english.ts';
import { type Message, type MessageKey, messageOf } from '#shared/messages/message.ts';
import { messageOfIssue } from '#shared/messages/zod-issue.ts';
import type { FieldMessages } from '#shared/schemas/errors.ts';
import { AppError } from '../lib/app-error.ts';
import { isUnavailableError, RETRY_AFTER_UNAVAILABLE_SECONDS } from '../lib/unavailable.ts';
import { logFailure } from './request-log.ts';

/** Fastify's and its plugins' own error codes, mapped onto ours (architecture §3). */
const FRAMEWORK_CODES: Record<string, { code: ErrorCode; message: MessageKey }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', message: 'request.tooLarge' },
  FST_REQ_FILE_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', message: 'upload.fileTooLarge' },
  FST_FILES_LIMIT: { code: 'PAYLOAD_TOO_LARGE', message: 'upload.tooManyFiles' },
  FST_PARTS_LIMIT: { code: 'PAYLOAD_TOO_LARGE', message: 'upload.tooManyFields' },
  FST_FIELDS_LIMIT: { code: 'PAYLOAD_TOO_LARGE', message: 'upload.tooManyFields' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'request.unsupportedType' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'upload.notMultipart' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'BAD_REQUEST', message: 'request.emptyBody' },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'BAD_REQUEST', message: 'request.invalidJson' },
  FST_ERR_VALIDATION: { code: 'VALIDATION_FAILED', message: 'request.invalid' },
};

/** A message's key and parameters for the reply, or nothing for a text that has no key (a framework's own). */
function keyed(message: Message): KeyedMessage | undefined {
  if (!isMessageKey(message.key)) return undefined;
  return message.params ? { key: message.key, params: message.params } : { key: message.key };
}

/**
 * The error body of architecture §3, plus the request's id: the same id the log line carries, so a reported
 * problem can be found in the logs. `message` and `fields` are English as they always were; the keys beside
 * them let a client show them in its own language (docs/decisions/031).
 */
export function errorBody(
  request: FastifyRequest,
  code: ErrorCode,
  reason: Message | MessageKey,
  fields?: FieldMessages,
): ApiErrorBody {
  const message = typeof reason === 'string' ? messageOf(reason) : reason;
  const body: ApiErrorBody = { message: englishOf(message), code };
  if (fields) {
    body.fields = Object.fromEntries(Object.entries(fields).map(([field, text]) => [field, englishOf(text)]));
  }
  const key = keyed(message);
  if (key) {
    body.messageKey = key.key;
    if (key.params) body.messageParams = key.params;
  }
  const fieldKeys = Object.entries(fields ?? {}).flatMap(([field, text]) => {
    const fieldKey = keyed(text);
    return fieldKey ? [[field, fieldKey] as const] : [];
  });
  if (fieldKeys.length > 0) body.fieldKeys = Object.fromEntries(fieldKeys);
  body.requestId = request.id;
  return body;
}

/** A text without a key (an error's own words), carried as a message that is written as it is. */
export const asIs = (text: string): Message => ({ key: text as MessageKey });

/**
 * Field → first message, keyed by the top-level field name. A strict schema's unknown keys (path []) are
 * named one by one, so the reply says which field to drop.
 */
export function zodFieldMessages(error: ZodError): FieldMessages {
  const fields: FieldMessages = {};
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) fields[printable(key)] ??= messageOf('field.notAccepted');
      continue;
    }
    const key = String(issue.path[0] ?? '_');
    fields[key] ??= messageOfIssue(issue);
  }
  return fields;
}

/** A field name a client made up goes back cut short and without control characters. */
function printable(name: string): string {
  return name.replace(/[^\x20-\x7E]/g, '?').slice(0, 40);
}

function firstMessage(error: ZodError, fields: FieldMessages): Message {
  const [issue] = error.issues;
  if (issue?.code === 'unrecognized_keys') {
    return messageOf('request.unknownField', { field: printable(issue.keys[0] ?? '') });
  }
  return (issue ? messageOfIssue(issue) : undefined) ?? Object.values(fields)[0] ?? messageOf('request.invalid');
}

/** One error path (architecture §9.6): every failure leaves as `{ message, code, fields?, requestId }`, 5xx without internals. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
    if (error instanceof AppError) {
      if (error.statusCode === 429) request.server.metrics.rateLimitRefused(error.limit ?? 'other');
      // Every 429 and 503 says when to come back (architecture §5), even where the thrower did not know.
      const retryAfter =
        error.retryAfterSeconds ??
        (error.statusCode === 429 ? 60 : error.statusCode === 503 ? RETRY_AFTER_UNAVAILABLE_SECONDS : undefined);
      if (retryAfter !== undefined) reply.header('Retry-After', String(retryAfter));
      return reply.status(error.statusCode).send(errorBody(request, error.code, error.reason, error.fieldReasons));
    }
    if (error instanceof ZodError) {
      const fields = zodFieldMessages(error);
      return reply.status(400).send(errorBody(request, 'VALIDATION_FAILED', firstMessage(error, fields), fields));
    }
    const known = error.code ? FRAMEWORK_CODES[error.code] : undefined;
    if (known) return reply.status(ERROR_STATUS[known.code]).send(errorBody(request, known.code, known.message));
    const status = error.statusCode ?? 500;
    if (status === 429) {
      request.server.metrics.rateLimitRefused('other');
      reply.header('Retry-After', reply.getHeader('Retry-After') ?? '60');
      return reply.status(429).send(errorBody(request, 'RATE_LIMITED', asIs(error.message)));
    }
    if (status >= 400 && status < 500)
      return reply.status(status).send(errorBody(request, 'BAD_REQUEST', asIs(error.message)));
    if (isUnavailableError(error)) {
      // Not a bug in this code: logged as a warning, so alerts on errors stay about bugs.
      logFailure(request, reply, 'warn', 503, error, 'a backing service is unavailable');
      reply.header('Retry-After', String(RETRY_AFTER_UNAVAILABLE_SECONDS));
      return reply.status(503).send(errorBody(request, 'UNAVAILABLE', 'server.unavailable'));
    }
    logFailure(request, reply, 'error', 500, error, 'request failed');
    return reply.status(500).send(errorBody(request, 'INTERNAL', 'server.internal'));
  });
}

/**
 * Fastify's refusals before any route is found (a bad URL encoding such as `/%`, a parameter past its length):
 * the same error body as every other failure. No hook runs for them, so the caller adds the reply headers.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode ?? 400;
  if (status >= 500) {
    logFailure(request, reply, 'error', 500, error, 'request failed');
    reply.status(500).send(errorBody(request, 'INTERNAL', 'server.internal'));
    return;
  }
  reply.status(status).send(errorBody(request, 'BAD_REQUEST', 'request.invalid'));
}
