import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  creatorStatusCounts,
  creators,
  creatorWaitingCount,
  recruiterStatusCounts,
  recruiters,
} from '#server/db/schema.ts';
import { newCreatorId } from '#server/features/creators/creator-id.ts';
import { CREATOR_STATUSES, type CreatorStatus } from '#shared/creator-status.ts';
import { createTestDatabase } from '#tests/setup/test-db.ts';
import type { Database } from './client.ts';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

/** Many creators in one INSERT statement, `perStatus` of each listed status, spread over `recruiterIds`. */
function bulkRows(statuses: readonly CreatorStatus[], perStatus: number, recruiterIds: (string | null)[] = [null]) {
  return statuses.flatMap((status) =>
    Array.from({ length: perStatus }, (_, index) => ({
      creatorId: newCreatorId(),
      name: `Bulk ${randomUUID().slice(0, 8)}`,
      language: 'English',
      gender: 'Female',
      contactMethod: 'Email',
      contactInfo: `${randomUUID().slice(0, 8)}@example.com`,
      hasOnlyFans: 'no',
      agencyGoals: 'Grow',
      recruiterName: 'Walk-in',
      recruiterId: recruiterIds[index % recruiterIds.length] ?? null,
      status,
    })),
  );
}

/** The kept counts and the counts a full scan gives, each as status → count. */
async function keptAndScanned() {
  const { db } = database;
  const kept = Object.fromEntries(
    (await db.select().from(creatorStatusCounts)).map(({ status, count }) => [status, count]),
  );
  const rows = await db
    .select({ status: creators.status, count: sql<number>`count(*)::int` })
    .from(creators)
    .groupBy(creators.status);
  const scanned = Object.fromEntries(CREATOR_STATUSES.map((status) => [status, 0]));
  for (const { status, count } of rows) scanned[status] = Number(count);
  return { kept, scanned };
}

async function expectExact() {
  const { kept, scanned } = await keptAndScanned();
  expect(kept).toEqual(scanned);
}

describe('creator status counts, kept per statement', () => {
  it('stay exact after a bulk insert, mass status changes, a swap, other updates and deletes', async () => {
    const { db } = database;
    await db.insert(creators).values(bulkRows(CREATOR_STATUSES, 40));
    await expectExact();

    await db.update(creators).set({ status: 'listed' }).where(eq(creators.status, 'pending'));
    await expectExact();

    // Rows trading places in one statement: the totals of both statuses stay as they were.
    await db
      .update(creators)
      .set({
        status: sql`case ${creators.status} when 'matched' then 'finalized' else 'matched' end`,
      })
      .where(inArray(creators.status, ['matched', 'finalized']));
    await expectExact();

    const before = (await keptAndScanned()).kept;
    await db.update(creators).set({ agencyGoals: 'Changed, status untouched' });
    expect((await keptAndScanned()).kept).toEqual(before);

    await db.delete(creators).where(inArray(creators.status, ['listed', 'cancelled']));
    await expectExact();
    await db.delete(creators);
    await expectExact();
    expect(Object.values((await keptAndScanned()).kept).every((count) => count === 0)).toBe(true);
  });

  it('go back to zero when the table is truncated', async () => {
    const { db } = database;
    await db.insert(creators).values(bulkRows(CREATOR_STATUSES, 3));
    await db.execute(sql`truncate creators cascade`);
    await expectExact();
    expect(Object.values((await keptAndScanned()).kept).every((count) => count === 0)).toBe(true);
  });

  it('are kept by statement-level triggers, so a bulk write costs one update per status', async () => {
    // Both drivers answer raw SQL with `rows`.
    const { rows } = (await database.db.execute(sql`
      select tgname as name, (tgtype & 1) = 1 as "perRow"
      from pg_trigger where tgrelid = 'creators'::regclass and not tgisinternal order by tgname`)) as unknown as {
      rows: { name: string; perRow: boolean }[];
    };
    expect(rows).toEqual([
      { name: 'creators_insights_insert', perRow: false },
      { name: 'creators_insights_update', perRow: false },
      // The one row trigger stamps a new stage-2 link's time (decision 060); it fires only when a token changes.
      { name: 'creators_stage2_link_sent', perRow: true },
      { name: 'creators_status_counts_delete', perRow: false },
      { name: 'creators_status_counts_insert', perRow: false },
      { name: 'creators_status_counts_truncate', perRow: false },
      { name: 'creators_status_counts_update', perRow: false },
      { name: 'creators_waiting_delete', perRow: false },
      { name: 'creators_waiting_insert', perRow: false },
      { name: 'creators_waiting_truncate', perRow: false },
      { name: 'creators_waiting_update', perRow: false },
    ]);
  });
});

