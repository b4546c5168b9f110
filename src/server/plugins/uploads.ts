import type { Socket } from 'node:net';
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
  const images = createImageQueue({ jobs: config.imageJobs, queueLength: config.imageQueueLength });
  app.decorate('images', images);
  // After the last request is answered: the image process is let go with the server.
  app.addHook('onClose', () => images.work.close());

  app.addContentTypeParser('multipart/form-data', (request, _payload, done) => {
    if (request.routeOptions.config.isUpload) return done(null);
    done(new AppError('UNSUPPORTED_MEDIA_TYPE', 'request.unsupportedType'));
  });

  const watchBody = (request: FastifyRequest) => {
    // The body test first: `routeOptions` is built afresh on each read, and most requests have no body.
    if (!hasBody(request) || request.routeOptions.config.isUpload) return;
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

/** The most a well-formed body of this form can weigh: every file at its limit, every field full, and the framing. */
const largestBody = (rules: MultipartRules) =>
  Object.values(rules.files).reduce((sum, file) => sum + file.maxBytes * file.maxCount, 0) +
  rules.limits.fields * rules.limits.fieldSize +
  rules.limits.parts * 1024;

/** How long a refused upload's rest may take to arrive before its connection is dropped after all. */
export const REFUSED_BODY_DRAIN_MS = 15_000;

/**
 * A refusal decided while the client is still sending (a full queue, a used-up share, a bad proof of work): the rest
 * of the body is read and dropped. Closed at once instead, the connection meets bytes still arriving, the kernel
 * answers them with a reset, and the browser shows a network error in place of the 503 or 429 it could act on.
 * A browser keeps its connection, so its refusal goes at once and the rest is read behind it; a client that asked
 * for the connection to close gets its refusal once its body is in (the returned promise). A body larger than
 * the form allows, one that announced no length, or one arriving below the rate policy is cut off: those are
 * refused for what they are.
 */
function drainRefusedBody(
  request: FastifyRequest,
  reply: FastifyReply,
  error: unknown,
  policy: { rate: BodyRatePolicy; maxBytes: number },
): Promise<void> | undefined {
  const raw = request.raw;
  const socket = raw.socket as (Socket & { bytesRead: number }) | null;
  if (raw.readableEnded || raw.destroyed || !socket || socket.destroyed) return undefined;
  const declared = Number(request.headers['content-length']);
  const isTooSlow = error instanceof AppError && error.code === 'REQUEST_TIMEOUT';
  if (!Number.isFinite(declared) || declared > policy.maxBytes || isTooSlow) {
    reply.header('connection', 'close');
    return undefined;
  }
  const drained = new Promise<void>((resolve) => {
    const cutOff = () => {
      socket.destroy();
      done();
    };
    const deadline = setTimeout(cutOff, REFUSED_BODY_DRAIN_MS);
    const stopWatch = watchBodyRate(() => socket.bytesRead, policy.rate, cutOff);
    function done() {
      clearTimeout(deadline);
      stopWatch();
      raw.off('end', done);
      raw.off('close', done);
      resolve();
    }
    raw.once('end', done);
    raw.once('close', done);
    raw.resume();
  });
  const isClosing = raw.httpVersion === '1.0' || /\bclose\b/i.test(request.headers.connection ?? '');
  return isClosing ? drained : undefined;
}

/**
 * One upload request from first byte to reply (decision 012): the client's share of uploads
 * in flight is taken first (429 at once past it), `before` runs the route's cheap checks (its result
 * goes to `handle`), a full image
 * queue is refused before any byte of the body is read (503), then the body is spooled to disk at the
 * rate policy (408 below it), passing `gate` before any file is written, and `handle` does the work. However it ends, the spooled files are removed
 * and the share is given back; a refused body still arriving is read to its end, so the refusal reaches the client.
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
    /** False for a form with no images (a CSV import): a full image queue does not refuse it. */
    usesImages?: boolean;
  },
): Promise<T> {
  let release = () => {};
  let body: MultipartBody | undefined;
  try {
    release = app.intake.admit(request.ip);
    const checked = await steps.before();
    if (steps.usesImages !== false) app.images.assertRoom();
    body = await readMultipart(request, rules, app.intake.spool, steps.gate);
    return await steps.handle(body, checked);
  } catch (error) {
    if (!request.raw.readableEnded) {
      const { config } = app.deps;
      const rate = { minBytesPerSecond: config.uploadMinBytesPerSecond, windowMs: config.uploadRateWindowMs };
      const untilDrained = drainRefusedBody(request, reply, error, { rate, maxBytes: largestBody(rules) });
      if (untilDrained) await untilDrained;
    }
    throw error;
  } finally {
    await body?.discard();
    release();
  }
}
