import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '#server/lib/app-error.ts';
import { attachmentHeader } from '#server/lib/csv.ts';
import { creatorIdParams, errorReplies, fileReply, streamed } from '#server/lib/route-schemas.ts';
import { currentAdmin } from '#server/plugins/admin-session.ts';
import {
  applicantPageSchema,
  eraseResultSchema,
  pageLinkResultSchema,
  revokeResultSchema,
  withdrawResultSchema,
} from '#shared/replies/applicant-page.ts';
import { exportCreatorData } from '../creators/creator-data-export.service.ts';
import {
  confirmsErasure,
  eraseApplicantData,
  getApplicantPage,
  withdrawApplication,
} from './applicant-page.service.ts';
import {
  guardPageAttempt,
  guardPageCreator,
  issuePageLinkByStaff,
  openPageLink,
  type PageLinkRow,
  revokePageLink,
} from './page-link.service.ts';

/**
 * Any text: an unknown or malformed id, like a missing, wrong or repeated token, gets the one 404 every dead
 * link gets, so neither may be refused by its schema first.
 */
const linkParams = z.object({ creatorId: z.string().describe('The Creator ID in the link, e.g. RC-8K3Q2Z') });
const linkQuery = z.object({
  token: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .describe("The link's token, from the page's address"),
});
const eraseBody = z.object({
  confirmation: z.string().max(200).describe('Her Creator ID, typed by her to confirm the erasure'),
});

/** Her own page (decision 047), mounted at /api/me: what stands, withdraw, her data, erase. */
export const applicantPageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, store, limiter } = app.deps;
  const db = database.db;

  // The token is in the URL: no Referer may carry it anywhere, and no cache may keep a reply.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('Referrer-Policy', 'no-referrer');
    reply.header('Cache-Control', 'no-store');
  });

  /** Every route: the address's allowance first, then the link, then the creator's allowance. */
  async function open(request: {
    ip: string;
    params: { creatorId: string };
    query: { token?: string | string[] | undefined };
  }): Promise<PageLinkRow> {
    await guardPageAttempt(limiter, request.ip);
    const row = await openPageLink(db, { publicId: request.params.creatorId, token: request.query.token });
    await guardPageCreator(limiter, row.creatorId);
    return row;
  }

  app.get(
    '/:creatorId',
    {
      schema: {
        summary: 'Her own page: where her application stands and what is asked of her now',
        params: linkParams,
        querystring: linkQuery,
        response: { 200: applicantPageSchema, ...errorReplies(404, 429) },
      },
    },
    async (request) => getApplicantPage(db, await open(request)),
  );

  app.post(
    '/:creatorId/withdraw',
    {
      schema: {
        summary: 'Withdraw her application: it is cancelled and staff are alerted',
        params: linkParams,
        querystring: linkQuery,
        response: { 200: withdrawResultSchema, ...errorReplies(404, 409, 429) },
      },
    },
    async (request) => {
      const row = await open(request);
      await withdrawApplication(db, row);
      request.log.info({ creatorId: row.creatorId, from: row.status }, 'application withdrawn by the applicant');
      return { success: true as const, status: 'cancelled' as const };
    },
  );

  app.get(
    '/:creatorId/data.zip',
    {
      schema: {
        summary: 'Everything held about her, with her files: the same zip staff export',
        params: linkParams,
        querystring: linkQuery,
        response: {
          200: fileReply('application/zip', '`creator.json` (every stored field) and the files under `files/`'),
          ...errorReplies(404, 429),
        },
      },
    },
    async (request, reply) => {
      const row = await open(request);
      const { creatorId, zip } = await exportCreatorData(db, store, row.creatorId);
      request.log.info({ creatorId }, 'creator data downloaded by the applicant');
      return reply
        .type('application/zip')
        .header('content-disposition', attachmentHeader(`${creatorId}-data.zip`))
        .send(streamed(zip));
    },
  );

  app.post(
    '/:creatorId/erase',
    {
      schema: {
        summary: 'Erase everything held about her, confirmed by typing her Creator ID',
        params: linkParams,
        querystring: linkQuery,
        body: eraseBody,
        response: { 200: eraseResultSchema, ...errorReplies(400, 404, 429) },
      },
    },
    async (request) => {
      const row = await open(request);
      if (!confirmsErasure(row, request.body.confirmation)) {
        throw new AppError('VALIDATION_FAILED', 'me.confirmationMismatch', { confirmation: 'me.confirmationMismatch' });
      }
      await eraseApplicantData(db, store, row, request.log);
      request.log.info({ creatorId: row.creatorId }, 'creator data erased by the applicant');
      return { success: true as const };
    },
  );
};

/** Staff's hold on her link, mounted with the creators (/api/admin/creators): a fresh one, or none. */
export const pageLinkAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, config } = app.deps;
  const db = database.db;

  app.post(
    '/:creatorId/page-link',
    {
      schema: {
        summary: "A new link to the creator's own page; the earlier one dies",
        params: creatorIdParams,
        response: { 200: pageLinkResultSchema, ...errorReplies(404) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return issuePageLinkByStaff(db, {
        publicId: request.params.creatorId,
        performedBy: currentAdmin(request).username,
        ttlMs: config.applicantPageMs,
      });
    },
  );

  app.post(
    '/:creatorId/page-link/revoke',
    {
      schema: {
        summary: "Revoke the link to the creator's own page: it stops working at once",
        params: creatorIdParams,
        response: { 200: revokeResultSchema, ...errorReplies(404) },
      },
    },
    async (request) =>
      revokePageLink(db, { publicId: request.params.creatorId, performedBy: currentAdmin(request).username }),
  );
};
