import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { AppError } from '../lib/app-error.ts';
import { type BodyRatePolicy, watchBodyRate } from '../lib/body-rate.ts';
import { createImageQueue, type ImageQueue } from '../lib/image-queue.ts';
import { type MultipartBody, type MultipartGate, type MultipartRules, readMultipart } from '../lib/multipart-body.ts';
import { createUploadIntake, type UploadIntake } from '../lib/upload-intake.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Per-client cap, spool and rate policy of the upload forms (lib/upload-intake.ts). */
    intake: UploadIntake;
    /** The process's image work: a few jobs at once and a bounded queue (lib/image-queue.ts). */
    images: ImageQueue;
  }
  interface FastifyContextConfig {
    /** The route reads a multipart body itself, through `receiveUpload`. */
    isUpload?: boolean;
  }
}

/** Uploads are spooled here, under the data directory this process holds (DATA_DIR/tmp/uploads). */
export const spoolDirOf = (config: Config) => path.join(config.dataDir, 'tmp', 'uploads');

/**
 * The longest a request may take to arrive, whatever its rate: a backstop behind the rate policy, long
 * enough for a full stage-2 form (~70 MB) from a phone on a slow mobile link.
 */
export const REQUEST_MAX_MS = 30 * 60_000;

const hasBody = (request: FastifyRequest) =>
  request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;

/**
 * Sets up both upload forms' intake (architecture §3, §5): multipart is accepted only by upload routes, which
 * read it themselves through `receiveUpload`; any other request body that arrives slower than the rate
 * policy has its connection dropped, so no route can be held open by a trickle.
 */
export async function registerUploads(app: FastifyInstance, config: Config): Promise<void> {
  const rate: BodyRatePolicy = {
    minBytesPerSecond: config.uploadMinBytesPerSecond,
    windowMs: config.uploadRateWindowMs,
  };
  const intake = createUploadIntake({ spoolDir: spoolDirOf(config), perClient: config.uploadsPerClient, rate });
  await intake.clearSpool();
  app.decorate('intake', intake);
  app.decorate('images', createImageQueue({ jobs: config.imageJobs, queueLength: config.imageQueueLength }));

  app.addContentTypeParser('multipart/form-data', (request, _payload, done) => {
    if (request.routeOptions.config.isUpload) return done(null);
    done(new AppError('UNSUPPORTED_MEDIA_TYPE', 'request.unsupportedType'));
  });

  const watchBody = (request: FastifyRequest) => {
    if (request.routeOptions.config.isUpload || !hasBody(request)) return;
    const socket = request.raw.socket as { bytesRead?: number; destroy(): void } | null;
    if (typeof socket?.bytesRead !== 'number') return;
    const stop = watchBodyRate(
      () => socket.bytesRead ?? 0,
      rate,
      () => socket.destroy(),
    );
    request.raw.once('end', stop);
    request.raw.once('close', stop);
  };
  app.addHook('onRequest', (request, _reply, done) => {
    watchBody(request);
    done();
  });
}

/**
 * One upload request from first byte to reply (decision 012): the client's share of uploads
 * in flight is taken first (429 at once past it), `before` runs the route's cheap checks (its result
 * goes to `handle`), a full image
 * queue is refused before any byte of the body is read (503), then the body is spooled to disk at the
 * rate policy (408 below it), passing `gate` before any file is written, and `handle` does the work. However it ends, the spooled files are removed
 * and the share is given back; an unread body closes the connection rather than stay on a kept-alive one.
 */
export async function receiveUpload<Checked, T>(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  rules: MultipartRules,
  steps: {
    before: () => Promise<Checked>;
    gate?: MultipartGate;
    handle: (body: MultipartBody, checked: Checked) => Promise<T>;
  },
): Promise<T> {
  let release = () => {};
  let body: MultipartBody | undefined;
  try {
    release = app.intake.admit(request.ip);
    const checked = await steps.before();
    app.images.assertRoom();
    body = await readMultipart(request, rules, app.intake.spool, steps.gate);
    return await steps.handle(body, checked);
  } catch (error) {
    if (!request.raw.readableEnded) reply.header('connection', 'close');
    throw error;
  } finally {
    await body?.discard();
    release();
  }
}
