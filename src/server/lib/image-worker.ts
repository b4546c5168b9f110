import { readdirSync } from 'node:fs';
import { setPriority } from 'node:os';
import type { AppError } from './app-error.ts';
import type { ImageWorkReply, ImageWorkRequest } from './image-work.ts';

/**
 * The image work's own process (docs/decisions/052): started by lib/image-work.ts, it decodes, re-encodes and
 * hashes uploads at a lower CPU priority than the server, so on busy cores the scheduler serves staff's
 * requests, the health probes and the embedded database first. Its priority is lowered before sharp loads:
 * on Linux a niceness belongs to a thread, and every thread started after this (libuv's pool, libvips's
 * workers) inherits it from the one that starts it.
 */
const niceness = Number(process.env.IMAGE_WORK_NICENESS ?? '10');

function lowerPriority(): void {
  setPriority(niceness);
  try {
    // The threads Node started before this code ran (the garbage collector's helpers) are lowered too.
    for (const thread of readdirSync('/proc/self/task')) setPriority(Number(thread), niceness);
  } catch {
    // No /proc (not Linux): the threads started from here on inherit the lower priority all the same.
  }
}

lowerPriority();

const [{ processImage, processImageToFile }, { perceptualHash }] = await Promise.all([
  import('./images.ts'),
  import('./perceptual-hash.ts'),
]);

/** Buffers cross the channel as Uint8Arrays; sharp and the source type check want Buffers back. */
const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

async function run(request: ImageWorkRequest): Promise<ImageWorkReply['value']> {
  if (request.kind === 'hash') {
    return perceptualHash(typeof request.input === 'string' ? request.input : asBuffer(request.input));
  }
  const source = request.source instanceof Uint8Array ? asBuffer(request.source) : request.source;
  if (request.kind === 'reencodeToFile') return processImageToFile(source, request.options, request.output);
  return processImage(source, request.options);
}

function replyOf(id: number, error: unknown): ImageWorkReply {
  const appError = error as Partial<AppError>;
  if (error instanceof Error && appError.code && appError.reason) {
    return { id, refusal: { code: appError.code, reason: appError.reason } };
  }
  return { id, failure: error instanceof Error ? error.message : String(error) };
}

process.on('message', (request: ImageWorkRequest) => {
  run(request).then(
    (value) => process.send?.({ id: request.id, value } satisfies ImageWorkReply),
    (error: unknown) => process.send?.(replyOf(request.id, error)),
  );
});

// The server decides when this process ends: it closes the channel (or dies, which closes it too). A Ctrl-C in
// a terminal reaches the whole process group; the uploads in flight are finished before the server lets go.
process.on('disconnect', () => process.exit(0));
process.on('SIGINT', () => {});
process.on('SIGTERM', () => {});
