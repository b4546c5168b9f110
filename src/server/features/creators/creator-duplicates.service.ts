import { inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { PHOTO_HASH_BANDS, photoBandSql } from '#server/db/photo-bands.ts';
import { creators } from '#server/db/schema.ts';
import { bandCandidates, PHOTO_MATCH_DISTANCE } from '#server/lib/photo-match.ts';
import type { CreatorStatus } from '#shared/creator-status.ts';
import type { DuplicateReason, PossibleDuplicate } from '#shared/replies/creators.ts';

/** More would not help anyone reading the dialog; the badge only needs one. */
const MAX_DUPLICATES = 20;
/**
 * How many matches one write flags. A photo many people share (a blank or placeholder image) could match
 * thousands; those beyond were flagged when they were written, each matching the others.
 */
const MAX_FLAGGED = 1000;

export interface DuplicateKeys {
  id: string;
  contactKey: string | null;
  photoHash: bigint | null;
}

interface MatchRow {
  id: string;
  creatorId: string;
  name: string;
  status: CreatorStatus;
  byContact: boolean;
  byPhoto: boolean;
}

/**
 * Where another creator can match: the same contact key (its index), or a photo hash sharing a band within
 * one bit (the band indexes, perceptual-hash.ts), confirmed by the full distance.
 */
function candidatesOf(keys: DuplicateKeys): SQL | null {
  const conditions: SQL[] = [];
  if (keys.contactKey) conditions.push(sql`${creators.contactKey} = ${keys.contactKey}`);
  if (keys.photoHash !== null) {
    for (const band of PHOTO_HASH_BANDS) {
      const values = sql.join(
        bandCandidates(keys.photoHash, band).map((value) => sql`${value}`),
        sql`, `,
      );
      conditions.push(sql`(${sql.raw(photoBandSql(band))} in (${values}) and photo_hash is not null)`);
    }
  }
  return conditions.length > 0 ? sql.join(conditions, sql` or `) : null;
}

/** The creators matching `keys` other than itself, oldest first. */
async function matchesOf(db: DbOrTx, keys: DuplicateKeys, limit: number): Promise<MatchRow[]> {
  const candidates = candidatesOf(keys);
  if (!candidates) return [];
  const photoHash = keys.photoHash === null ? null : keys.photoHash.toString();
  const query = sql`select id, "creatorId", name, status, "byContact", "byPhoto" from (
      select id, creator_id as "creatorId", name, status, created_at,
        coalesce(contact_key = ${keys.contactKey}, false) as "byContact",
        coalesce(bit_count((photo_hash # ${photoHash}::bigint)::bit(64)) <= ${PHOTO_MATCH_DISTANCE}, false) as "byPhoto"
      from ${creators}
      where id <> ${keys.id} and (${candidates})
    ) as matches
    where "byContact" or "byPhoto"
    order by created_at, id
    limit ${limit}`;
  // Both drivers answer raw SQL with `rows`.
  const { rows } = (await db.execute(query)) as unknown as { rows: MatchRow[] };
  return rows;
}

/** The other creators who may be the same person, and why (the creator detail's `duplicates`). */
export async function findDuplicates(db: DbOrTx, keys: DuplicateKeys): Promise<PossibleDuplicate[]> {
  const rows = await matchesOf(db, keys, MAX_DUPLICATES);
  return rows.map((row) => {
    const reasons: DuplicateReason[] = [];
    if (row.byContact) reasons.push('contact');
    if (row.byPhoto) reasons.push('photo');
    return { creatorId: row.creatorId, name: row.name, status: row.status, reasons };
  });
}

/** The row ids of a creator's matches, the oldest `limit` of them. */
export async function findDuplicateIds(db: DbOrTx, keys: DuplicateKeys, limit = MAX_FLAGGED): Promise<string[]> {
  return (await matchesOf(db, keys, limit)).map((row) => row.id);
}

/** Flags a creator and its matches after its keys were written (an application, or a photo hash arriving). */
export async function markDuplicates(db: DbOrTx, keys: DuplicateKeys): Promise<number> {
  const matches = await findDuplicateIds(db, keys);
  if (matches.length === 0) return 0;
  await db
    .update(creators)
    .set({ hasDuplicates: true })
    .where(sql`${inArray(creators.id, [keys.id, ...matches])} and not ${creators.hasDuplicates}`);
  return matches.length;
}

/**
 * After a creator is deleted, inside the same transaction: each creator it matched keeps its badge only if
 * something else still matches it.
 */
export async function refreshDuplicateFlags(db: DbOrTx, formerMatches: readonly string[]): Promise<void> {
  if (formerMatches.length === 0) return;
  const rows = await db
    .select({ id: creators.id, contactKey: creators.contactKey, photoHash: creators.photoHash })
    .from(creators)
    .where(inArray(creators.id, [...formerMatches]));
  for (const row of rows) {
    const stillMatched = (await findDuplicateIds(db, row, 1)).length > 0;
    if (!stillMatched) await db.update(creators).set({ hasDuplicates: false }).where(sql`${creators.id} = ${row.id}`);
  }
}
