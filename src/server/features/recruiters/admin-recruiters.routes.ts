import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { notFound } from '#server/lib/app-error.ts';
import { attachmentHeader, CSV_CONTENT_TYPE } from '#server/lib/csv.ts';
import { JSON_CONTENT_TYPE, jsonArrayStream } from '#server/lib/json-stream.ts';
import { currentAdmin } from '#server/plugins/admin-session.ts';
import { pageStartOf, recruiterListingsQuerySchema } from '#shared/schemas/creator.ts';
import { recruiterEmailSchema, recruiterSchema } from '#shared/schemas/recruiter.ts';
import { exportCreatorsCsv, exportFileName } from '../creators/creator-export.service.ts';
import type { RecruiterDirectory } from './recruiter-directory.ts';
import {
  createRecruiter,
  deleteRecruiter,
  findRecruiterName,
  listRecruiterListings,
  listRecruiters,
  pageRecruiterListings,
  RECRUITER_NOT_FOUND,
  updateRecruiterEmail,
} from './recruiters.service.ts';

type RecruiterParams = { Params: { id: string } };

const recruiterId = z.uuid();

/** A malformed id names no recruiter: 404, and no query is spent on it. */
function parseId(raw: string): string {
  const id = recruiterId.safeParse(raw);
  if (!id.success) throw notFound(RECRUITER_NOT_FOUND);
  return id.data;
}

/**
 * Product §2 Recruiter Management and §7 calls, mounted at /api/admin/recruiters. Every change refreshes the
 * public list the application form reads.
 */
export async function adminRecruiterRoutes(
  app: FastifyInstance,
  { directory }: { directory: RecruiterDirectory },
): Promise<void> {
  const { db } = app.deps.database;
  // Before the reply leaves, so an admin who reads the public list right after an edit already sees it.
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.method !== 'GET') directory.invalidate();
    return payload;
  });

  app.get('/', async () => listRecruiters(db));

  // Reading recruiters and their listings is everyone's work; changing them is an owner's.
  const manage = { config: { permission: 'manageRecruiters' as const } };

  app.post('/', manage, async (request, reply) => {
    const input = recruiterSchema.parse(request.body ?? {});
    return reply.status(201).send(await createRecruiter(db, input));
  });

  app.patch<RecruiterParams>('/:id', manage, async (request) => {
    const id = parseId(request.params.id);
    const { email } = recruiterEmailSchema.parse(request.body ?? {});
    return updateRecruiterEmail(db, { id, email });
  });

  app.delete<RecruiterParams>('/:id', manage, async (request) => deleteRecruiter(db, parseId(request.params.id)));

  app.get<RecruiterParams>('/:id/listings', async (request, reply) => {
    const id = parseId(request.params.id);
    const query = recruiterListingsQuerySchema.parse(request.query);
    const start = pageStartOf(query);
    if (start) return pageRecruiterListings(db, { id, status: query.status, start });
    // Product §7's shape, streamed: `totalCount` first, then the listings as they are read.
    const { totalCount, listings } = await listRecruiterListings(db, { id, status: query.status });
    const wrap = { head: `{"totalCount":${totalCount},"listings":`, tail: '}' };
    return reply.type(JSON_CONTENT_TYPE).send(await jsonArrayStream(listings, wrap));
  });

  // The listings as a spreadsheet (docs/decisions/027): the same rows and filter as the screen, streamed.
  app.get<RecruiterParams>('/:id/listings/export.csv', async (request, reply) => {
    const id = parseId(request.params.id);
    const { status } = recruiterListingsQuerySchema.parse(request.query);
    const name = await findRecruiterName(db, id);
    const body = await exportCreatorsCsv(db, { recruiterId: id, status });
    request.log.info({ admin: currentAdmin(request).username, recruiterId: id, status }, 'recruiter listings exported');
    const fileName = exportFileName(['listings', name, status]);
    return reply.type(CSV_CONTENT_TYPE).header('content-disposition', attachmentHeader(fileName)).send(body);
  });
}
