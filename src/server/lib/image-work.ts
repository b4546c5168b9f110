import { type ChildProcess, fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ErrorCode } from '#shared/error-codes.ts';
import type { Message } from '#shared/messages/message.ts';
import { AppError } from './app-error.ts';
import type { ImageSource, ProcessedImage, ProcessedImageFile, ProcessImageOptions } from './image-kinds.ts';

/** How much lower than the server's the image work's CPU priority is: a Unix niceness, 0 to 19. */
export const IMAGE_WORK_NICENESS = 10;

/**
 * glibc hands blocks of at least this many bytes straight to the kernel and takes them back when freed. By
 * default the threshold rises to fit the largest block freed so far, so a 12-megapixel photo's pixel buffers,
 * once freed, stay in the heap and the next photo's land beside them; fixed, each photo's buffers leave with it
 * (about 20 MB less at the peak of two jobs, at the same speed; docs/performance.md).
 */
export const IMAGE_WORK_MMAP_THRESHOLD = '131072';

/** How long a closing server waits for the image process to leave before it is killed. */
const EXIT_WAIT_MS = 5_000;

export type ImageWorkRequest =
  | { id: number; kind: 'reencode'; source: ImageSource; options: ProcessImageOptions }
  | { id: number; kind: 'reencodeToFile'; source: ImageSource; options: ProcessImageOptions; output: string }
  | { id: number; kind: 'hash'; input: Uint8Array | string };

/** A request before it is numbered (the union kept apart, as `Omit` over it would merge it). */
type ImageWorkJob = ImageWorkRequest extends infer Request
  ? Request extends unknown
    ? Omit<Request, 'id'>
    : never
  : never;

export interface ImageWorkReply {
  id: number;
  value?: ProcessedImage | ProcessedImageFile | bigint;
  /** The image was refused (damaged, too large, a type not allowed): the same error as in-process. */
  refusal?: { code: ErrorCode; reason: Message };
  /** Anything else that went wrong. */
  failure?: string;
}

/**
 * The uploads' image work, done in a process of its own at a lower CPU priority (docs/decisions/052; the
 * process is lib/image-worker.ts). Each call is one job; how many run at once is the image queue's business
 * (lib/image-queue.ts). The process starts with the first job and again after it dies; a job it dies in is
 * refused as a busy server's (503 with Retry-After), which the forms retry, and nothing acknowledged is lost.
 */
export interface ImageWork {
  /** Decodes and re-encodes an upload, as lib/images.ts's processImage does. */
  reencode(source: ImageSource, options: ProcessImageOptions): Promise<ProcessedImage>;
  /**
   * The same, written by the image process to `output` (lib/images.ts processImageToFile): the image's bytes
   * never cross the channel, which cost both processes some 12 ms of CPU for a 4 MB photo.
   */
  reencodeToFile(source: ImageSource, options: ProcessImageOptions, output: string): Promise<ProcessedImageFile>;
  /** The perceptual hash of a photo (lib/perceptual-hash.ts). */
  hash(input: Buffer | string): Promise<bigint>;
  /** The image process's id while it runs. */
  readonly pid: number | undefined;
  /** Lets the process go once its jobs are done; a later job starts a new one. */
  close(): Promise<void>;
}

/** The built server's entry next to this bundle, or the source run through tsx (tests, `npm run dev`). */
function workerEntry(): { file: string; execArgv: string[] } {
  const built = fileURLToPath(new URL('./image-worker.js', import.meta.url));
  if (existsSync(built)) return { file: built, execArgv: [] };
  return { file: fileURLToPath(new URL('./image-worker.ts', import.meta.url)), execArgv: ['--import', 'tsx'] };
}

const busy = () => new AppError('UNAVAILABLE', 'server.busy', undefined, { retryAfterSeconds: 1 });

interface Pending {
  resolve(value: ImageWorkReply['value']): void;
  reject(error: Error): void;
}

interface Running {
  child: ChildProcess;
  pending: Map<number, Pending>;
  exited: Promise<void>;
}

export function createImageWork(options: { niceness?: number } = {}): ImageWork {
  let running: Running | undefined;
  let nextId = 0;

  function start(): Running {
    const { file, execArgv } = workerEntry();
    const child = fork(file, [], {
      execArgv,
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      env: {
        // An operator's own allocator setting wins.
        MALLOC_MMAP_THRESHOLD_: IMAGE_WORK_MMAP_THRESHOLD,
        ...process.env,
        IMAGE_WORK_NICENESS: String(options.niceness ?? IMAGE_WORK_NICENESS),
      },
    });
    const pending = new Map<number, Pending>();
    const exited = new Promise<void>((resolve) => {
      const settle = () => {
        if (running?.child === child) running = undefined;
        for (const job of pending.values()) job.reject(busy());
        pending.clear();
        resolve();
      };
      child.once('exit', settle);
      child.once('error', settle);
    });
    child.on('message', (reply: ImageWorkReply) => {
      const job = pending.get(reply.id);
      if (!job) return;
      pending.delete(reply.id);
      idleIfDone(child, pending);
      if (reply.refusal) job.reject(new AppError(reply.refusal.code, reply.refusal.reason));
      else if (reply.failure !== undefined) job.reject(new Error(reply.failure));
      else job.resolve(reply.value);
    });
    // An idle image process never keeps the server's event loop alive.
    child.unref();
    idleIfDone(child, pending);
    return { child, pending, exited };
  }

  function idleIfDone(child: ChildProcess, pending: Map<number, Pending>) {
    const channel = child.channel as { ref(): void; unref(): void } | undefined;
    if (pending.size === 0) channel?.unref();
    else channel?.ref();
  }

  function call(request: ImageWorkJob): Promise<ImageWorkReply['value']> {
    running ??= start();
    const { child, pending } = running;
    const id = ++nextId;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      idleIfDone(child, pending);
      child.send({ ...request, id } as ImageWorkRequest, (error) => {
        if (!error || !pending.delete(id)) return;
        idleIfDone(child, pending);
        reject(busy());
      });
    });
  }

  return {
    async reencode(source, reencodeOptions) {
      const image = (await call({ kind: 'reencode', source, options: reencodeOptions })) as ProcessedImage;
      const data = image.data as Uint8Array;
      return { ...image, data: Buffer.from(data.buffer, data.byteOffset, data.byteLength) };
    },
    async reencodeToFile(source, reencodeOptions, output) {
      return (await call({ kind: 'reencodeToFile', source, options: reencodeOptions, output })) as ProcessedImageFile;
    },
    async hash(input) {
      return (await call({ kind: 'hash', input })) as bigint;
    },
    get pid() {
      return running?.child.pid;
    },
    async close() {
      const current = running;
      if (!current) return;
      running = undefined;
      // Held until it has left: a closing server's loop may have nothing else to wait for, and would end with
      // its shutdown half done.
      current.child.ref();
      if (current.child.connected) current.child.disconnect();
      const timer = setTimeout(() => current.child.kill('SIGKILL'), EXIT_WAIT_MS);
      await current.exited;
      clearTimeout(timer);
    },
  };
}
