import fastJsonStringify from 'fast-json-stringify';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { type ZodType, z } from 'zod';
import { apiErrorSchema } from '../lib/route-schemas.ts';

/**
 * Routes declare zod schemas (docs/decisions/029). Requests are parsed by them, so a handler receives the
 * schema's output and a failure reaches the error handler as the ZodError it always was; replies are written
 * by a serializer compiled from the reply schema, which writes the declared fields and nothing else.
 */

type JsonSchema = { [key: string]: unknown };

/**
 * zod writes a nullable number as `anyOf: [number, null]`; the serializer would test every value against
 * both branches, so a nullable primitive becomes the equivalent `type: [t, 'null']`.
 */
function simplifyNullables(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplifyNullables);
  if (node === null || typeof node !== 'object') return node;
  const schema = Object.fromEntries(
    Object.entries(node as JsonSchema).map(([key, value]) => [key, simplifyNullables(value)]),
  ) as JsonSchema;
  const branches = schema.anyOf as JsonSchema[] | undefined;
  if (branches?.length === 2) {
    const nullIndex = branches.findIndex((branch) => branch.type === 'null' && Object.keys(branch).length === 1);
    const other = branches[1 - nullIndex];
    if (
      nullIndex !== -1 &&
      other &&
      typeof other.type === 'string' &&
      other.type !== 'object' &&
      other.type !== 'array'
    ) {
      const { anyOf: _anyOf, ...rest } = schema;
      return { ...rest, ...other, type: [other.type, 'null'] };
    }
  }
  return schema;
}

/** The JSON Schema a reply is written by: ids and descriptions left out, every reference inlined. */
export function replyJsonSchema(schema: ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, {
    io: 'output',
    target: 'draft-7',
    metadata: z.registry(),
    unrepresentable: 'any',
  }) as JsonSchema;
  delete json.$schema;
  return simplifyNullables(json) as JsonSchema;
}

type Serializer = (data: unknown) => string;
/** One compiled serializer per schema, shared by every app in the process, compiled on first use. */
const serializers = new WeakMap<ZodType, Serializer>();

/** The serializer of a reply schema, for a route that writes one of its 200's shapes itself. */
export function serializerFor(schema: ZodType): Serializer {
  let serializer = serializers.get(schema);
  if (!serializer) {
    serializer = fastJsonStringify(replyJsonSchema(schema) as unknown as Parameters<typeof fastJsonStringify>[0]);
    serializers.set(schema, serializer);
  }
  return serializer;
}

function isZodSchema(schema: unknown): schema is ZodType {
  return schema instanceof z.ZodType;
}

/** The replies every API route may give, whatever it declares. */
function standardReplies(route: RouteOptions): Record<number, ZodType> {
  // 400 everywhere: control characters in any query parameter or JSON field are refused (input-hygiene.ts).
  const replies: Record<number, ZodType> = { 400: apiErrorSchema, 500: apiErrorSchema, 503: apiErrorSchema };
  const isAdmin = route.url.startsWith('/api/admin');
  if (isAdmin && !route.config?.public) Object.assign(replies, { 401: apiErrorSchema, 403: apiErrorSchema });
  // The Origin check refuses a change from elsewhere, signed in or not (plugins/security.ts).
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  if (isAdmin && methods.some((method) => method !== 'GET' && method !== 'HEAD')) replies[403] = apiErrorSchema;
  if (route.schema?.body) Object.assign(replies, { 413: apiErrorSchema, 415: apiErrorSchema });
  return replies;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api route as registered (method and URL), which the API document must list. */
    apiRoutes: ReadonlyArray<{ method: string; url: string }>;
  }
}

export function registerApiSchemas(app: FastifyInstance): void {
  const apiRoutes: { method: string; url: string }[] = [];
  app.decorate('apiRoutes', apiRoutes);
  app.setValidatorCompiler<ZodType>(({ schema }) => (data) => {
    const result = schema.safeParse(data);
    // The ZodError itself: the error handler turns it into the 400 of architecture §3, as it always has.
    return result.success ? { value: result.data } : { error: result.error };
  });
  app.setSerializerCompiler<ZodType>(({ schema }) => {
    if (!isZodSchema(schema)) return (data) => JSON.stringify(data);
    let serializer: Serializer | undefined;
    return (data) => {
      serializer ??= serializerFor(schema);
      return serializer(data);
    };
  });

  // Every API route documents the error replies it can give besides its own (503 when the database is away…).
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const schema: FastifySchema = route.schema ?? {};
    if (schema.hide) return;
    for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
      // A plugin's '/' route is registered with and without the slash: one route of the API.
      const url = route.url.replace(/(.)\/$/, '$1');
      const isListed = apiRoutes.some((known) => known.method === method && known.url === url);
      if (method !== 'HEAD' && !isListed) apiRoutes.push({ method, url });
    }
    const declared = (schema.response ?? {}) as Record<string, unknown>;
    route.schema = { ...schema, response: { ...standardReplies(route), ...declared } };
  });
}
