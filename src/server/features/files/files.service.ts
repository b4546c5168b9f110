import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { creators, stage2Submissions } from '#server/db/schema.ts';
import { notFound } from '#server/lib/app-error.ts';
import { type FileStore, isFileKey, type StoredFile } from '#server/lib/file-store.ts';
import { englishOf } from '#shared/messages/english.ts';
import type { MessageKey } from '#shared/messages/message.ts';

export const FILE_NOT_FOUND_KEY = 'files.notFound' satisfies MessageKey;
/** Its English, as the API writes it. */
export const FILE_NOT_FOUND = englishOf(FILE_NOT_FOUND_KEY);

/**
 * Uploads are stored before the row that names them is written, so a younger file may belong to a
 * request still in flight; only files older than this are judged.
 */
export const ORPHAN_MIN_AGE_MS = 60 * 60_000;

/** How often a running server reconciles stored files with rows (architecture §5). */
export const ORPHAN_SWEEP_INTERVAL_MS = 60 * 60_000;

/** Keys checked per round of queries: bounds memory and bind parameters whatever the store holds. */
const SWEEP_BATCH_SIZE = 1000;

export interface FileLog {
  warn(details: object, message: string): void;
}

/** GET /api/admin/files/{key}: a malformed key is as unknown as a missing one. */
export async function openStoredFile(store: FileStore, key: string): Promise<StoredFile> {
  const file = isFileKey(key) ? await store.get(key) : null;
  if (!file) throw notFound(FILE_NOT_FOUND_KEY);
  return file;
}

/**
 * Deletes files whose rows are already gone. A failure is only logged: the orphan sweep will retry,
 * and the caller's rows are committed either way.
 */
export async function deleteStoredFiles(store: FileStore, keys: readonly string[], log?: FileLog): Promise<void> {
  const results = await Promise.allSettled(keys.map((key) => store.delete(key)));
  const failed = results.filter((result) => result.status === 'rejected').length;
  if (failed > 0) log?.warn({ failed }, 'stored files could not be deleted; the orphan sweep will retry');
}

/**
 * Which of `keys` a creator photo, revenue screenshot or stage-2 image still names. One query after
 * another: a background job should hold one pooled connection, not three, while requests are served.
 */
async function referencedKeys(db: DbOrTx, keys: string[]): Promise<Set<string>> {
  const referenced = new Set<string>();
  const photos = await db.select({ key: creators.photoKey }).from(creators).where(inArray(creators.photoKey, keys));
  const screenshots = await db
    .select({ key: stage2Submissions.revenueScreenshotKey })
    .from(stage2Submissions)
    .where(inArray(stage2Submissions.revenueScreenshotKey, keys));
  for (const { key } of [...photos, ...screenshots]) if (key) referenced.add(key);
  const imageRows = await db
    .select({ keys: stage2Submissions.imageKeys })
    .from(stage2Submissions)
    .where(
      sql`exists (select 1 from jsonb_array_elements_text(${stage2Submissions.imageKeys}) as image(key) where image.key in ${keys})`,
    );
  for (const row of imageRows) for (const key of row.keys) referenced.add(key);
  return referenced;
}

/**
 * architecture §5: after a crash between a commit and a file operation, files may be left that no row names.
 * Removes those last written before the cutoff (`now` − `olderThanMs`), plus unfinished temporary writes
 * from before it. At start-up the cutoff is the moment the server started: nothing written before then
 * can belong to a request of this process.
 */
export async function sweepOrphanFiles(
  db: DbOrTx,
  store: FileStore,
  options: { olderThanMs?: number; now?: Date } = {},
): Promise<{ removed: number; tempRemoved: number }> {
  const olderThanMs = options.olderThanMs ?? ORPHAN_MIN_AGE_MS;
  const cutoff = (options.now ?? new Date()).getTime() - olderThanMs;
  let removed = 0;
  let batch: string[] = [];
  const sweepBatch = async () => {
    const referenced = await referencedKeys(db, batch);
    for (const key of batch) {
      if (referenced.has(key)) continue;
      await store.delete(key);
      removed++;
    }
    batch = [];
  };
  for await (const { key, modifiedAt } of store.list()) {
    if (modifiedAt.getTime() > cutoff) continue;
    batch.push(key);
    if (batch.length >= SWEEP_BATCH_SIZE) await sweepBatch();
  }
  if (batch.length > 0) await sweepBatch();
  const tempRemoved = await store.sweepTemp(Math.max(0, Date.now() - cutoff));
  return { removed, tempRemoved };
}
