import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/client.ts';
import { creators } from '#server/db/schema.ts';
import type { FileStore } from '#server/lib/file-store.ts';
import type { ImageQueue } from '#server/lib/image-queue.ts';
import { markDuplicates } from './creator-duplicates.service.ts';
import { backfillPhotoHashes, hashStoredPhoto } from './creator-duplicates-backfill.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Selfies being hashed for duplicate matching after their application was answered. */
    photoHashes: PhotoHasher;
  }
}

export interface PhotoToHash {
  /** The creator's row id. */
  id: string;
  contactKey: string | null;
  /** The stored selfie, as the application re-encoded it. */
  photoKey: string;
}

export interface PhotoHasher {
  /** Queues the hash behind the image work, or defers it; never throws and never holds up the caller. */
  schedule(photo: PhotoToHash): void;
  /** Resolves once every scheduled hash, and the deferred ones' catch-up, has been stored or given up: for tests. */
  idle(): Promise<void>;
  /** Stops the catch-up and waits for the hashes under way: the server is closing. */
  stop(): Promise<void>;
}

/** How often a hasher with deferred hashes looks whether the image work has gone quiet. */
export const CATCH_UP_CHECK_MS = 2_000;
/** How often a running catch-up looks whether applications have started to queue again. */
const YIELD_CHECK_MS = 250;

/**
 * Hashes each new selfie in the image queue after the application's 201 (docs/decisions/025): decoding a
 * 12 MP JPEG again, even at an eighth of its size, costs some 40% of re-encoding it, which the applicant would
 * otherwise wait through. The hash and the flags it sets are written in one transaction.
 *
 * While applications wait for the image work (a storm of uploads), a hash steps aside (docs/decisions/052): the
 * selfie stays unhashed, and once the queue is empty the hasher catches up on every unhashed photo from the
 * store, in the image queue, yielding again as soon as applications queue up. Duplicates by photo are flagged
 * minutes later in a storm, and applicants are answered at the rate the cores allow. A crash or a failure leaves
 * the photo unhashed for the next catch-up, start-up or `npm run admin -- backfill-duplicates`.
 */
export function createPhotoHasher(deps: {
  db: Db;
  store: FileStore;
  images: ImageQueue;
  log: FastifyBaseLogger;
}): PhotoHasher {
  const { images, log } = deps;
  const pending = new Set<Promise<void>>();
  let waitingForQuiet: NodeJS.Timeout | undefined;
  let catchingUp: { done: Promise<void>; stop: AbortController } | undefined;
  let isStopped = false;

  const hashInWorker = (photo: Buffer | string) => images.run(() => images.work.hash(photo));
  const isQuiet = () => images.active === 0 && images.waiting === 0;

  async function hashAndMatch(photo: PhotoToHash): Promise<void> {
    const hash = await hashStoredPhoto(deps.store, photo.photoKey, hashInWorker);
    // Unreadable now (deleted meanwhile, or the store failing): left unhashed for the next catch-up.
    if (hash === null) throw new Error('The stored selfie could not be read or decoded');
    await deps.db.transaction(async (tx) => {
      await tx.update(creators).set({ photoHash: hash }).where(eq(creators.id, photo.id));
      await markDuplicates(tx, { id: photo.id, contactKey: photo.contactKey, photoHash: hash });
    });
  }

  function catchUp() {
    const stop = new AbortController();
    const yieldWatch = setInterval(() => {
      if (images.waiting > 0) stop.abort();
    }, YIELD_CHECK_MS);
    yieldWatch.unref();
    const done = backfillPhotoHashes(deps.db, deps.store, { signal: stop.signal, hash: hashInWorker })
      .then((result) => {
        if (result.hashed + result.failed > 0) log.info(result, 'deferred selfie hashes caught up');
        // Applications queued again before it was done: the rest waits for the next quiet moment.
        if (stop.signal.aborted && !isStopped) deferUntilQuiet();
      })
      .catch((error: unknown) => log.warn({ err: error }, 'deferred selfie hashes not caught up'))
      .finally(() => {
        clearInterval(yieldWatch);
        catchingUp = undefined;
      });
    catchingUp = { done, stop };
  }

  function deferUntilQuiet() {
    if (waitingForQuiet || isStopped) return;
    waitingForQuiet = setInterval(() => {
      if (catchingUp || !isQuiet()) return;
      clearInterval(waitingForQuiet);
      waitingForQuiet = undefined;
      catchUp();
    }, CATCH_UP_CHECK_MS);
    waitingForQuiet.unref();
  }

  return {
    schedule(photo) {
      if (isStopped) return;
      if (images.waiting > 0) {
        deferUntilQuiet();
        return;
      }
      const job = hashAndMatch(photo).catch((error: unknown) => {
        // The row id only: the log holds no applicant details (architecture §5).
        log.warn({ err: error, creatorRowId: photo.id }, 'selfie not hashed for duplicate matching');
      });
      pending.add(job);
      void job.finally(() => pending.delete(job));
    },
    async idle() {
      while (pending.size > 0 || catchingUp || waitingForQuiet) {
        await Promise.all([...pending, catchingUp?.done]);
        if (waitingForQuiet && pending.size === 0 && !catchingUp) {
          await new Promise((resolve) => setTimeout(resolve, CATCH_UP_CHECK_MS / 4));
        }
      }
    },
    async stop() {
      isStopped = true;
      clearInterval(waitingForQuiet);
      waitingForQuiet = undefined;
      catchingUp?.stop.abort();
      await Promise.all([...pending, catchingUp?.done]);
    },
  };
}
