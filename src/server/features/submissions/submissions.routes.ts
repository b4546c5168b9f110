import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZodError, z } from 'zod';
import { QueueFullError } from '#server/lib/image-queue.ts';
import type { MultipartRules } from '#server/lib/multipart-body.ts';
import { errorReplies } from '#server/lib/route-schemas.ts';
import type { ApplicationRefusal } from '#server/plugins/metrics.ts';
import { receiveUpload } from '#server/plugins/uploads.ts';
import { LANGUAGE_CODES } from '#shared/languages.ts';
import { LONG_TEXT_MAX_LENGTH, PHOTO_MAX_BYTES } from '#shared/limits.ts';
import { CAPTCHA_FIELD, captchaPart } from '#shared/replies/captcha.ts';
import { submissionResultSchema } from '#shared/replies/submissions.ts';
import {
  applicationFields,
  CONSENT_FIELD,
  CONSENT_GIVEN,
  HONEYPOT_FIELD,
  LOCALE_FIELD,
  PHOTO_FIELD,
  PHOTO_TOO_LARGE_KEY,
} from '#shared/schemas/application.ts';
import {
  SUBMITTED_ACTION,
  submissionRule,
  submissionWaitMs,
  submitApplication,
  tooManySubmissions,
} from './submissions.service.ts';

/**
 * Product §7 POST /api/submissions. UTF-8 takes up to four bytes a character, so the longest answer the
 * schema accepts always fits a part and a slightly longer one still gets the schema's own message.
 */
const APPLICATION_FORM: MultipartRules = {
  text: [CAPTCHA_FIELD, ...Object.keys(applicationFields.shape), CONSENT_FIELD, HONEYPOT_FIELD, LOCALE_FIELD],
  files: { [PHOTO_FIELD]: { maxBytes: PHOTO_MAX_BYTES, maxCount: 1, tooLarge: PHOTO_TOO_LARGE_KEY } },
  limits: { fields: 20, fieldSize: 4 * LONG_TEXT_MAX_LENGTH + 1024, parts: 25 },
};

/** The parts of the application form, for the document: the route reads them itself (APPLICATION_FORM). */
const applicationParts = z
  .object({ [CAPTCHA_FIELD]: captchaPart })
  .extend(applicationFields.shape)
  .extend({
    [PHOTO_FIELD]: z
      .string()
      .meta({ format: 'binary' })
      .optional()
      .describe('The verification photo: a JPEG or PNG image under 5 MB'),
    [CONSENT_FIELD]: z
      .literal(CONSENT_GIVEN)
      .optional()
      .describe(
        'Her agreement to the privacy notice at /privacy; the server records the time and the notice version. Required (400 without it) unless the operator set CONSENT=off',
      ),
    [LOCALE_FIELD]: z
      .enum(LANGUAGE_CODES as [string, ...string[]])
      .optional()
      .describe("The interface language the form was filled in; the applicant's e-mails are written in it"),
    [HONEYPOT_FIELD]: z.string().optional().describe('Leave empty'),
  });

/**
 * Why an application was refused, for the metrics: over a rate limit (the address's applications, or its
 * uploads in flight), the image queue full, or something in the request wrong. A timeout or a server error
 * is no refusal; the HTTP metrics count those.
 */
function refusalOf(error: unknown): ApplicationRefusal | undefined {
  if (error instanceof QueueFullError) return 'busy';
  const status = error instanceof ZodError ? 400 : (error as { statusCode?: unknown } | null)?.statusCode;
  if (status === 429) return 'rate_limit';
  return status === 400 || status === 413 || status === 415 ? 'invalid' : undefined;
}

/** Runs one submission and counts how it ended; a honeypot's fake success counts as a refusal. */
async function countedApplication<T extends { isStored: boolean }>(
  app: FastifyInstance,
  submit: () => Promise<T>,
): Promise<T> {
  try {
    const result = await submit();
    if (result.isStored) app.metrics.applicationAccepted();
    else app.metrics.applicationRefused('honeypot');
    return result;
  } catch (error) {
    const refusal = refusalOf(error);
    if (refusal) app.metrics.applicationRefused(refusal);
    throw error;
  }
}

/** The public application (product §2 form, §7 call), mounted at /api/submissions. */
export const submissionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, store, limiter, config } = app.deps;
  const deps = {
    db: database.db,
    store,
    limiter,
    images: app.images,
    photoHashes: app.photoHashes,
    rule: submissionRule(config.submissionsPerIpPerHour),
    pageLinkMs: config.applicantPageMs,
    consent: { isAsked: config.isConsentAsked, noticeVersion: app.privacyNotice.version },
    isRoundRobin: config.isRoundRobin,
  };

  app.post(
    '/',
    {
      config: { isUpload: true, multipartParts: applicationParts },
      schema: {
        summary: 'Apply: the application form, with its verification photo',
        response: { 201: submissionResultSchema, ...errorReplies(400, 408, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const result = await countedApplication(app, () =>
        receiveUpload(app, request, reply, APPLICATION_FORM, {
          // Before the body is read, so an address over its limit costs neither bandwidth nor image work.
          before: async () => {
            const waitMs = await submissionWaitMs(deps, request.ip);
            if (waitMs > 0) throw tooManySubmissions(waitMs);
          },
          gate: app.captchaGate(),
          handle: (body) => {
            const photo = body.files[PHOTO_FIELD]?.[0];
            // An empty file input (no name, no bytes) means no photo; any other file is checked.
            const hasPhoto = photo !== undefined && (photo.size > 0 || photo.filename !== '');
            return submitApplication(deps, { fields: body.fields, photo: hasPhoto ? photo : null, ip: request.ip });
          },
        }),
      );
      request.log.info(
        { creatorId: result.isStored ? result.creatorId : undefined },
        result.isStored ? 'application submitted' : 'application dropped: honeypot filled',
      );
      return reply.status(201).send({
        success: true,
        creatorId: result.creatorId,
        message: SUBMITTED_ACTION,
        pageUrl: result.pagePath,
      });
    },
  );
};
