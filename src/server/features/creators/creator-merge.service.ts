import { eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '#server/db/client.ts';
import { activityLog, creators, stage2Submissions } from '#server/db/schema.ts';
import { AppError, notFound } from '#server/lib/app-error.ts';
import type { FileStore } from '#server/lib/file-store.ts';
import {
  MERGE_ACTION,
  MERGE_FIELDS,
  type MergeField,
  mergeRefusal,
  resolveMergeChoices,
} from '#shared/creator-merge.ts';
import type { MergeResult } from '#shared/replies/creator-merge.ts';
import type { MergeRequest } from '#shared/schemas/creator-merge.ts';
import { deleteStoredFiles, type FileLog } from '../files/files.service.ts';
import { creatorColumns, toCreator } from './creator-dto.ts';
import { findDuplicateIds, markDuplicates, refreshDuplicateFlags } from './creator-duplicates.service.ts';
import { normaliseCreatorId } from './creator-id.ts';
import { moveChildRows } from './creator-merge-children.ts';
import { areStillDuplicates, candidateOf, type MergeRow, mergeColumns, takenValues } from './creator-merge-fields.ts';
import { CREATOR_NOT_FOUND } from './creators.service.ts';

export interface MergeInput {
  /** The record that stays (the URL's Creator ID). */
  publicId: string;
  request: MergeRequest;
  performedBy: string;
  log?: FileLog;
}

interface Stage2Files {
  id: string;
  creatorId: string;
  updatedAt: Date;
  screenshot: string | null;
  images: string[];
}

const filesOf = (stage2: Stage2Files | undefined) =>
  stage2 ? [stage2.screenshot, ...stage2.images].filter((key): key is string => Boolean(key)) : [];

/**
 * POST …/{creatorId}/merge (decision 062): one person's two records become the one in the URL. In one
 * transaction, with both rows locked: the chosen fields are copied onto it, every row of the other (notes,
 * activity, events with their deliveries, stage-2 answers, undo records, reminders) moves to it, the other is
 * deleted (the status counts follow by trigger), the duplicate marks of both sides' matches are worked out again,
 * and an activity entry names the merged record. The files no record names any more are deleted after the commit,
 * as a deletion's are: a crash in between leaves only files the orphan sweep removes.
 */
export async function mergeCreators(db: Db, store: FileStore, input: MergeInput): Promise<MergeResult> {
  const intoId = normaliseCreatorId(input.publicId);
  const fromId = normaliseCreatorId(input.request.from);
  if (!intoId || !fromId) throw notFound(CREATOR_NOT_FOUND);
  if (intoId === fromId) throw new AppError('BAD_REQUEST', 'merge.self');

  const { result, unkept } = await db.transaction(async (tx) => {
    // In id order, as every lock on two creators is taken, so two merges cannot wait on each other.
    const rows: MergeRow[] = await tx
      .select(mergeColumns)
      .from(creators)
      .where(inArray(creators.creatorId, [intoId, fromId]))
      .orderBy(creators.id)
      .for('update');
    const into = rows.find((row) => row.creatorId === intoId);
    const from = rows.find((row) => row.creatorId === fromId);
    if (!into || !from) throw notFound(CREATOR_NOT_FOUND);
    const refusal = mergeRefusal(into, from);
    if (refusal) throw new AppError('CONFLICT', refusal);
    if (!areStillDuplicates(into, from)) {
      throw new AppError('CONFLICT', { key: 'merge.notDuplicates', params: { into: intoId, from: fromId } });
    }

    const stage2 = await tx
      .select({
        id: stage2Submissions.id,
        creatorId: stage2Submissions.creatorId,
        updatedAt: stage2Submissions.updatedAt,
        screenshot: stage2Submissions.revenueScreenshotKey,
        images: stage2Submissions.imageKeys,
      })
      .from(stage2Submissions)
      .where(inArray(stage2Submissions.creatorId, [into.id, from.id]))
      .for('update');
    const intoStage2 = stage2.find((row) => row.creatorId === into.id);
    const fromStage2 = stage2.find((row) => row.creatorId === from.id);
    const sides = resolveMergeChoices(
      candidateOf(into, intoStage2?.updatedAt ?? null),
      candidateOf(from, fromStage2?.updatedAt ?? null),
      input.request.fields,
    );

    // The files of whichever side was not chosen; the other side's stage 2 is deleted before the rows move.
    const unkept: string[] = [];
    const photoNotKept = sides.selfie === 'from' ? into.photoKey : from.photoKey;
    if (photoNotKept) unkept.push(photoNotKept);
    if (intoStage2 && fromStage2) {
      const dropped = sides.stage2 === 'from' ? intoStage2 : fromStage2;
      unkept.push(...filesOf(dropped));
      await tx.delete(stage2Submissions).where(eq(stage2Submissions.id, dropped.id));
    }

    const formerMatches = new Set([...(await findDuplicateIds(tx, into)), ...(await findDuplicateIds(tx, from))]);
    await tx
      .update(creators)
      .set({
        ...takenValues(into, from, sides),
        // The merge is itself a staff action; an earlier one on either record counts from when it was made.
        firstStaffActionAt: sql`coalesce(least(${creators.firstStaffActionAt}, ${from.firstStaffActionAt?.toISOString() ?? null}::timestamptz), now())`,
        // The record that stays keeps its owner; one with none takes the other's (decision 063).
        assigneeId: sql`coalesce(${creators.assigneeId}, (select other.assignee_id from creators other where other.id = ${from.id}))`,
        updatedAt: sql`now()`,
      })
      .where(eq(creators.id, into.id));
    await moveChildRows(tx, { from: from.id, into: into.id, mergedCreatorId: from.creatorId });
    await tx.delete(creators).where(eq(creators.id, from.id));

    const fromMerged = MERGE_FIELDS.filter((field) => sides[field] === 'from');
    await tx.insert(activityLog).values({
      creatorId: into.id,
      action: MERGE_ACTION,
      performedBy: input.performedBy,
      additionalInfo: { merged: from.creatorId, fromMerged },
    });
    const creator = await refreshMarks(tx, into.id, [...formerMatches]);
    const kept = new Set([creator.photoKey]);
    return { result: { creator, fromMerged }, unkept: unkept.filter((key) => !kept.has(key)) };
  });

  await deleteStoredFiles(store, unkept, input.log);
  return { creator: toCreator(result.creator), merged: fromId, fromMerged: result.fromMerged as MergeField[] };
}

/**
 * The "Possible duplicate" marks as the merge leaves them: each former match of either record keeps its mark only
 * if something still matches it, and the record that stays, with its contact and selfie as chosen, marks its
 * matches now (decision 025's rules, as a deletion and a new application apply them).
 */
async function refreshMarks(tx: Tx, intoId: string, formerMatches: string[]) {
  await refreshDuplicateFlags(tx, [...formerMatches.filter((id) => id !== intoId), intoId]);
  const [keys] = await tx
    .select({ id: creators.id, contactKey: creators.contactKey, photoHash: creators.photoHash })
    .from(creators)
    .where(eq(creators.id, intoId));
  if (keys) await markDuplicates(tx, keys);
  const [row] = await tx.select(creatorColumns).from(creators).where(eq(creators.id, intoId));
  if (!row) throw new Error('The creator that stays was not found after the merge');
  return row;
}
