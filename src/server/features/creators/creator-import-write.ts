import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { activityLog, creators } from '#server/db/schema.ts';
import { IMPORTED_ACTIVITY } from '#shared/creator-import.ts';
import { newCreatorId } from './creator-id.ts';
import type { JudgedRow } from './creator-import-rows.ts';

/** As the submissions service: a clash among ~6.6·10^11 ids is rare; several in a row means something else. */
const CREATOR_ID_ATTEMPTS = 5;

type ValidRow = JudgedRow & { valid: NonNullable<JudgedRow['valid']> };

/** One row as `jsonb_to_recordset` reads it below: the columns an application sets, by their names. */
function recordOf(row: ValidRow, creatorId: string) {
  const { application: a, recruiter, contactKey } = row.valid;
  return {
    creator_id: creatorId,
    name: a.name,
    language: a.language,
    gender: a.gender,
    contact_method: a.contactMethod,
    contact_info: a.contactInfo,
    has_only_fans: a.hasOnlyFans,
    average_monthly_range: a.averageMonthlyRange,
    age: a.age,
    country: a.country,
    agency_goals: a.agencyGoals,
    instagram: a.instagram,
    tiktok: a.tiktok,
    twitter: a.twitter,
    additional_info: a.additionalInfo,
    recruiter_id: recruiter.id,
    recruiter_name: recruiter.name,
    contact_key: contactKey,
  };
}

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

/**
 * Inserts the rows with new Creator IDs, trying again with fresh ids for the few that clashed. One statement
 * with one parameter per attempt, as the set-based bulk work writes (decisions 053 and 058): 500 rows of
 * twenty columns as parameters cost the drivers more than the insert itself.
 */
async function insertCreators(tx: DbOrTx, rows: readonly ValidRow[], newId: () => string) {
  const stored: { id: string; row: ValidRow }[] = [];
  let waiting = rows;
  for (let attempt = 0; attempt < CREATOR_ID_ATTEMPTS && waiting.length > 0; attempt++) {
    const byId = new Map(waiting.map((row) => [newId(), row]));
    // ON CONFLICT keeps the transaction usable after a clash, on both drivers, as for one application.
    const { rows: inserted } = (await tx.execute(sql`insert into ${creators} (creator_id, status, name, language,
        gender, contact_method, contact_info, has_only_fans, average_monthly_range, age, country, agency_goals,
        instagram, tiktok, twitter, additional_info, recruiter_id, recruiter_name, contact_key)
      select r.creator_id, 'pending', r.name, r.language, r.gender, r.contact_method, r.contact_info,
        r.has_only_fans, r.average_monthly_range, r.age, r.country, r.agency_goals, r.instagram, r.tiktok,
        r.twitter, r.additional_info, r.recruiter_id, r.recruiter_name, r.contact_key
      from jsonb_to_recordset(${json([...byId].map(([creatorId, row]) => recordOf(row, creatorId)))}) as r(
        creator_id text, name text, language text, gender text, contact_method text, contact_info text,
        has_only_fans text, average_monthly_range text, age integer, country text, agency_goals text,
        instagram text, tiktok text, twitter text, additional_info text, recruiter_id uuid, recruiter_name text,
        contact_key text)
      on conflict (creator_id) do nothing
      returning id, creator_id as "creatorId"`)) as unknown as { rows: { id: string; creatorId: string }[] };
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
  await tx.execute(sql`update ${creators} set has_duplicates = true
    where not has_duplicates and contact_key in (
      select contact_key from ${creators}
      where contact_key in (select jsonb_array_elements_text(${json(keys)}))
      group by contact_key having count(*) > 1)`);
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
    const entries = stored.map(({ id, row }) => ({ creator_id: id, row: row.row }));
    await tx.execute(sql`insert into ${activityLog} (creator_id, action, performed_by, additional_info)
      select e.creator_id, ${IMPORTED_ACTIVITY}, ${batch.performedBy},
        jsonb_build_object('file', ${batch.fileName}::text, 'row', e.row)
      from jsonb_to_recordset(${json(entries)}) as e(creator_id uuid, row integer)`);
    await markContactDuplicates(tx, [...new Set(rows.map((row) => row.valid.contactKey))]);
    return stored.length;
  });
}
