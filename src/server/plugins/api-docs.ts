import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { AppError } from '../lib/app-error.ts';
import { requireAdmin, SESSION_COOKIE } from './admin-session.ts';
import { compressDocsAsset } from './api-docs-assets.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A multipart route's parts, for the document only: the route reads its own stream (plugins/uploads.ts),
     * so no body schema may stand in the way of that.
     */
    multipartParts?: ZodType;
  }
}

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';

/** Tags group the reference page by the part of the product a route belongs to. */
const TAGS: ReadonlyArray<{ prefix: string; name: string; description: string }> = [
  { prefix: '/api/admin/creators', name: 'Creators', description: 'Review, status changes, stage-2 links, exports' },
  { prefix: '/api/admin/recruiters', name: 'Recruiters', description: 'Recruiters and their listings' },
  { prefix: '/api/admin/account', name: 'Account', description: "The signed-in admin's own account" },
  { prefix: '/api/admin/admins', name: 'Admins', description: 'Admin accounts and roles' },
  { prefix: '/api/admin/deliveries', name: 'Deliveries', description: 'Alert e-mails and webhooks' },
  { prefix: '/api/admin/message-templates', name: 'Messages', description: 'Message templates staff send creators' },
  { prefix: '/api/admin/insights', name: 'Insights', description: 'Funnel and conversion figures' },
  { prefix: '/api/admin/files', name: 'Files', description: 'Stored photos, for admins only' },
  { prefix: '/api/admin', name: 'Sign-in', description: 'Sessions and two-factor sign-in' },
  { prefix: '/api/stage2', name: 'Stage 2', description: "The creator's private second-stage form" },
  { prefix: '/api/me', name: 'Own page', description: "The applicant's private page: status, withdraw, her data" },
  { prefix: '/api/submissions', name: 'Applications', description: 'The public application form' },
  { prefix: '/api/recruiters', name: 'Applications', description: 'The public application form' },
  { prefix: '/api/funnel', name: 'Applications', description: 'The public application form' },
  { prefix: '/api', name: 'Service', description: 'Health and documentation' },
];

const tagOf = (url: string) => TAGS.find((tag) => url.startsWith(tag.prefix))?.name ?? 'Service';

/** What each status means, on every route that can answer it. */
const STATUS_DESCRIPTIONS: Record<string, string> = {
  200: 'Success',
  201: 'Created',
  202: 'Accepted; the work goes on, and `Location` says where to follow it',
  204: 'Done; no content',
  400: 'The request is not valid (`fields` holds one message per field), or holds control characters',
  401: 'Not signed in, or the session has ended',
  403: "The role does not allow this, two-factor enrolment comes first, or the call did not come from this site's pages",
  404: 'Not found',
  408: 'The upload arrived too slowly and was cut off',
  409: 'The change conflicts with the current state',
  413: 'The request or one of its files is too large',
  415: 'The content type is not accepted',
  429: 'Too many requests; `Retry-After` says when to try again',
  500: 'Something went wrong on the server',
  503: 'A backing service is unavailable; `Retry-After` says when to try again',
};

function describeReplies(response: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!response) return response;
  return Object.fromEntries(
    Object.entries(response).map(([status, reply]) => {
      const described = reply as { description?: string };
      const description = described.description ?? STATUS_DESCRIPTIONS[status];
      return [status, description ? { ...described, description } : described];
    }),
  );
}

type TransformInput = Parameters<typeof jsonSchemaTransform>[0] & { route: RouteOptions };

/** The zod transform, plus what the routes cannot say in their schema: tag, session, multipart parts. */
function transform(input: TransformInput) {
  const { url, route } = input;
  if (!url.startsWith('/api/') || url.startsWith(DOCS_PATH)) return { schema: { hide: true }, url };
  const parts = route.config?.multipartParts;
  const withParts = parts ? { ...input, schema: { ...input.schema, body: parts } } : input;
  const { schema } = jsonSchemaTransform(withParts);
  const isAdmin = url.startsWith('/api/admin') && !route.config?.public;
  const documented = {
    ...schema,
    response: describeReplies((schema as { response?: Record<string, unknown> }).response),
    tags: (schema as { tags?: string[] }).tags ?? [tagOf(url)],
    ...(parts ? { consumes: ['multipart/form-data'] } : {}),
    ...(isAdmin ? { security: [{ session: [] }] } : {}),
  };
  // A plugin's '/' route answers at its prefix with and without the slash; the document names it without.
  return { schema: documented, url: url.length > 1 ? url.replace(/\/$/, '') : url };
}

const COMPONENT_REF = '#/components/schemas/';

function collectRefs(node: unknown, into: Set<string>): void {
  if (Array.isArray(node)) for (const item of node) collectRefs(item, into);
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith(COMPONENT_REF)) {
        into.add(value.slice(COMPONENT_REF.length));
      } else collectRefs(value, into);
    }
  }
}

/**
 * The zod transform writes each named shape twice, as read and as written (`…Input`); only the ones the
 * operations reach, directly or through another shape, stay in the document.
 */
function withReachableSchemas(transformed: ReturnType<typeof jsonSchemaTransformObject>) {
  const document = transformed as { paths?: unknown; components?: { schemas?: Record<string, unknown> } };
  const schemas = document.components?.schemas ?? {};
  const reached = new Set<string>();
  collectRefs(document.paths, reached);
  for (let size = -1; size !== reached.size; ) {
    size = reached.size;
    for (const name of [...reached]) collectRefs(schemas[name], reached);
  }
  const kept = Object.fromEntries(Object.entries(schemas).filter(([name]) => reached.has(name)));
  return { ...transformed, components: { ...document.components, schemas: kept } } as typeof transformed;
}

/** A browser that is not signed in is sent to the sign-in page rather than shown a JSON error. */
async function requireAdminPage(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  try {
    await requireAdmin(request);
  } catch (error) {
    const isPage = request.method === 'GET' && /^\/api\/docs\/?(\?|$)/.test(request.url);
    if (isPage && error instanceof AppError && error.statusCode === 401) return reply.redirect('/admin', 303);
    throw error;
  }
}

/**
 * The OpenAPI 3.1 document, built from the routes' own declarations (docs/decisions/029). Registered before
 * the routes, whose declarations it collects; the document and the reference page are for signed-in admins.
 */
export async function registerApiDocs(app: FastifyInstance, { version }: { version: string }): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Rollick Agency Network API',
        version,
        description:
          'The public application and stage-2 forms, and the admin back office. Errors share one body ' +
          '(`ApiError`); admin calls need the session cookie that signing in sets, and calls that change ' +
          'something must come from the site itself (Origin).',
      },
      tags: [...new Map(TAGS.map((tag) => [tag.name, { name: tag.name, description: tag.description }])).values()],
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE } },
      },
    },
    transform: transform as unknown as typeof jsonSchemaTransform,
    transformObject: (input) => withReachableSchemas(jsonSchemaTransformObject(input)),
  });

  app.get(OPENAPI_PATH, { schema: { hide: true }, onRequest: requireAdmin }, async () => app.swagger());

  // Its own scope, so the session check covers the viewer's scripts too, not only the page.
  await app.register(async (docs) => {
    docs.addHook('onRequest', requireAdminPage);
    docs.addHook('onSend', compressDocsAsset);
    await docs.register(fastifySwaggerUi, {
      routePrefix: DOCS_PATH,
      uiConfig: { docExpansion: 'list', deepLinking: true, defaultModelsExpandDepth: 0 },
      theme: { title: 'Rollick Agency Network API' },
    });
  });
}
