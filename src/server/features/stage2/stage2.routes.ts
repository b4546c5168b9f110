import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '#server/lib/app-error.ts';
import type { MultipartRules, SpooledFile } from '#server/lib/multipart-body.ts';
import { errorReplies, fileReply, sendStoredImage } from '#server/lib/route-schemas.ts';
import { receiveUpload } from '#server/plugins/uploads.ts';
import { LONG_TEXT_MAX_LENGTH, STAGE2_IMAGE_MAX_BYTES, STAGE2_MAX_IMAGES } from '#shared/limits.ts';
import { CAPTCHA_FIELD, captchaPart } from '#shared/replies/captcha.ts';
import { stage2FormSchema, stage2SubmittedSchema } from '#shared/replies/stage2.ts';
import {
  IMAGES_FIELD,
  KEEP_IMAGES_FIELD,
  KEEP_SCREENSHOT_FIELD,
  SCREENSHOT_FIELD,
  STAGE2_IMAGE_TOO_LARGE_KEY,
  STAGE2_TOO_MANY_IMAGES_KEY,
  stage2Fields,
} from '#shared/schemas/stage2.ts';
import {
  countStage2Failure,
  DeadLinkError,
  getStage2Form,
  guardStage2Attempt,
  guardStage2Submission,
  openStage2File,
  openStage2Link,
} from './stage2-link.service.ts';
import { submitStage2 } from './stage2-submit.service.ts';

const REPEATED_TEXT = ['contentType', KEEP_IMAGES_FIELD];

/**
 * Product §7 POST /api/stage2/{creatorId}. Text parts get four bytes a character (UTF-8), so the longest pitch
 * the schema accepts always reaches it; images are refused the moment one passes 10 MB or a seventh arrives.
 */
const STAGE2_FORM: MultipartRules = {
  text: [
    CAPTCHA_FIELD,
    ...Object.keys(stage2Fields.shape).filter((name) => !REPEATED_TEXT.includes(name)),
    KEEP_SCREENSHOT_FIELD,
  ],
  repeatedText: REPEATED_TEXT,
  files: {
    [SCREENSHOT_FIELD]: { maxBytes: STAGE2_IMAGE_MAX_BYTES, maxCount: 1, tooLarge: STAGE2_IMAGE_TOO_LARGE_KEY },
    [IMAGES_FIELD]: {
      maxBytes: STAGE2_IMAGE_MAX_BYTES,
      maxCount: STAGE2_MAX_IMAGES,
      tooLarge: STAGE2_IMAGE_TOO_LARGE_KEY,
    },
  },
  limits: { fields: 40, fieldSize: 4 * LONG_TEXT_MAX_LENGTH + 1024, parts: 50 },
};

/**
 * Any text: an unknown or malformed id, like a missing, wrong or repeated token, gets the one 404 every dead
 * link gets (architecture §4), so neither may be refused by its schema first.
 */
const linkParams = z.object({ creatorId: z.string().describe('The Creator ID in the link, e.g. RC-8K3Q2Z') });
const fileParams = linkParams.extend({ key: z.string().describe('A file key from the form, e.g. an image `key`') });
const linkQuery = z.object({
  token: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .describe("The link's token, from the link the creator was sent"),
});

const imageFile = (description: string) => z.string().describe(description).meta({ format: 'binary' });

/** The parts of the stage-2 form, for the document: the route reads them itself (STAGE2_FORM). */
const stage2Parts = z
  .object({ [CAPTCHA_FIELD]: captchaPart })
  .extend(stage2Fields.shape)
  .extend({
    contentType: stage2Fields.shape.contentType.describe('Repeat the part for each content type'),
    [SCREENSHOT_FIELD]: imageFile('The revenue screenshot: a JPG, PNG or WebP image under 10 MB').optional(),
    [KEEP_SCREENSHOT_FIELD]: z
      .string()
      .optional()
      .describe("The earlier screenshot's key, to keep it when no new one is sent"),
    [IMAGES_FIELD]: z
      .array(imageFile('A JPG, PNG or WebP image under 10 MB'))
      .max(STAGE2_MAX_IMAGES)
      .optional()
      .describe(`Up to ${STAGE2_MAX_IMAGES} images, kept ones included; repeat the part for each`),
    [KEEP_IMAGES_FIELD]: z
      .array(z.string())
      .optional()
      .describe('Keys of earlier images to keep; repeat the part for each'),
  });

