import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { type ApiErrorBody, ERROR_STATUS, type ErrorCode } from '#shared/error-codes.ts';
import { AppError } from '../lib/app-error.ts';
import { isUnavailableError, RETRY_AFTER_UNAVAILABLE_SECONDS } from '../lib/unavailable.ts';

const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again.';
const UNAVAILABLE_MESSAGE = 'The service is briefly unavailable. Please try again in a moment.';
export const UNKNOWN_FIELD_MESSAGE = 'This field is not accepted';

/** Fastify's and its plugins' own error codes, mapped onto ours (architecture §3). */
const FRAMEWORK_CODES: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', message: 'The request is too large' },
  FST_REQ_FILE_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', message: 'The file is too large' },
  FST_FILES_LIMIT: { code: 'PAYLOAD_TOO_LARGE', message: 'Too many files' },
  FST_PARTS_LIMIT: { code: 'PAYLOAD_TOO_LARGE', message: 'Too many form fields' },
  FST_FIELDS_LIMIT: { code: 'PAYLOAD_TOO_LARGE', message: 'Too many form fields' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Unsupported content type' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'The request is not multipart' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'BAD_REQUEST', message: 'The request body is empty' },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'BAD_REQUEST', message: 'The request body is not valid JSON' },
  FST_ERR_VALIDATION: { code: 'VALIDATION_FAILED', message: 'The request is not valid' },
};

/**
 * The error body of architecture §3, plus the request's id: the same id the log line carries, so a reported
 * problem can be found in the logs.
 */
export function errorBody(
  request: FastifyRequest,
  code: ErrorCode,
  message: string,
  fields?: Record<string, string>,
): ApiErrorBody {
  return fields ? { message, code, fields, requestId: request.id } : { message, code, requestId: request.id };
}

/**
 * Field → first message, keyed by the top-level field name. A strict schema's unknown keys (path []) are
 * named one by one, so the reply says which field to drop.
 */
export function zodFieldMessages(error: ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) fields[printable(key)] ??= UNKNOWN_FIELD_MESSAGE;
      continue;
    }
    const key = String(issue.path[0] ?? '_');
    fields[key] ??= issue.message;
  }
  return fields;
}

/** A field name a client made up goes back cut short and without control characters. */
function printable(name: string): string {
  return name.replace(/[^\x20-\x7E]/g, '?').slice(0, 40);
}

function firstMessage(error: ZodError, fields: Record<string, string>): string {
  const [issue] = error.issues;
  if (issue?.code === 'unrecognized_keys') return `Unknown field "${printable(issue.keys[0] ?? '')}"`;
  return issue?.message ?? Object.values(fields)[0] ?? 'The request is not valid';
}

/** One error path (architecture §9.6): every failure leaves as `{ message, code, fields?, requestId }`, 5xx without internals. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
    if (error instanceof AppError) {
      // Every 429 and 503 says when to come back (architecture §5), even where the thrower did not know.
      const retryAfter =
        error.retryAfterSeconds ??
        (error.statusCode === 429 ? 60 : error.statusCode === 503 ? RETRY_AFTER_UNAVAILABLE_SECONDS : undefined);
      if (retryAfter !== undefined) reply.header('Retry-After', String(retryAfter));
      return reply.status(error.statusCode).send(errorBody(request, error.code, error.message, error.fields));
    }
    if (error instanceof ZodError) {
      const fields = zodFieldMessages(error);
      return reply.status(400).send(errorBody(request, 'VALIDATION_FAILED', firstMessage(error, fields), fields));
    }
    const known = error.code ? FRAMEWORK_CODES[error.code] : undefined;
    if (known) return reply.status(ERROR_STATUS[known.code]).send(errorBody(request, known.code, known.message));
    const status = error.statusCode ?? 500;
    if (status === 429) {
      reply.header('Retry-After', reply.getHeader('Retry-After') ?? '60');
      return reply.status(429).send(errorBody(request, 'RATE_LIMITED', error.message));
    }
    if (status >= 400 && status < 500)
      return reply.status(status).send(errorBody(request, 'BAD_REQUEST', error.message));
    if (isUnavailableError(error)) {
      // Not a bug in this code: logged as a warning, so alerts on errors stay about bugs.
      request.log.warn({ err: error }, 'a backing service is unavailable');
      reply.header('Retry-After', String(RETRY_AFTER_UNAVAILABLE_SECONDS));
      return reply.status(503).send(errorBody(request, 'UNAVAILABLE', UNAVAILABLE_MESSAGE));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(errorBody(request, 'INTERNAL', INTERNAL_MESSAGE));
  });
}
