import { eq, getTableName, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  activityLog,
  creatorStatusCounts,
  creators,
  deliveries,
  outboxEvents,
  stage2Submissions,
} from '#server/db/schema.ts';
import { MERGE_ACTION } from '#shared/creator-merge.ts';
import type { CreatorDetail } from '#shared/replies/creators.ts';
import { type CompleteCreator, insertCompleteCreator } from '#tests/fixtures/creators.ts';
import { type AdminHeaders, setUpTestApp } from '#tests/setup/test-app.ts';
import { storeMatchesRows, tableState, tablesReferencingCreators } from './creator-merge.test-support.ts';
import { CREATOR_CHILD_TABLES } from './creator-merge-children.ts';

const t = setUpTestApp();
const { headers } = t;
const reviewer = t.signedInAs({ username: 'rhea-reviewer', password: 'a long test password', role: 'reviewer' });

const merge = (into: string, body: unknown, as: AdminHeaders = headers) =>
  t.app.inject({ method: 'POST', url: `/api/admin/creators/${into}/merge`, headers: as, payload: body as object });

const get = (creatorId: string) => t.app.inject({ method: 'GET', url: `/api/admin/creators/${creatorId}`, headers });

const listDirectly = async (creatorId: string) => {
  const res = await t.app.inject({
    method: 'PATCH',
    url: `/api/admin/creators/${creatorId}/list-directly`,
    headers,
    payload: { rollickListingUrl: `https://hub.rollick.example/creators/${creatorId}` },
  });
  expect(res.statusCode, res.body).toBe(200);
};

async function counts(): Promise<Record<string, number>> {
  const rows = await t.database.db.select().from(creatorStatusCounts);
  return Object.fromEntries(rows.map((row) => [row.status, row.count]));
}

async function rowOf(id: string) {
  const [row] = await t.database.db.select().from(creators).where(eq(creators.id, id));
  return row;
}

