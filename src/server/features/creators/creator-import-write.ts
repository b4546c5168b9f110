import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { activityLog, creators } from '#server/db/schema.ts';
import { IMPORTED_ACTIVITY } from '#shared/creator-import.ts';
import { newCreatorId } from './creator-id.ts';
import type { JudgedRow } from './creator-import-rows.ts';

/** As the submissions service: a clash among ~6.6·10^11 ids is rare; several in a row means something else. */
const CREATOR_ID_ATTEMPTS = 5;

type ValidRow = JudgedRow & { valid: NonNullable<JudgedRow['valid']> };

function creatorValues(row: ValidRow, creatorId: string) {
  const { application: a, recruiter, contactKey } = row.valid;
  return {
    creatorId,
    status: 'pending' as const,
    name: a.name,
    language: a.language,
    gender: a.gender,
    contactMethod: a.contactMethod,
    contactInfo: a.contactInfo,
    hasOnlyFans: a.hasOnlyFans,
    averageMonthlyRange: a.averageMonthlyRange,
    age: a.age,
    country: a.country,
    agencyGoals: a.agencyGoals,
    instagram: a.instagram,
    tiktok: a.tiktok,
    twitter: a.twitter,
    additionalInfo: a.additionalInfo,
    recruiterId: recruiter.id,
    recruiterName: recruiter.name,
    contactKey,
  };
}

/** Inserts the rows with new Creator IDs, trying again with fresh ids for the few that clashed. */
async function insertCreators(tx: DbOrTx, rows: readonly ValidRow[], newId: () => string) {
  const stored: { id: string; row: ValidRow }[] = [];
  let waiting = rows;
  for (let attempt = 0; attempt < CREATOR_ID_ATTEMPTS && waiting.length > 0; attempt++) {
    const byId = new Map(waiting.map((row) => [newId(), row]));
    // ON CONFLICT keeps the transaction usable after a clash, on both drivers, as for one application.
    const inserted = await tx
      .insert(creators)
      .values([...byId].map(([creatorId, row]) => creatorValues(row, creatorId)))
      .onConflictDoNothing({ target: creators.creatorId })
      .returning({ id: creators.id, creatorId: creators.creatorId });
    for (const { id, creatorId } of inserted) {
      const row = byId.get(creatorId);
      if (row) stored.push({ id, row });
      byId.delete(creatorId);
    }
    waiting = [...byId.values()];
  }
  if (waiting.length > 0) throw new Error(`No free creator id after ${CREATOR_ID_ATTEMPTS} attempts`);
  return stored;
}

/**
 * Marks every creator sharing a contact key with one of the batch's as a possible duplicate (decision 025),
 * as an application's insert does one at a time: one statement for the batch. A file has no photos, so the
 * contact is the only key; a photo hash never arrives for them.
 */
async function markContactDuplicates(tx: DbOrTx, keys: readonly string[]) {
  if (keys.length === 0) return;
  const shared = tx
    .select({ key: creators.contactKey })
    .from(creators)
    .where(inArray(creators.contactKey, [...keys]))
    .groupBy(creators.contactKey)
    .having(sql`count(*) > 1`);
  await tx
    .update(creators)
    .set({ hasDuplicates: true })
    .where(and(inArray(creators.contactKey, shared), eq(creators.hasDuplicates, false)));
}

/**
 * One batch of an import in one transaction: the creators (pending; the status counters follow by their
 * triggers), an "Imported from a file" entry each naming who imported which file and row, and the duplicate marks.
 */
export async function insertImportBatch(
  db: Db,
  batch: { rows: readonly JudgedRow[]; fileName: string; performedBy: string; newId?: () => string },
): Promise<number> {
  const rows = batch.rows.filter((row): row is ValidRow => row.valid !== undefined);
  if (rows.length === 0) return 0;
  return db.transaction(async (tx) => {
    const stored = await insertCreators(tx, rows, batch.newId ?? newCreatorId);
    await tx.insert(activityLog).values(
      stored.map(({ id, row }) => ({
        creatorId: id,
        action: IMPORTED_ACTIVITY,
        performedBy: batch.performedBy,
        additionalInfo: { file: batch.fileName, row: row.row },
      })),
    );
    await markContactDuplicates(tx, [...new Set(rows.map((row) => row.valid.contactKey))]);
    return stored.length;
  });
}
