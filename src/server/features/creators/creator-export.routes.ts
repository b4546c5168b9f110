import type { FastifyInstance } from 'fastify';
import { attachmentHeader, CSV_CONTENT_TYPE } from '#server/lib/csv.ts';
import { currentAdmin } from '#server/plugins/admin-session.ts';
import { creatorExportQuerySchema } from '#shared/schemas/bulk.ts';
import { exportCreatorData } from './creator-data-export.service.ts';
import { exportCreatorsCsv, exportFileName } from './creator-export.service.ts';

type CreatorParams = { Params: { creatorId: string } };

/**
 * Exports (docs/decisions/027), open to both roles: a reviewer already sees every field of every creator on
 * screen, so a file of them grants nothing new. Each export is logged with who took it (never its content).
 */
export async function creatorExportRoutes(app: FastifyInstance): Promise<void> {
  const { database, store } = app.deps;
  const { db } = database;

  app.get('/export.csv', async (request, reply) => {
    const filter = creatorExportQuerySchema.parse(request.query);
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
    return reply.type(CSV_CONTENT_TYPE).header('content-disposition', attachmentHeader(name)).send(body);
  });

  app.get<CreatorParams>('/:creatorId/export.zip', async (request, reply) => {
    const { creatorId, zip } = await exportCreatorData(db, store, request.params.creatorId);
    // Who took whose data, for the record a data-access request needs; no contact details (architecture §5).
    request.log.info({ creatorId, admin: currentAdmin(request).username }, 'creator data exported');
    return reply
      .type('application/zip')
      .header('content-disposition', attachmentHeader(`${creatorId}-data.zip`))
      .send(zip);
  });
}
