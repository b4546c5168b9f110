import { eq, inArray } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { creators, stage2Submissions } from '#server/db/schema.ts';
import { notFound } from '#server/lib/app-error.ts';
import type { FileStore } from '#server/lib/file-store.ts';
import { deleteStoredFiles, type FileLog } from '../files/files.service.ts';
import { findDuplicateIds, refreshDuplicateFlags } from './creator-duplicates.service.ts';
import { normaliseCreatorId } from './creator-id.ts';
import { CREATOR_NOT_FOUND } from './creators.service.ts';

/**
 * DELETE /api/admin/creators/{creatorId} (spec §9: the application, stage 2 data, activity log and
 * uploaded files). The rows go first, in one transaction whose DELETE … RETURNING collects every file
 * key as of the deletion itself; the files go after the commit. A crash in between leaves only files
 * no row names, which the orphan sweep removes; never a row pointing at a missing file.
 */
export async function deleteCreator(
  db: Db,
  store: FileStore,
  input: { publicId: string; log?: FileLog },
): Promise<{ creatorId: string; message: string }> {
  const creatorId = normaliseCreatorId(input.publicId);
  if (!creatorId) throw notFound(CREATOR_NOT_FOUND);

  const deleted = await db.transaction(async (tx) => {
    const owner = tx.select({ id: creators.id }).from(creators).where(eq(creators.creatorId, creatorId));
    const stage2 = await tx
      .delete(stage2Submissions)
      .where(inArray(stage2Submissions.creatorId, owner))
      .returning({ screenshot: stage2Submissions.revenueScreenshotKey, images: stage2Submissions.imageKeys });
    const [creator] = await tx.delete(creators).where(eq(creators.creatorId, creatorId)).returning({
      id: creators.id,
      photo: creators.photoKey,
      contactKey: creators.contactKey,
      photoHash: creators.photoHash,
      hasDuplicates: creators.hasDuplicates,
    });
    if (!creator) throw notFound(CREATOR_NOT_FOUND);
    // Those it alone matched lose their "Possible duplicate" badge with it.
    if (creator.hasDuplicates) await refreshDuplicateFlags(tx, await findDuplicateIds(tx, creator));
    const keys = [creator.photo, ...stage2.flatMap((row) => [row.screenshot, ...row.images])];
    return keys.filter((key): key is string => Boolean(key));
  });

  await deleteStoredFiles(store, deleted, input.log);
  return { creatorId, message: `Creator ${creatorId} deleted` };
}
