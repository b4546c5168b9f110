import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/client.ts';
import { creators } from '#server/db/schema.ts';
import type { ImageQueue } from '#server/lib/image-queue.ts';
import { markDuplicates } from './creator-duplicates.service.ts';

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
  /** The re-encoded selfie, still in memory from the application. */
  image: Buffer;
}

export interface PhotoHasher {
  /** Queues the hash behind the image work; never throws and never holds up the caller. */
  schedule(photo: PhotoToHash): void;
  /** Resolves once every scheduled hash has been stored or given up: for shutdown and tests. */
  idle(): Promise<void>;
}

/**
 * Hashes each new selfie in the image queue after the application's 201 (docs/decisions/025): decoding a
 * 12 MP JPEG again, even at an eighth of its size, took up to half as long as re-encoding it, which the
 * applicant would otherwise wait through. The hash and the flags it sets are written in one transaction. A
 * full queue, a crash or a failure leaves the photo unhashed, for `npm run admin -- backfill-duplicates`.
 */
export function createPhotoHasher(deps: { db: Db; images: ImageQueue; log: FastifyBaseLogger }): PhotoHasher {
  const pending = new Set<Promise<void>>();

  async function hashAndMatch(photo: PhotoToHash): Promise<void> {
    const hash = await deps.images.run(() => deps.images.work.hash(photo.image));
    await deps.db.transaction(async (tx) => {
      await tx.update(creators).set({ photoHash: hash }).where(eq(creators.id, photo.id));
      await markDuplicates(tx, { id: photo.id, contactKey: photo.contactKey, photoHash: hash });
    });
  }

  return {
    schedule(photo) {
      const job = hashAndMatch(photo).catch((error: unknown) => {
        // The row id only: the log holds no applicant details (architecture §5).
        deps.log.warn({ err: error, creatorRowId: photo.id }, 'selfie not hashed for duplicate matching');
      });
      pending.add(job);
      void job.finally(() => pending.delete(job));
    },
    async idle() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}
