import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '#server/db/client.ts';
import { activityLog, creators } from '#server/db/schema.ts';
import { creatorTags, tags } from '#server/db/staff-work-schema.ts';
import { AppError, conflict, notFound } from '#server/lib/app-error.ts';
import { inAskedOrder } from '#shared/assignees.ts';
import type { MessageKey } from '#shared/messages/message.ts';
import type { Tag, TagChangeResult } from '#shared/replies/tags.ts';
import { TAG_KEYS } from '#shared/schemas/tags.ts';
import { TAGS_CHANGED_ACTIVITY, TAGS_MAX, type TagColor } from '#shared/tags.ts';

/** Tags (decision 063): labels owners define and any admin puts on creators. */

const fieldError = (field: string, key: MessageKey) => new AppError('VALIDATION_FAILED', key, { [field]: key });

/** GET /api/admin/tags: every tag by name, with how many creators carry it. */
export async function listTags(db: DbOrTx): Promise<Tag[]> {
  const rows = await db
    .select({
      id: tags.id,
      name: tags.name,
      color: tags.color,
      count: sql<number>`(select count(*) from ${creatorTags} ct where ct.tag_id = ${tags.id})::int`,
    })
    .from(tags)
    .orderBy(asc(sql`lower(${tags.name})`));
  return rows.map((row) => ({ ...row, color: row.color as TagColor }));
}

async function refuseTakenName(db: DbOrTx, name: string, exceptId?: string): Promise<void> {
  const [clash] = await db.select({ id: tags.id }).from(tags).where(sql`lower(${tags.name}) = lower(${name})`);
  if (clash && clash.id !== exceptId) throw fieldError('name', TAG_KEYS.taken);
}

/** POST /api/admin/tags (owners). */
export async function createTag(db: Db, input: { name: string; color: TagColor }): Promise<Tag> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table ${tags} in share row exclusive mode`);
    const [{ count } = { count: 0 }] = await tx.select({ count: sql<number>`count(*)::int` }).from(tags);
    if (count >= TAGS_MAX) throw conflict({ key: TAG_KEYS.tooMany, params: { max: TAGS_MAX } });
    await refuseTakenName(tx, input.name);
    const [row] = await tx.insert(tags).values(input).returning();
    if (!row) throw new Error('the tags refused a row');
    return { id: row.id, name: row.name, color: row.color as TagColor, count: 0 };
  });
}

/** PATCH /api/admin/tags/{id} (owners): a new name or colour; every creator carrying it shows the new one. */
export async function updateTag(db: Db, id: string, input: { name: string; color: TagColor }): Promise<Tag> {
  return db.transaction(async (tx) => {
    await refuseTakenName(tx, input.name, id);
    const [row] = await tx.update(tags).set(input).where(eq(tags.id, id)).returning({ id: tags.id });
    if (!row) throw notFound(TAG_KEYS.notFound);
    const updated = (await listTags(tx)).find((tag) => tag.id === id);
    if (!updated) throw notFound(TAG_KEYS.notFound);
    return updated;
  });
}

/** DELETE /api/admin/tags/{id} (owners): the tag goes, and with it from every creator that carried it. */
export async function deleteTag(db: Db, id: string): Promise<void> {
  const [row] = await db.delete(tags).where(eq(tags.id, id)).returning({ id: tags.id });
  if (!row) throw notFound(TAG_KEYS.notFound);
}

/** The tags named, each one checked to exist: an unknown one refuses the whole change. */
async function namesOf(tx: DbOrTx, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: tags.id, name: tags.name })
    .from(tags)
    .where(inArray(tags.id, [...ids]));
  if (rows.length !== new Set(ids).size) throw fieldError('add', TAG_KEYS.unknown);
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** Puts tags on and takes tags off one locked creator, with one activity entry naming them; false when nothing changed. */
async function retag(
  tx: Tx,
  creatorRowId: string,
  change: { add: readonly string[]; remove: readonly string[] },
  names: Map<string, string>,
  performedBy: string,
): Promise<boolean> {
  const added =
    change.add.length === 0
      ? []
      : await tx
          .insert(creatorTags)
          .values(change.add.map((tagId) => ({ creatorId: creatorRowId, tagId })))
          .onConflictDoNothing()
          .returning({ tagId: creatorTags.tagId });
  const removed =
    change.remove.length === 0
      ? []
      : await tx
          .delete(creatorTags)
          .where(and(eq(creatorTags.creatorId, creatorRowId), inArray(creatorTags.tagId, [...change.remove])))
          .returning({ tagId: creatorTags.tagId });
  if (added.length === 0 && removed.length === 0) return false;
  await tx.insert(activityLog).values({
    creatorId: creatorRowId,
    action: TAGS_CHANGED_ACTIVITY,
    performedBy,
    additionalInfo: {
      ...(added.length > 0 ? { added: added.map((row) => names.get(row.tagId) ?? row.tagId) } : {}),
      ...(removed.length > 0 ? { removed: removed.map((row) => names.get(row.tagId) ?? row.tagId) } : {}),
    },
  });
  await tx.update(creators).set({ updatedAt: sql`now()` }).where(eq(creators.id, creatorRowId));
  return true;
}

function refuseNothing(change: { add: readonly string[]; remove: readonly string[] }): void {
  if (change.add.length === 0 && change.remove.length === 0) throw fieldError('add', TAG_KEYS.nothing);
}

/**
 * POST /api/admin/creators/bulk-tags, and one creator's …/{creatorId}/tags: the same tags on and off each, in one
 * transaction, in id order so two changes over the same creators wait for each other rather than deadlock.
 */
export async function changeTags(
  db: Db,
  input: { creatorIds: readonly string[]; add: readonly string[]; remove: readonly string[]; performedBy: string },
): Promise<TagChangeResult> {
  refuseNothing(input);
  return db.transaction(async (tx) => {
    const names = await namesOf(tx, [...input.add, ...input.remove]);
    const rows = await tx
      .select({ id: creators.id, creatorId: creators.creatorId })
      .from(creators)
      .where(inArray(creators.creatorId, [...input.creatorIds]))
      .orderBy(asc(creators.id))
      .for('update');
    const result: TagChangeResult = { changed: [], unchanged: [], notFound: [] };
    for (const row of rows) {
      const changed = await retag(tx, row.id, input, names, input.performedBy);
      (changed ? result.changed : result.unchanged).push(row.creatorId);
    }
    const found = new Set(rows.map((row) => row.creatorId));
    result.notFound = input.creatorIds.filter((creatorId) => !found.has(creatorId));
    return inAskedOrder(result, input.creatorIds);
  });
}

/** One creator's tags, by name, for her data export. */
export async function tagNamesOf(db: DbOrTx, creatorRowId: string): Promise<string[]> {
  const rows = await db
    .select({ name: tags.name })
    .from(creatorTags)
    .innerJoin(tags, eq(tags.id, creatorTags.tagId))
    .where(eq(creatorTags.creatorId, creatorRowId))
    .orderBy(asc(sql`lower(${tags.name})`));
  return rows.map((row) => row.name);
}