/** The kept per-recruiter counts and a full scan's, as "recruiter status" → count, zeros left out. */
async function recruiterKeptAndScanned() {
  const { db } = database;
  const kept = Object.fromEntries(
    (await db.select().from(recruiterStatusCounts))
      .filter(({ count }) => count !== 0)
      .map(({ recruiterId, status, count }) => [`${recruiterId} ${status}`, count]),
  );
  const rows = await db
    .select({ recruiterId: creators.recruiterId, status: creators.status, count: sql<number>`count(*)::int` })
    .from(creators)
    .where(sql`${creators.recruiterId} is not null`)
    .groupBy(creators.recruiterId, creators.status);
  const scanned = Object.fromEntries(rows.map(({ recruiterId, status, count }) => [`${recruiterId} ${status}`, count]));
  return { kept, scanned };
}

async function expectRecruitersExact() {
  const { kept, scanned } = await recruiterKeptAndScanned();
  expect(kept).toEqual(scanned);
}

describe('recruiter status counts, kept per statement', () => {
  it('stay exact through bulk inserts, status changes, deletes and a recruiter deleted', async () => {
    const { db } = database;
    const made = await db
      .insert(recruiters)
      .values(['Kept A', 'Kept B', 'Kept C'].map((name) => ({ name: `${name} ${randomUUID().slice(0, 6)}` })))
      .returning({ id: recruiters.id });
    const ids = made.map(({ id }) => id);
    await db.insert(creators).values(bulkRows(CREATOR_STATUSES, 30, [...ids, null]));
    await expectRecruitersExact();
    expect(Object.keys((await recruiterKeptAndScanned()).kept).length).toBe(3 * CREATOR_STATUSES.length);

    await db.update(creators).set({ status: 'listed' }).where(eq(creators.status, 'pending'));
    await expectRecruitersExact();
    await db.delete(creators).where(inArray(creators.status, ['cancelled', 'matched']));
    await expectRecruitersExact();

    // Deleting a recruiter clears recruiter_id on their creators; their counts go with them.
    await db.delete(recruiters).where(eq(recruiters.id, ids[0] ?? ''));
    await expectRecruitersExact();
    const left = await db
      .select()
      .from(recruiterStatusCounts)
      .where(eq(recruiterStatusCounts.recruiterId, ids[0] ?? ''));
    expect(left).toEqual([]);

    await db.delete(creators);
    await expectRecruitersExact();
  });

  it('are emptied when the table is truncated', async () => {
    const { db } = database;
    const [made] = await db
      .insert(recruiters)
      .values({ name: `Kept T ${randomUUID().slice(0, 6)}` })
      .returning();
    await db.insert(creators).values(bulkRows(CREATOR_STATUSES, 2, [made?.id ?? null]));
    await db.execute(sql`truncate creators cascade`);
    expect(await db.select().from(recruiterStatusCounts)).toEqual([]);
  });
});

/** The kept number of creators waiting for a first staff action, and a full scan's. */
async function waitingKeptAndScanned() {
  const { db } = database;
  const [kept] = await db.select({ count: creatorWaitingCount.count }).from(creatorWaitingCount);
  const [scanned] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(creators)
    .where(sql`${creators.status} = 'pending' and ${creators.firstStaffActionAt} is null`);
  return { kept: kept?.count, scanned: scanned?.count };
}

async function expectWaitingExact() {
  const { kept, scanned } = await waitingKeptAndScanned();
  expect(kept).toBe(scanned);
}

describe('creators waiting for a first staff action, kept per statement', () => {
  it('stay exact through bulk inserts, first actions, status changes both ways, deletes and a truncate', async () => {
    const { db } = database;
    await db.insert(creators).values(bulkRows(['pending', 'listed'], 30));
    await expectWaitingExact();
    expect((await waitingKeptAndScanned()).kept).toBeGreaterThanOrEqual(30);

    const someWaiting = db
      .select({ id: creators.id })
      .from(creators)
      .where(sql`${creators.status} = 'pending' and ${creators.firstStaffActionAt} is null`)
      .limit(7);
    await db.update(creators).set({ firstStaffActionAt: new Date() }).where(inArray(creators.id, someWaiting));
    await expectWaitingExact();

    await db.update(creators).set({ status: 'listed' }).where(eq(creators.status, 'pending'));
    await expectWaitingExact();
    // Back to pending: those no one acted on wait again, those acted on do not.
    await db.update(creators).set({ status: 'pending' }).where(eq(creators.status, 'listed'));
    await expectWaitingExact();

    await db.delete(creators).where(inArray(creators.id, db.select({ id: creators.id }).from(creators).limit(11)));
    await expectWaitingExact();

    await db.execute(sql`truncate creators cascade`);
    expect(await waitingKeptAndScanned()).toEqual({ kept: 0, scanned: 0 });
  });
});