/** An empty file input (no name, no bytes) is no file. */
const isGiven = (file: SpooledFile) => file.size > 0 || file.filename !== '';

/** A seventh image is refused while it streams, in the form's own words. */
function inFormWords(error: unknown): unknown {
  const { key, params } = error instanceof AppError ? error.reason : {};
  if (key === 'upload.tooManyFilesInField' && params?.field === IMAGES_FIELD) {
    return new AppError('VALIDATION_FAILED', STAGE2_TOO_MANY_IMAGES_KEY, {
      [IMAGES_FIELD]: STAGE2_TOO_MANY_IMAGES_KEY,
    });
  }
  return error;
}

/** The creator's private second stage (product §2, §7; architecture §4, §5), mounted at /api/stage2. */
export const stage2Routes: FastifyPluginAsyncZod = async (app) => {
  const { database, store, limiter } = app.deps;
  const db = database.db;

  // The link's token is in the URL: no Referer may carry it anywhere, and no cache may keep a reply.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('Referrer-Policy', 'no-referrer');
    reply.header('Cache-Control', 'no-store');
  });

  app.get(
    '/:creatorId',
    {
      schema: {
        summary: "The creator's stage-2 form: who they are, and their earlier answers",
        params: linkParams,
        querystring: linkQuery,
        response: { 200: stage2FormSchema, ...errorReplies(404, 429) },
      },
    },
    async (request) => {
      await guardStage2Attempt(limiter, { ip: request.ip, shouldCount: true });
      return getStage2Form(db, { publicId: request.params.creatorId, token: request.query.token });
    },
  );

  app.get(
    '/:creatorId/files/:key',
    {
      schema: {
        summary: "A file of the creator's earlier stage-2 submission",
        params: fileParams,
        querystring: linkQuery,
        response: {
          200: fileReply('image/*', 'The stored image, with the type it was stored with'),
          ...errorReplies(404, 429),
        },
      },
    },
    async (request, reply) => {
      await guardStage2Attempt(limiter, { ip: request.ip, shouldCount: false });
      const { creatorId: publicId, key } = request.params;
      const file = await openStage2File(db, store, { publicId, token: request.query.token, key }).catch(
        async (error: unknown) => {
          // Only a failed link check counts: a page loads up to seven files with a good one.
          if (error instanceof DeadLinkError) await countStage2Failure(limiter, request.ip);
          throw error;
        },
      );
      // As the admin files route (architecture §5): the stored type, no sniffing, never a page of this site.
      return sendStoredImage(reply, file);
    },
  );

  app.post(
    '/:creatorId',
    {
      config: { isUpload: true, multipartParts: stage2Parts },
      schema: {
        summary: 'Submit (or re-submit) the stage-2 form, with its images',
        params: linkParams,
        querystring: linkQuery,
        response: { 200: stage2SubmittedSchema, ...errorReplies(400, 404, 408, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const token = request.query.token;
      const result = await receiveUpload(app, request, reply, STAGE2_FORM, {
        // Before the body is read: a dead link costs neither the upload nor any image work.
        before: async () => {
          await guardStage2Attempt(limiter, { ip: request.ip, shouldCount: true });
          const link = await openStage2Link(db, { publicId: request.params.creatorId, token });
          await guardStage2Submission(limiter, link.creatorId);
          return link;
        },
        gate: app.captchaGate(),
        handle: async (body, link) => {
          const { action } = await submitStage2(
            { db, store, images: app.images, log: request.log },
            {
              link,
              token: String(token),
              fields: body.fields,
              lists: body.lists,
              screenshot: body.files[SCREENSHOT_FIELD]?.find(isGiven) ?? null,
              images: (body.files[IMAGES_FIELD] ?? []).filter(isGiven),
            },
          );
          return { action, creatorId: link.creatorId };
        },
      }).catch((error: unknown) => {
        throw inFormWords(error);
      });
      request.log.info({ creatorId: result.creatorId }, result.action);
      return { success: true as const };
    },
  );
};
