import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '#server/lib/app-error.ts';
import { JSON_CONTENT_TYPE, jsonArrayStream } from '#server/lib/json-stream.ts';
import { creatorIdParams, errorReplies, serialized, streamed } from '#server/lib/route-schemas.ts';
import { createSnapshotMemo } from '#server/lib/snapshot-memo.ts';
import { currentAdmin } from '#server/plugins/admin-session.ts';
import { serializerFor } from '#server/plugins/api-schemas.ts';
import {
  type CreatorPage,
  creatorDetailSchema,
  creatorPageSchema,
  creatorSchema,
  creatorSummarySchema,
} from '#shared/replies/creators.ts';
import { creatorListQuerySchema, creatorStatusParamSchema, pageStartOf } from '#shared/schemas/creator.ts';
import { hasListFilter, pickListFilters } from '#shared/schemas/list-filters.ts';
import { creatorActionRoutes } from './creator-actions.routes.ts';
import { creatorBulkRoutes } from './creator-bulk.routes.ts';
import { creatorExportRoutes } from './creator-export.routes.ts';
import { creatorFindRoutes } from './creator-find.routes.ts';
import { creatorImportRoutes } from './creator-import.routes.ts';
import { withViewer } from './creator-list-filters.ts';
import { creatorMergeRoutes } from './creator-merge.routes.ts';
import { creatorUndoRoutes } from './creator-undo.routes.ts';
import {
  getCreatorDetail,
  getCreatorSummary,
  listCreators,
  listCreatorsByStatus,
  pageCreatorsByStatus,
} from './creators.service.ts';

const statusParams = z.object({
  status: creatorStatusParamSchema.describe('A creator status; any other is a 404'),
});

/**
 * An unknown status is a 404, as it was before the query had a schema: checked before the query is, so a
 * made-up status with a bad query still answers 404.
 */
async function requireKnownStatus(request: FastifyRequest): Promise<void> {
  const { status } = request.params as { status?: unknown };
  if (!creatorStatusParamSchema.safeParse(status).success) throw notFound('creators.unknownStatus');
}

/**
 * The status list's 200 is the spec's array or a page; a serializer compiled from that union would test all
 * fifty creators against each branch before writing them. The array is always streamed, so the page is
 * written by a serializer of its own, compiled on first use.
 */
const serializePage = (page: CreatorPage): string => serializerFor(creatorPageSchema)(page);

/**
 * How many status pages are kept between commits (decision 064): every list, order, filter and page a team has
 * open, at some 40 KB each.
 */
const KEPT_PAGES = 64;

/**
 * A streamed reply is sent as it is, past the serializer; the typed `send` only knows the shapes a serializer
 * writes, so the stream is passed as the reply its schema declares.
 */

/** Product §7 creator reads, mounted at /api/admin/creators; the changes live in creator-actions.routes.ts. */
export const creatorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const keptPages = createSnapshotMemo({ maxEntries: KEPT_PAGES });

  // Product §7's whole list, streamed: memory stays bounded whatever the number of creators.
  app.get(
    '/',
    {
      schema: {
        summary: 'Every creator, newest first (streamed)',
        response: { 200: z.array(creatorSchema) },
      },
    },
    async (_request, reply) => reply.type(JSON_CONTENT_TYPE).send(streamed(await jsonArrayStream(listCreators(db)))),
  );

  // Addition (docs/decisions/007): the dashboard's counts and recent five without loading every creator.
  app.get(
    '/summary',
    {
      schema: {
        summary: "The dashboard: each status's count, the newest creators and the 24–48 hour clock's counts",
        response: { 200: creatorSummarySchema },
      },
    },
    async () => getCreatorSummary(db),
  );

  app.get(
    '/status/:status',
    {
      preValidation: requireKnownStatus,
      schema: {
        summary: 'The creators of one status: the whole list, or one page of it with search, order and waiting filter',
        description:
          'Without `page`, `cursor`, `q`, `sort`, `sla` or a list filter (`recruiterId`, `language`, `duplicates`, `from`, ' +
          '`to`, `assignee`, `tag`) the reply is the whole list as an array, newest first (product §7); any of them asks ' +
          'for one page (`CreatorPage`) instead. A filtered page counts up to 1,000, or `countUpTo` (`totalIsExact` false beyond).',
        params: statusParams,
        querystring: creatorListQuerySchema,
        response: {
          200: z.union([z.array(creatorSchema), creatorPageSchema]),
          ...errorReplies(404),
        },
      },
    },
    async (request, reply) => {
      const { status } = request.params;
      const query = request.query;
      const start = pageStartOf(query);
      // Product §7 answers a plain array (streamed); asking for a page or a search opts into the paged shape.
      const isPlain =
        start === undefined &&
        query.q === undefined &&
        query.sort === undefined &&
        query.sla === undefined &&
        query.countUpTo === undefined &&
        !hasListFilter(query);
      if (isPlain) {
        const list = await jsonArrayStream(listCreatorsByStatus(db, status));
        return reply.type(JSON_CONTENT_TYPE).send(streamed(list));
      }
      const admin = currentAdmin(request);
      const input = {
        status,
        start: start ?? 'first',
        q: query.q,
        sort: query.sort,
        sla: query.sla,
        filters: withViewer(pickListFilters(query), admin.id),
        countUpTo: query.countUpTo,
      } as const;
      const read = async () => serializePage(await pageCreatorsByStatus(db, input));
      // The waiting filter moves with the clock, not only with commits, so its pages are read each time. The
      // key is the whole input, the assignee `me` already read as this admin.
      const page = input.sla ? await read() : await keptPages.read(JSON.stringify(input), admin.snapshot, read);
      // The page is already JSON: sent as it is, past the route's serializer.
      return reply.type(JSON_CONTENT_TYPE).send(serialized(page));
    },
  );

  app.get(
    '/:creatorId',
    {
      schema: {
        summary: 'One creator with their stage-2 answers, activity log and possible duplicates',
        params: creatorIdParams,
        response: { 200: creatorDetailSchema, ...errorReplies(404) },
      },
    },
    async (request) => getCreatorDetail(db, request.params.creatorId),
  );

  await app.register(creatorActionRoutes);
  await app.register(creatorMergeRoutes);
  await app.register(creatorBulkRoutes);
  await app.register(creatorUndoRoutes);
  await app.register(creatorExportRoutes);
  await app.register(creatorImportRoutes);
  await app.register(creatorFindRoutes);
};
