import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { type ZodType, z } from 'zod';
import { ERROR_STATUS, type ErrorCode } from '#shared/error-codes.ts';
import { messageKeyFields, messageParamsSchema } from '#shared/replies/messages.ts';

/**
 * Pieces every route declaration shares (docs/decisions/029): the error body, the standard error replies,
 * and the shapes of replies that are not JSON.
 */

export const apiErrorSchema = z
  .object({
    message: z.string(),
    code: z.enum(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]]),
    fields: z.record(z.string(), z.string()).optional().describe('One message per field, for a 400'),
    ...messageKeyFields,
    fieldKeys: z
      .record(z.string(), z.object({ key: z.string(), params: messageParamsSchema.optional() }))
      .optional()
      .describe('`fields` by key, for those that have one'),
    requestId: z.string().optional().describe("The id of the server's log line for this request"),
  })
  .meta({ id: 'ApiError' });

type ErrorStatus = 400 | 401 | 403 | 404 | 408 | 409 | 413 | 415 | 429 | 500 | 503;

/** The error replies a route answers with besides the standard ones (added to every route by api-schemas.ts). */
export function errorReplies<const S extends ErrorStatus>(...statuses: S[]): Record<S, typeof apiErrorSchema> {
  return Object.fromEntries(statuses.map((status) => [status, apiErrorSchema])) as Record<S, typeof apiErrorSchema>;
}

/** A reply with no body (204). */
export const noContent = z.null().describe('No content');

/** A streamed reply that is not JSON: documented by its media type, never serialised by a schema. */
export function fileReply(mediaType: string, description: string) {
  return { description, content: { [mediaType]: { schema: z.string().describe(description) } } };
}

/** The `:creatorId` of the admin creator routes, documented once. */
export const creatorIdParams = z.object({
  creatorId: z.string().max(200).describe('The Creator ID shown to staff, e.g. RN-8K3Q2Z'),
});

/**
 * A body that may be left out or sent as null is read as `{}`, so a missing field gets its own message
 * ("Name is required") rather than one about the whole body.
 */
export const bodyOrEmpty = <T extends ZodType>(schema: T) => z.preprocess((body) => body ?? {}, schema);

/**
 * A streamed reply is sent as it is, past the serializer: its schema documents it, but the typed `send` knows
 * only the shapes a serializer writes, so the stream passes as the reply the schema declares.
 */
export const streamed = (stream: Readable) => stream as never;

/** A reply already written as JSON by its schema's serializer, sent as it is (as `streamed`, for the typed `send`). */
export const serialized = (json: string) => json as never;

/**
 * A stored image as a reply (architecture §5): the stored content type, no sniffing, a sandbox so a crafted
 * file can never run as a page of this site, and no copy in any shared cache.
 */
export function sendStoredImage(
  reply: FastifyReply,
  file: { stream: Readable; size: number; contentType: string },
): FastifyReply {
  return reply
    .header('Content-Type', file.contentType)
    .header('Content-Length', file.size)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "default-src 'none'; sandbox")
    .header('Cache-Control', 'private, no-store')
    .header('Content-Disposition', 'inline')
    .send(file.stream);
}
