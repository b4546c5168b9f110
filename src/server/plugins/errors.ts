import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { type ApiErrorBody, ERROR_STATUS, type ErrorCode } from '#shared/error-codes.ts';
import { AppError } from '../lib/app-error.ts';

const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again.';

/** Fastify's and its plugins' own error codes, mapped onto ours (DESIGN §3). */
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

export function errorBody(code: ErrorCode, message: string, fields?: Record<string, string>): ApiErrorBody {
  return fields ? { message, code, fields } : { message, code };
}

/** Field → first message, keyed by the top-level field name. */
export function zodFieldMessages(error: ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '_');
    fields[key] ??= issue.message;
  }
  return fields;
}

/** One error path (STYLE §6): every failure leaves as `{ message, code, fields? }`, 5xx without internals. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined) reply.header('Retry-After', String(error.retryAfterSeconds));
      return reply.status(error.statusCode).send(errorBody(error.code, error.message, error.fields));
    }
    if (error instanceof ZodError) {
      const fields = zodFieldMessages(error);
      const message = error.issues[0]?.message ?? 'The request is not valid';
      return reply.status(400).send(errorBody('VALIDATION_FAILED', message, fields));
    }
    const known = error.code ? FRAMEWORK_CODES[error.code] : undefined;
    if (known) return reply.status(ERROR_STATUS[known.code]).send(errorBody(known.code, known.message));
    const status = error.statusCode ?? 500;
    if (status === 429) return reply.status(429).send(errorBody('RATE_LIMITED', error.message));
    if (status >= 400 && status < 500) return reply.status(status).send(errorBody('BAD_REQUEST', error.message));
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(errorBody('INTERNAL', INTERNAL_MESSAGE));
  });
}
