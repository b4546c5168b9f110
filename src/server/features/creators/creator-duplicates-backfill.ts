import { and, asc, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import type { Database, Db } from '#server/db/client.ts';
import { creators } from '#server/db/schema.ts';
import type { FileStore } from '#server/lib/file-store.ts';
import { markDuplicates } from './creator-duplicates.service.ts';

export interface BackfillResult {
  hashed: number;
  /** Photos missing from the store or that could not be decoded; they stay unhashed. */
  failed: number;
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/**
 * `npm run admin -- backfill-duplicates` (docs/decisions/025): hashes the photos of creators who applied before
 * photos were hashed, a batch at a time in id order, one photo at a time, and flags their matches. The
 * migration already wrote the contact keys. Safe to run again or to stop: it picks up the photos still
 * unhashed.
 */
export async function backfillPhotoHashes(
  db: Db,
  store: FileStore,
  options: {
    batchSize?: number;
    onProgress?: (result: BackfillResult) => void;
    /** Stops between two photos (the server shutting down); what is left waits for the next run. */
    signal?: AbortSignal;
    /** How a photo is hashed: in this process by default (the command), through the image work in the server. */
    hash?: (photo: Buffer | string) => Promise<bigint>;
  } = {},
): Promise<BackfillResult> {
  const batchSize = options.batchSize ?? 100;
  const result: BackfillResult = { hashed: 0, failed: 0 };
  let after: string | undefined;
  for (;;) {
    const batch = await db
      .select({ id: creators.id, photoKey: creators.photoKey, contactKey: creators.contactKey })
      .from(creators)
      .where(and(isNotNull(creators.photoKey), isNull(creators.photoHash), after ? gt(creators.id, after) : undefined))
      .orderBy(asc(creators.id))
      .limit(batchSize);
    for (const row of batch) {
      if (options.signal?.aborted) return result;
      const hash = await hashStoredPhoto(store, row.photoKey ?? '', options.hash ?? hashHere);
      if (hash === null) {
        result.failed++;
        continue;
      }
      await db.transaction(async (tx) => {
        await tx.update(creators).set({ photoHash: hash }).where(eq(creators.id, row.id));
        await markDuplicates(tx, { id: row.id, contactKey: row.contactKey, photoHash: hash });
      });
      result.hashed++;
    }
    options.onProgress?.(result);
    const last = batch.at(-1);
    if (!last || batch.length < batchSize) return result;
    after = last.id;
  }
}

/** The command's own hashing, in its process; sharp is loaded only when it runs. */
const hashHere = async (photo: Buffer | string) =>
  (await import('#server/lib/perceptual-hash.ts')).perceptualHash(photo);

/**
 * A stored photo's hash, or null when it cannot be read or decoded (the row stays unhashed). A photo on local disk
 * is read by whoever hashes it, from its path; from a bucket, its bytes are read here and handed over.
 */
export async function hashStoredPhoto(
  store: FileStore,
  key: string,
  hash: (photo: Buffer | string) => Promise<bigint>,
): Promise<bigint | null> {
  try {
    const local = store.localPath?.(key);
    if (local) return await hash(local);
    const file = await store.get(key);
    return file ? await hash(await readAll(file.stream)) : null;
  } catch {
    return null;
  }
}

/** Whether some creator's stored photo has no hash yet; stops at the first found. */
export async function hasUnhashedPhotos(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ id: creators.id })
    .from(creators)
    .where(and(isNotNull(creators.photoKey), isNull(creators.photoHash)))
    .limit(1);
  return row !== undefined;
}

/**
 * The backfill as an upgrade step that runs itself: once per start, in the background, when photos wait for
 * their hash (a database upgraded from before hashing, or photos a previous pass could not read). On
 * PostgreSQL one instance at a time does it; the others skip it. One summary line in the log; the command
 * `npm run admin -- backfill-duplicates` stays for running it by hand.
 */
export function startDuplicatesBackfill(deps: {
  database: Database;
  store: FileStore;
  log: { info(fields: object, message: string): void; error(fields: object, message: string): void };
  hash?: (photo: Buffer | string) => Promise<bigint>;
}): { done: Promise<void>; stop: () => void } {
  const { database, store, log, hash } = deps;
  const stopping = new AbortController();
  const done = (async () => {
    try {
      const outcome = await database.exclusive('duplicatesBackfill', async () =>
        (await hasUnhashedPhotos(database.db))
          ? backfillPhotoHashes(database.db, store, { signal: stopping.signal, ...(hash ? { hash } : {}) })
          : null,
      );
      if (!outcome.ran) log.info({}, 'duplicates backfill skipped: another instance is running it');
      else if (outcome.value) log.info(outcome.value, 'duplicates backfill finished');
    } catch (error) {
      if (!stopping.signal.aborted) log.error({ err: error }, 'duplicates backfill failed');
    }
  })();
  return { done, stop: () => stopping.abort() };
}
