import type { FastifyInstance } from 'fastify';
import { notFound } from '#server/lib/app-error.ts';
import { JSON_CONTENT_TYPE, jsonArrayStream } from '#server/lib/json-stream.ts';
import { creatorListQuerySchema, creatorStatusParamSchema, pageStartOf } from '#shared/schemas/creator.ts';
import { creatorActionRoutes } from './creator-actions.routes.ts';
import { creatorBulkRoutes } from './creator-bulk.routes.ts';
import { creatorExportRoutes } from './creator-export.routes.ts';
import {
  getCreatorDetail,
  getCreatorSummary,
  listCreators,
  listCreatorsByStatus,
  pageCreatorsByStatus,
} from './creators.service.ts';

type CreatorParams = { Params: { creatorId: string } };

/** Product §7 creator reads, mounted at /api/admin/creators; the changes live in creator-actions.routes.ts. */
export async function creatorRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;

  // Product §7's whole list, streamed: memory stays bounded whatever the number of creators.
  app.get('/', async (_request, reply) => reply.type(JSON_CONTENT_TYPE).send(await jsonArrayStream(listCreators(db))));

  // Addition (docs/decisions/007): the dashboard's counts and recent five without loading every creator.
  app.get('/summary', async () => getCreatorSummary(db));

  app.get<{ Params: { status: string } }>('/status/:status', async (request, reply) => {
    const status = creatorStatusParamSchema.safeParse(request.params.status);
    if (!status.success) throw notFound('Unknown creator status');
    const query = creatorListQuerySchema.parse(request.query);
    const start = pageStartOf(query);
    // Product §7 answers a plain array (streamed); asking for a page or a search opts into the paged shape.
    if (start === undefined && query.q === undefined && query.sort === undefined && query.sla === undefined) {
      return reply.type(JSON_CONTENT_TYPE).send(await jsonArrayStream(listCreatorsByStatus(db, status.data)));
    }
    return pageCreatorsByStatus(db, {
      status: status.data,
      start: start ?? 'first',
      q: query.q,
      sort: query.sort,
      sla: query.sla,
    });
  });

  app.get<CreatorParams>('/:creatorId', async (request) => getCreatorDetail(db, request.params.creatorId));

  await app.register(creatorActionRoutes);
  await app.register(creatorBulkRoutes);
  await app.register(creatorExportRoutes);
}
