import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { PHOTO_MAX_BYTES } from '#shared/limits.ts';

/**
 * The strictest limits any upload needs; a route that expects more passes its own to `request.parts()`
 * (busboy merges them over these). Nothing is parsed until a handler asks for the parts, so the limits
 * also bound a multipart body sent to a route that never reads one.
 */
export const MULTIPART_DEFAULT_LIMITS = {
  fieldNameSize: 100,
  fieldSize: 10_000,
  fields: 20,
  fileSize: PHOTO_MAX_BYTES,
  files: 1,
  parts: 25,
  headerPairs: 20,
} as const;

/** Registers @fastify/multipart once, at the root (it is encapsulation-free), for every upload route. */
export async function registerMultipart(app: FastifyInstance): Promise<void> {
  await app.register(fastifyMultipart, { limits: MULTIPART_DEFAULT_LIMITS, throwFileSizeLimit: true });
}
