import type { FastifyInstance } from 'fastify';
import type { MultipartRules } from '#server/lib/multipart-body.ts';
import { receiveUpload } from '#server/plugins/uploads.ts';
import { LONG_TEXT_MAX_LENGTH, PHOTO_MAX_BYTES } from '#shared/limits.ts';
import { applicationFields, PHOTO_TOO_LARGE } from '#shared/schemas/application.ts';
import {
  HONEYPOT_FIELD,
  LOCALE_FIELD,
  PHOTO_FIELD,
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
  text: [...Object.keys(applicationFields.shape), HONEYPOT_FIELD, LOCALE_FIELD],
  files: { [PHOTO_FIELD]: { maxBytes: PHOTO_MAX_BYTES, maxCount: 1, tooLarge: PHOTO_TOO_LARGE } },
  limits: { fields: 20, fieldSize: 4 * LONG_TEXT_MAX_LENGTH + 1024, parts: 25 },
};

/** The public application (product §2 form, §7 call), mounted at /api/submissions. */
export async function submissionRoutes(app: FastifyInstance): Promise<void> {
  const { database, store, limiter, config } = app.deps;
  const deps = {
    db: database.db,
    store,
    limiter,
    images: app.images,
    photoHashes: app.photoHashes,
    rule: submissionRule(config.submissionsPerIpPerHour),
  };

  app.post('/', { config: { isUpload: true } }, async (request, reply) => {
    const result = await receiveUpload(app, request, reply, APPLICATION_FORM, {
      // Before the body is read, so an address over its limit costs neither bandwidth nor image work.
      before: async () => {
        const waitMs = await submissionWaitMs(deps, request.ip);
        if (waitMs > 0) throw tooManySubmissions(waitMs);
      },
      handle: (body) => {
        const photo = body.files[PHOTO_FIELD]?.[0];
        // An empty file input (no name, no bytes) means no photo; any other file is checked.
        const hasPhoto = photo !== undefined && (photo.size > 0 || photo.filename !== '');
        return submitApplication(deps, { fields: body.fields, photo: hasPhoto ? photo : null, ip: request.ip });
      },
    });
    if (result.isStored) app.deliveries.wake();
    request.log.info(
      { creatorId: result.isStored ? result.creatorId : undefined },
      result.isStored ? 'application submitted' : 'application dropped: honeypot filled',
    );
    return reply.status(201).send({ success: true, creatorId: result.creatorId, message: SUBMITTED_ACTION });
  });
}
