import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '#server/lib/app-error.ts';
import { attachmentHeader, CSV_CONTENT_TYPE } from '#server/lib/csv.ts';
import { JSON_CONTENT_TYPE, jsonArrayStream } from '#server/lib/json-stream.ts';
import { errorReplies, fileReply, streamed } from '#server/lib/route-schemas.ts';
import { currentAdmin } from '#server/plugins/admin-session.ts';
import {
  adminRecruiterSchema,
  deleteRecruiterResultSchema,
  recruiterListingsPageSchema,
  recruiterListingsSchema,
} from '#shared/replies/recruiters.ts';
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

const recruiterId = z.uuid().describe("The recruiter's id; anything else names no recruiter (404)");
const recruiterParams = z.object({ id: recruiterId });

/**
 * A malformed id names no recruiter: 404, before the body or query is looked at and without a query spent
 * on it. A hook, so it comes ahead of the schemas' 400.
 */
async function requireRecruiterId(request: FastifyRequest): Promise<void> {
  const { id } = request.params as { id?: unknown };
  if (!recruiterId.safeParse(id).success) throw notFound(RECRUITER_NOT_FOUND);
}

/** A stream is piped as it is: the reply schema documents it, but neither types nor writes it. */

/** A call without a body is checked as an empty object, so it gets the fields' own messages. */
async function emptyBodyAsObject(request: FastifyRequest): Promise<void> {
  request.body ??= {};
}

/**
 * Product §2 Recruiter Management and §7 calls, mounted at /api/admin/recruiters. Every change refreshes the
 * public list the application form reads.
 */
export const adminRecruiterRoutes: FastifyPluginAsyncZod<{ directory: RecruiterDirectory }> = async (
  app,
  { directory },
) => {
  const { db } = app.deps.database;
  // Before the reply leaves, so an admin who reads the public list right after an edit already sees it.
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.method !== 'GET') directory.invalidate();
    return payload;
  });

  app.get(
    '/',
    {
      schema: {
        summary: 'Every recruiter, by name, with how many applications name them',
        response: { 200: z.array(adminRecruiterSchema) },
      },
    },
    async () => listRecruiters(db),
  );

  // Reading recruiters and their listings is everyone's work; changing them is an owner's.
  const manage = { permission: 'manageRecruiters' as const };

  app.post(
    '/',
    {
      config: manage,
      schema: {
        summary: 'Add a recruiter; the name must be new in any letter case',
        body: recruiterSchema,
        response: { 201: adminRecruiterSchema, ...errorReplies(409) },
      },
      preValidation: emptyBodyAsObject,
    },
    async (request, reply) => reply.status(201).send(await createRecruiter(db, request.body)),
  );

  app.patch(
    '/:id',
    {
      config: manage,
      schema: {
        summary: "Set or clear a recruiter's e-mail address",
        params: recruiterParams,
        body: recruiterEmailSchema,
        response: { 200: adminRecruiterSchema, ...errorReplies(404) },
      },
      preValidation: [requireRecruiterId, emptyBodyAsObject],
    },
    async (request) => updateRecruiterEmail(db, { id: request.params.id, email: request.body.email }),
  );

  app.delete(
    '/:id',
    {
      config: manage,
      schema: {
        summary: 'Delete a recruiter; their applications keep the name as submitted',
        description: 'The last recruiter is never deleted (409): the application form requires one.',
        params: recruiterParams,
        response: { 200: deleteRecruiterResultSchema, ...errorReplies(404, 409) },
      },
      preValidation: requireRecruiterId,
    },
    async (request) => deleteRecruiter(db, request.params.id),
  );

  app.get(
    '/:id/listings',
    {
      schema: {
        summary: "A recruiter's applications, whole or one page at a time",
        description:
          'Without `page` or `cursor` the whole list comes in the spec shape (`listings` and `totalCount`), ' +
          'streamed; with either, one page of it.',
        params: recruiterParams,
        querystring: recruiterListingsQuerySchema,
        response: {
          200: z.union([recruiterListingsPageSchema, recruiterListingsSchema]),
          ...errorReplies(404),
        },
      },
      preValidation: requireRecruiterId,
    },
    async (request, reply) => {
      const { id } = request.params;
      const { status } = request.query;
      const start = pageStartOf(request.query);
      if (start) return pageRecruiterListings(db, { id, status, start });
      // Product §7's shape, streamed: `totalCount` first, then the listings as they are read.
      const { totalCount, listings } = await listRecruiterListings(db, { id, status });
      const wrap = { head: `{"totalCount":${totalCount},"listings":`, tail: '}' };
      return reply.type(JSON_CONTENT_TYPE).send(streamed(await jsonArrayStream(listings, wrap)));
    },
  );

  // The listings as a spreadsheet (docs/decisions/027): the same rows and filter as the screen, streamed.
  app.get(
    '/:id/listings/export.csv',
    {
      schema: {
        summary: "A recruiter's applications as a CSV file, with the same status filter as the screen",
        params: recruiterParams,
        querystring: recruiterListingsQuerySchema,
        response: { 200: fileReply('text/csv', "The recruiter's applications, one per row"), ...errorReplies(404) },
      },
      preValidation: requireRecruiterId,
    },
    async (request, reply) => {
      const { id } = request.params;
      const { status } = request.query;
      const name = await findRecruiterName(db, id);
      const body = await exportCreatorsCsv(db, { recruiterId: id, status });
      request.log.info(
        { admin: currentAdmin(request).username, recruiterId: id, status },
        'recruiter listings exported',
      );
      const fileName = exportFileName(['listings', name, status]);
      return reply
        .type(CSV_CONTENT_TYPE)
        .header('content-disposition', attachmentHeader(fileName))
        .send(streamed(body));
    },
  );
};
