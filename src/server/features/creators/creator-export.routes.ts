import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { attachmentHeader, CSV_CONTENT_TYPE } from '#server/lib/csv.ts';
import { creatorIdParams, errorReplies, fileReply, streamed } from '#server/lib/route-schemas.ts';
import { currentAdmin } from '#server/plugins/admin-session.ts';
import { creatorExportQuerySchema } from '#shared/schemas/bulk.ts';
import { exportCreatorData } from './creator-data-export.service.ts';
import { exportCreatorsCsv, exportFileName } from './creator-export.service.ts';
import { withViewer } from './creator-list-filters.ts';

/**
 * Exports (docs/decisions/027), open to both roles: a reviewer already sees every field of every creator on
 * screen, so a file of them grants nothing new. Each export is logged with who took it (never its content).
 */
export const creatorExportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, store } = app.deps;
  const { db } = database;

  app.get(
    '/export.csv',
    {
      schema: {
        summary: "A CSV file of the creators a list shows: a status page and its search, a recruiter's, or all",
        querystring: creatorExportQuerySchema,
        response: { 200: fileReply('text/csv', 'The creators, one row each, newest first') },
      },
    },
    async (request, reply) => {
      const filter = withViewer(request.query, currentAdmin(request).id);
      const body = await exportCreatorsCsv(db, filter);
      const name = exportFileName([
        'creators',
        filter.status ?? (filter.recruiterId ? 'recruiter' : 'all'),
        filter.q ? 'search' : undefined,
      ]);
      request.log.info(
        { admin: currentAdmin(request).username, filter: { ...filter, q: filter.q ? '…' : undefined } },
        'creators exported',
      );
      // Streamed past the serializer: the typed `send` only knows the shapes a serializer writes.
      return reply.type(CSV_CONTENT_TYPE).header('content-disposition', attachmentHeader(name)).send(streamed(body));
    },
  );

  app.get(
    '/:creatorId/export.zip',
    {
      schema: {
        summary: 'Everything held about one creator, with their files, for a data-access request',
        params: creatorIdParams,
        response: {
          200: fileReply('application/zip', '`creator.json` (every stored field) and the files under `files/`'),
          ...errorReplies(404),
        },
      },
    },
    async (request, reply) => {
      const { creatorId, zip } = await exportCreatorData(db, store, request.params.creatorId);
      // Who took whose data, for the record a data-access request needs; no contact details (architecture §5).
      request.log.info({ creatorId, admin: currentAdmin(request).username }, 'creator data exported');
      return reply
        .type('application/zip')
        .header('content-disposition', attachmentHeader(`${creatorId}-data.zip`))
        .send(streamed(zip));
    },
  );
};
