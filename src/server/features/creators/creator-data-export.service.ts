import type { Readable } from 'node:stream';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { activityLog, creators, stage2Submissions } from '#server/db/schema.ts';
import { notFound } from '#server/lib/app-error.ts';
import type { FileStore } from '#server/lib/file-store.ts';
import { tagNamesOf } from '../tags/tags.service.ts';
import { toActivityEntry } from './creator-dto.ts';
import { CREATOR_NOT_FOUND, findCreatorRow } from './creators.service.ts';

/**
 * Columns never exported: the stage-2 and own-page tokens' hashes are credentials, not data about the person, and the
 * search text is the database's own folded copy of the name, contact and Creator ID already exported.
 */
const NOT_EXPORTED = new Set(['stage2TokenHash', 'pageTokenHash', 'searchText']);

export interface ExportedFile {
  /** Where the file sits in the zip. */
  path: string;
  /** What it is: the verification photo, the revenue screenshot, or a stage-2 image. */
  kind: 'verificationPhoto' | 'revenueScreenshot' | 'stage2Image';
  key: string;
  /** The store no longer holds it (a crash's leftovers are swept; this says so instead of failing). */
  isMissing?: true;
}

/**
 * Every column as stored, minus the NOT_EXPORTED ones: timestamps as ISO strings, and 64-bit integers (the
 * selfie's perceptual hash) as decimal strings, since JSON has no such numbers and a double would round them.
 */
function plain(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(row)
      .filter(([key]) => !NOT_EXPORTED.has(key))
      .map(([key, value]) => [key, jsonValue(value)]),
  );
}

function jsonValue(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return value.toString();
  return value;
}

const extensionOf = (key: string) => key.slice(key.lastIndexOf('.') + 1);

/**
 * GET /api/admin/creators/{creatorId}/export.zip (docs/decisions/027): everything held about one creator,
 * for a data-access request: `creator.json` (the application, stage-2 answers and activity log, every
 * stored field) and their files under `files/`, read through the file store (disk or bucket) one at a
 * time as the zip is written, so the reply streams whatever the files' size.
 */
export async function exportCreatorData(
  db: DbOrTx,
  store: FileStore,
  publicId: string,
  now = new Date(),
): Promise<{ creatorId: string; zip: Readable }> {
  const { id, creatorId } = await findCreatorRow(db, publicId);
  const [creatorRows, stage2Rows, activityRows, tagNames] = await Promise.all([
    db.select().from(creators).where(eq(creators.id, id)),
    db.select().from(stage2Submissions).where(eq(stage2Submissions.creatorId, id)),
    db
      .select()
      .from(activityLog)
      .where(eq(activityLog.creatorId, id))
      .orderBy(asc(activityLog.timestamp), asc(activityLog.id)),
    tagNamesOf(db, id),
  ]);
  const [creator] = creatorRows;
  if (!creator) throw notFound(CREATOR_NOT_FOUND);
  const [stage2] = stage2Rows;

  const files: ExportedFile[] = [];
  if (creator.photoKey) {
    files.push({
      path: `files/verification-photo.${extensionOf(creator.photoKey)}`,
      kind: 'verificationPhoto',
      key: creator.photoKey,
    });
  }
  if (stage2?.revenueScreenshotKey) {
    const key = stage2.revenueScreenshotKey;
    files.push({ path: `files/revenue-screenshot.${extensionOf(key)}`, kind: 'revenueScreenshot', key });
  }
  for (const [index, key] of (stage2?.imageKeys ?? []).entries()) {
    files.push({ path: `files/stage2-image-${index + 1}.${extensionOf(key)}`, kind: 'stage2Image', key });
  }
  for (const file of files) if (!(await store.exists(file.key))) file.isMissing = true;

  const document = {
    exportedAt: now.toISOString(),
    creator: plain(creator),
    stage2: stage2 ? plain(stage2) : null,
    tags: tagNames,
    activityLog: activityRows.map(toActivityEntry),
    files,
  };

  // Loaded with the first export: a module held by every process costs memory in each.
  const { ZipFile } = await import('yazl');
  const zip = new ZipFile();
  zip.addBuffer(Buffer.from(`${JSON.stringify(document, null, 2)}\n`), 'creator.json', { mtime: now });
  for (const file of files) {
    if (file.isMissing) continue;
    // Images are compressed already; storing them as they are costs no space and no CPU.
    zip.addReadStreamLazy(file.path, { compress: false, mtime: now }, (done) => {
      store.get(file.key).then(
        (stored) =>
          stored ? done(null, stored.stream) : done(new Error(`stored file ${file.key} is gone`), null as never),
        (error: unknown) => done(error, null as never),
      );
    });
  }
  zip.end();
  return { creatorId, zip: zip.outputStream as Readable };
}