describe('POST /api/admin/creators/:creatorId/merge', () => {
  it("keeps the removed record's notes, activity, events, stage 2 and files, and leaves no orphan file or row", async () => {
    const c: CompleteCreator = await insertCompleteCreator(t);
    const { db } = t.database;
    // The newer application was listed at once; the older one brought stage 2, the note and the deliveries.
    await listDirectly(c.duplicate.creatorId);
    const oldEntries = await db.select().from(activityLog).where(eq(activityLog.creatorId, c.creator.id));
    const deliveriesBefore = await db
      .select()
      .from(deliveries)
      .where(
        inArray(
          deliveries.eventId,
          c.events.map((event) => event.id),
        ),
      );
    const [stage2Before] = await db
      .select()
      .from(stage2Submissions)
      .where(eq(stage2Submissions.creatorId, c.creator.id));
    const countsBefore = await counts();
    expect(await storeMatchesRows(t)).toEqual({ orphans: [], missing: [] });

    const res = await merge(c.duplicate.creatorId, {
      from: c.creator.creatorId,
      fields: { name: 'from', selfie: 'from' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json();
    expect(result.merged).toBe(c.creator.creatorId);
    expect(result.fromMerged).toEqual(
      expect.arrayContaining(['name', 'country', 'instagram', 'additionalInfo', 'selfie', 'stage2']),
    );
    expect(result.fromMerged).not.toContain('contact');
    expect(result.creator).toMatchObject({
      creatorId: c.duplicate.creatorId,
      status: 'listed',
      name: c.creator.name,
      contactInfo: c.duplicate.contactInfo,
      age: 27,
      instagram: c.creator.instagram,
      confirmationPhotoUrl: `/api/admin/files/${c.files.selfie}`,
      hasDuplicates: false,
    });

    // The removed record is gone, and nothing anywhere still names it.
    expect(await rowOf(c.creator.id)).toBeUndefined();
    expect((await get(c.creator.creatorId)).statusCode).toBe(404);
    expect(await tableState(t, c.creator.id)).toEqual({});
    const survivor = await rowOf(c.duplicate.id);
    expect(survivor?.photoHash).toBe(c.creator.photoHash);

    // Every entry came over, saying where from; the merge's own entry names the removed record.
    const entries = await db.select().from(activityLog).where(eq(activityLog.creatorId, c.duplicate.id));
    for (const old of oldEntries) {
      const moved = entries.find((entry) => entry.id === old.id);
      expect(moved?.additionalInfo).toMatchObject({ ...(old.additionalInfo ?? {}), mergedFrom: c.creator.creatorId });
    }
    const mergeEntry = entries.find((entry) => entry.action === MERGE_ACTION);
    expect(mergeEntry).toMatchObject({ performedBy: 'alice', additionalInfo: { merged: c.creator.creatorId } });

    // Events with their deliveries, and the stage-2 answers with their files, are the survivor's now.
    const events = await db.select().from(outboxEvents).where(eq(outboxEvents.creatorId, c.duplicate.id));
    expect(events.map((event) => event.id)).toEqual(expect.arrayContaining(c.events.map((event) => event.id)));
    const deliveriesAfter = await db
      .select()
      .from(deliveries)
      .where(
        inArray(
          deliveries.eventId,
          c.events.map((event) => event.id),
        ),
      );
    expect(deliveriesAfter.map((row) => row.id).sort()).toEqual(deliveriesBefore.map((row) => row.id).sort());
    const [stage2After] = await db
      .select()
      .from(stage2Submissions)
      .where(eq(stage2Submissions.creatorId, c.duplicate.id));
    expect(stage2After).toMatchObject({ id: stage2Before?.id, imageKeys: c.files.images });

    // The files kept are there; the newer selfie, which nothing names now, is not; nothing else is left.
    for (const key of [c.files.selfie, c.files.revenueScreenshot, ...c.files.images]) {
      expect(await t.store.exists(key), key).toBe(true);
    }
    expect(await t.store.exists(c.duplicate.photoKey ?? '')).toBe(false);
    expect(await storeMatchesRows(t)).toEqual({ orphans: [], missing: [] });

    // One creator fewer, counted where she was; the survivor's detail shows it all.
    expect(await counts()).toEqual({ ...countsBefore, stage2_submitted: (countsBefore.stage2_submitted ?? 0) - 1 });
    const detail: CreatorDetail = (await get(c.duplicate.creatorId)).json();
    expect(detail.stage2Data?.id).toBe(stage2Before?.id);
    expect(detail.duplicates).toEqual([]);
    expect(detail.activityLog.some((entry) => entry.additionalInfo?.text === c.note)).toBe(true);
  });

  it('takes the newer value where no choice is given, and refuses to move the record further along back', async () => {
    const c = await insertCompleteCreator(t);
    const before = await tableState(t, c.creator.id);

    const backwards = await merge(c.duplicate.creatorId, { from: c.creator.creatorId });
    expect(backwards.statusCode).toBe(409);
    expect(backwards.json()).toMatchObject({ code: 'CONFLICT', messageKey: 'merge.wouldRegress' });
    expect(await tableState(t, c.creator.id)).toEqual(before);
    expect(await rowOf(c.duplicate.id)).toBeDefined();

    const res = await merge(c.creator.creatorId, { from: c.duplicate.creatorId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().creator).toMatchObject({
      status: 'stage2_submitted',
      name: c.duplicate.name,
      contactInfo: c.duplicate.contactInfo,
      age: 27,
      hasOnlyFans: 'no',
      instagram: c.creator.instagram,
      country: c.creator.country,
      confirmationPhotoUrl: `/api/admin/files/${c.duplicate.photoKey}`,
    });
    expect(res.json().fromMerged).not.toContain('stage2');
    expect(await t.store.exists(c.files.selfie)).toBe(false);
    expect(await t.store.exists(c.files.revenueScreenshot)).toBe(true);
    expect(await rowOf(c.duplicate.id)).toBeUndefined();
    expect(await storeMatchesRows(t)).toEqual({ orphans: [], missing: [] });
  });

  it("keeps both records' tags, each once, and the owner of the one that had one (decision 063)", async () => {
    const c = await insertCompleteCreator(t);
    const tag = async (name: string) =>
      (await t.app.inject({ method: 'POST', url: '/api/admin/tags', headers, payload: { name, color: 'teal' } })).json()
        .id as string;
    const [vip, spanish, hot] = [await tag('VIP'), await tag('Spanish desk'), await tag('Hot lead')];
    const put = (creatorId: string, add: string[]) =>
      t.app.inject({ method: 'POST', url: `/api/admin/creators/${creatorId}/tags`, headers, payload: { add } });
    await put(c.creator.creatorId, [vip, spanish]);
    await put(c.duplicate.creatorId, [spanish, hot]);
    const team = (await t.app.inject({ method: 'GET', url: '/api/admin/assignees', headers })).json().assignees;
    await t.app.inject({
      method: 'PUT',
      url: `/api/admin/creators/${c.duplicate.creatorId}/assignee`,
      headers,
      payload: { adminId: team[0].id },
    });

    const res = await merge(c.creator.creatorId, { from: c.duplicate.creatorId });
    expect(res.statusCode, res.body).toBe(200);
    expect([...res.json().creator.tagIds].sort()).toEqual([vip, spanish, hot].sort());
    expect(res.json().creator.assignee).toBe(team[0].username);
  });

  it('refuses two listings, records that no longer match, itself, unknown records and bad choices, changing nothing', async () => {
    const c = await insertCompleteCreator(t);
    await listDirectly(c.duplicate.creatorId);
    const listed = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/creators/${c.creator.creatorId}/status`,
      headers,
      payload: { status: 'listed', rollickListingUrl: 'https://hub.rollick.example/creators/first' },
    });
    expect(listed.statusCode, listed.body).toBe(200);
    const before = [await tableState(t, c.creator.id), await tableState(t, c.duplicate.id), await counts()];

    const refusals: [unknown, number, string][] = [
      [{ from: c.creator.creatorId }, 409, 'merge.bothListed'],
      [{ from: c.duplicate.creatorId }, 400, 'merge.self'],
      [{ from: 'RC-ZZZZZZZZ' }, 404, 'creators.notFound'],
      [{ from: 'not an id' }, 404, 'creators.notFound'],
      [{}, 400, 'merge.from'],
      [{ from: c.creator.creatorId, fields: { name: 'both' } }, 400, 'merge.side'],
    ];
    for (const [body, status, key] of refusals) {
      const res = await merge(c.duplicate.creatorId, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().messageKey, JSON.stringify(body)).toBe(key);
    }
    const unknownField = await merge(c.duplicate.creatorId, { from: c.creator.creatorId, fields: { status: 'from' } });
    expect(unknownField.statusCode).toBe(400);
    expect((await merge('RC-ZZZZZZZZ', { from: c.creator.creatorId })).statusCode).toBe(404);

    // Another person entirely: no shared contact, no shared photo.
    const other = await insertCompleteCreator(t);
    const strangers = await merge(c.duplicate.creatorId, { from: other.duplicate.creatorId });
    expect(strangers.statusCode).toBe(409);
    expect(strangers.json().messageKey).toBe('merge.notDuplicates');

    expect([await tableState(t, c.creator.id), await tableState(t, c.duplicate.id)]).toEqual(before.slice(0, 2));
    expect(await storeMatchesRows(t)).toEqual({ orphans: [], missing: [] });
  });

  it('is refused to a reviewer, and of two merges at once only one happens', async () => {
    const c = await insertCompleteCreator(t);
    const refused = await merge(c.creator.creatorId, { from: c.duplicate.creatorId }, reviewer);
    expect(refused.statusCode).toBe(403);
    expect(await rowOf(c.duplicate.id)).toBeDefined();

    const both = await Promise.all([
      merge(c.creator.creatorId, { from: c.duplicate.creatorId }),
      merge(c.creator.creatorId, { from: c.duplicate.creatorId }),
    ]);
    expect(both.map((res) => res.statusCode).sort()).toEqual([200, 404]);
    const merged = await t.database.db
      .select()
      .from(activityLog)
      .where(sql`${activityLog.creatorId} = ${c.creator.id} and ${activityLog.action} = ${MERGE_ACTION}`);
    expect(merged).toHaveLength(1);
    expect(await storeMatchesRows(t)).toEqual({ orphans: [], missing: [] });
  });

  it('moves the rows of every table that points at a creator', async () => {
    const listed = CREATOR_CHILD_TABLES.map((child) => getTableName(child.table)).sort();
    expect(listed).toEqual(await tablesReferencingCreators(t));
  });
});
