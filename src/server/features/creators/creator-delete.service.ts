import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '#server/db/client.ts';
import { creators, stage2Submissions } from '#server/db/schema.ts';
import { AppError, notFound } from '#server/lib/app-error.ts';
import type { FileStore } from '#server/lib/file-store.ts';
import type { CreatorStatus } from '#shared/creator-status.ts';
import { deleteStoredFiles, type FileLog } from '../files/files.service.ts';
import { findDuplicateIds, refreshDuplicateFlags } from './creator-duplicates.service.ts';
import { normaliseCreatorId } from './creator-id.ts';
import { CREATOR_NOT_FOUND } from './creators.service.ts';

/**
 * DELETE /api/admin/creators/{creatorId} (product §9: the application, stage 2 data, activity log and
 * uploaded files). The rows go first, in one transaction whose DELETE … RETURNING collects every file
 * key as of the deletion itself; the files go after the commit. A crash in between leaves only files
 * no row names, which the orphan sweep removes; never a row pointing at a missing file.
 */
export async function deleteCreator(
  db: Db,
  store: FileStore,
  input: {
    publicId: string;
    log?: FileLog;
    /** Delete only a creator in one of these statuses, decided by the DELETE itself (bulk and retention). */
    statuses?: readonly CreatorStatus[];
    /** Writes that must commit with the deletion (the retention audit record). */
    onDeleted?: (tx: Tx, removed: { creatorId: string; status: CreatorStatus }) => Promise<void>;
  },
): Promise<{ creatorId: string; message: string }> {
  const creatorId = normaliseCreatorId(input.publicId);
  if (!creatorId) throw notFound(CREATOR_NOT_FOUND);

  const deleted = await db.transaction(async (tx) => {
    const owner = tx.select({ id: creators.id }).from(creators).where(eq(creators.creatorId, creatorId));
    const stage2 = await tx
      .delete(stage2Submissions)
      .where(inArray(stage2Submissions.creatorId, owner))
      .returning({ screenshot: stage2Submissions.revenueScreenshotKey, images: stage2Submissions.imageKeys });
    const { statuses } = input;
    const [creator] = await tx
      .delete(creators)
      .where(and(eq(creators.creatorId, creatorId), statuses ? inArray(creators.status, [...statuses]) : undefined))
      .returning({
        id: creators.id,
        photo: creators.photoKey,
        status: creators.status,
        contactKey: creators.contactKey,
        photoHash: creators.photoHash,
        hasDuplicates: creators.hasDuplicates,
      });
    if (!creator) throw await refusal(tx, creatorId, statuses);
    // Those it alone matched lose their "Possible duplicate" badge with it.
    if (creator.hasDuplicates) await refreshDuplicateFlags(tx, await findDuplicateIds(tx, creator));
    await input.onDeleted?.(tx, { creatorId, status: creator.status });
    const keys = [creator.photo, ...stage2.flatMap((row) => [row.screenshot, ...row.images])];
    return keys.filter((key): key is string => Boolean(key));
  });

  await deleteStoredFiles(store, deleted, input.log);
  return { creatorId, message: `Creator ${creatorId} deleted` };
}

/** Why nothing was deleted: no such creator, or (with a status guard) one whose status does not allow it. */
async function refusal(tx: Tx, creatorId: string, statuses?: readonly CreatorStatus[]): Promise<AppError> {
  const [row] = await tx.select({ status: creators.status }).from(creators).where(eq(creators.creatorId, creatorId));
  if (!row || !statuses) return notFound(CREATOR_NOT_FOUND);
  // Status codes: each reader names them in its own language (`{{allowed, status}}`).
  return new AppError('INVALID_TRANSITION', {
    key: 'creators.cannotDelete',
    params: { allowed: statuses.join(','), status: row.status },
  });
}
