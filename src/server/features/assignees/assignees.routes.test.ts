import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityLog, admins, creators, outboxEvents } from '#server/db/schema.ts';
import type { Assignee } from '#shared/replies/assignees.ts';
import { insertCreator, insertRecruiter } from '#tests/factories.ts';
import { type AdminHeaders, setUpTestApp, TEST_ADMIN, type TestApp } from '#tests/setup/test-app.ts';
import { RECRUITER_NAME, submit, validApplication } from '../submissions/submissions.test-support.ts';

async function assigneesOf(t: TestApp, headers: AdminHeaders): Promise<Assignee[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/admin/assignees', headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().assignees;
}

const idOf = (assignees: Assignee[], username: string) => {
  const found = assignees.find((a) => a.username === username);
  if (!found) throw new Error(`no admin ${username}`);
  return found.id;
};

const assign = (t: TestApp, headers: AdminHeaders, creatorId: string, adminId: string | null) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/admin/creators/${creatorId}/assignee`,
    headers,
    payload: { adminId },
  });

const setLanguages = (t: TestApp, headers: AdminHeaders, languages: string[]) =>
  t.app.inject({ method: 'PUT', url: '/api/admin/account/languages', headers, payload: { languages } });

describe('owners of creators (decision 063)', () => {
  const t = setUpTestApp();
  const owner = t.headers;
  const rafael = t.signedInAs({ username: 'rafael', password: 'a long test password', role: 'reviewer' });

  it('assigns a creator from any admin, writes who and an event, and lists her under the assignee filter', async () => {
    const creator = await insertCreator(t.database.db, { name: 'Lucía Fernández', language: 'Spanish' });
    const team = await assigneesOf(t, rafael);
    const rafaelId = idOf(team, 'rafael');

    const res = await assign(t, rafael, creator.creatorId, rafaelId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ assigneeId: rafaelId, assignee: 'rafael' });
    const entries = await t.database.db.select().from(activityLog).where(eq(activityLog.creatorId, creator.id));
    expect(entries.at(-1)).toMatchObject({
      action: 'Assigned',
      performedBy: 'rafael',
      additionalInfo: { assignee: 'rafael', previousAssignee: null },
    });
    const events = await t.database.db.select().from(outboxEvents).where(eq(outboxEvents.creatorId, creator.id));
    expect(events.find((e) => e.type === 'creator.assigned')?.payload).toMatchObject({
      assignee: 'rafael',
      previousAssignee: null,
    });

    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/admin/creators/status/pending?assignee=me',
      headers: rafael,
    });
    expect(mine.json().items.map((c: { creatorId: string }) => c.creatorId)).toEqual([creator.creatorId]);
    expect(mine.json()).toMatchObject({ total: 1, totalIsExact: true });
    expect(mine.json().items[0]).toMatchObject({ assigneeId: rafaelId, assignee: 'rafael' });
    const ownersOwn = await t.app.inject({
      method: 'GET',
      url: '/api/admin/creators/status/pending?assignee=me',
      headers: owner,
    });
    expect(ownersOwn.json().items).toEqual([]);
    const nobodys = await t.app.inject({
      method: 'GET',
      url: '/api/admin/creators/status/pending?assignee=none&q=Lucía',
      headers: owner,
    });
    expect(nobodys.json().items).toEqual([]);
    expect((await assigneesOf(t, owner)).find((a) => a.username === 'rafael')?.assigned).toBe(1);

    // The same again changes nothing and writes nothing.
    await assign(t, owner, creator.creatorId, rafaelId);
    expect(await t.database.db.select().from(activityLog).where(eq(activityLog.creatorId, creator.id))).toHaveLength(
      entries.length,
    );
    const cleared = await assign(t, owner, creator.creatorId, null);
    expect(cleared.json()).toEqual({ assigneeId: null, assignee: null });
  });

  it('refuses an unknown or disabled admin and a bad filter, changing nothing', async () => {
    const creator = await insertCreator(t.database.db, { name: 'Anastasia Volkova', language: 'Russian' });
    const unknown = await assign(t, owner, creator.creatorId, '0b6c8e55-6d0e-4c1e-9f83-3a3f7f1c2d10');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('This admin does not exist; reload to see the current team');
    const [gone] = await t.database.db
      .insert(admins)
      .values({ username: 'left-in-june', passwordHash: 'x', disabledAt: new Date() })
      .returning();
    const disabled = await assign(t, owner, creator.creatorId, gone?.id ?? null);
    expect(disabled.json().message).toBe('This admin is disabled; choose an active one');
    const [row] = await t.database.db.select().from(creators).where(eq(creators.id, creator.id));
    expect(row?.assigneeId).toBeNull();
    const badFilter = await t.app.inject({
      method: 'GET',
      url: '/api/admin/creators/status/pending?assignee=someone',
      headers: owner,
    });
    expect(badFilter.statusCode).toBe(400);
  });

  it('assigns in bulk, reporting those already theirs and those not found', async () => {
    const [a, b] = [await insertCreator(t.database.db), await insertCreator(t.database.db)];
    const ownerId = idOf(await assigneesOf(t, owner), TEST_ADMIN.username);
    await assign(t, owner, b.creatorId, ownerId);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/creators/bulk-assign',
      headers: owner,
      payload: { creatorIds: [a.creatorId, b.creatorId, 'RC-NOTHERE'], adminId: ownerId },
    });
    expect(res.json()).toEqual({ assigned: [a.creatorId], unchanged: [b.creatorId], notFound: ['RC-NOTHERE'] });
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/admin/creators/export.csv?status=pending&assignee=${ownerId}`,
      headers: owner,
    });
    const lines = csv.body.trim().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines.slice(1).every((line) => line.includes(`,${TEST_ADMIN.username},`))).toBe(true);
  });

  it("counts each admin's creators still in play by status, with their due and overdue pending ones", async () => {
    const team = await assigneesOf(t, owner);
    const rafaelId = idOf(team, 'rafael');
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600_000);
    for (const [status, createdAt] of [
      ['pending', hoursAgo(1)],
      ['pending', hoursAgo(30)],
      ['pending', hoursAgo(72)],
      ['listed', hoursAgo(200)],
      ['finalized', hoursAgo(400)],
    ] as const) {
      await insertCreator(t.database.db, { status, createdAt, assigneeId: rafaelId });
    }
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/assignees/workload', headers: rafael });
    expect(res.statusCode, res.body).toBe(200);
    const row = res.json().workload.find((entry: { username: string }) => entry.username === 'rafael');
    expect(row).toMatchObject({
      counts: { pending: 3, stage2_sent: 0, stage2_submitted: 0, listed: 1, matched: 0 },
      due: 1,
      overdue: 1,
      isDisabled: false,
    });
  });

  it('keeps the languages an admin works in, from the list only', async () => {
    const res = await setLanguages(t, rafael, ['Spanish', 'Portuguese', 'Spanish']);
    expect(res.json()).toEqual({ languages: ['Spanish', 'Portuguese'] });
    const account = await t.app.inject({ method: 'GET', url: '/api/admin/account', headers: rafael });
    expect(account.json().languages).toEqual(['Spanish', 'Portuguese']);
    const bad = await setLanguages(t, rafael, ['Klingon']);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Please choose languages from the list');
  });
});

describe('ASSIGN_NEW=round-robin (decision 063)', () => {
  const t = setUpTestApp({ config: { isRoundRobin: true } });
  const ana = t.signedInAs({ username: 'ana', password: 'a long test password', role: 'reviewer' });
  const ben = t.signedInAs({ username: 'ben', password: 'a long test password', role: 'reviewer' });
  const chloe = t.signedInAs({ username: 'chloe', password: 'a long test password', role: 'reviewer' });

  beforeAll(async () => {
    await insertRecruiter(t.database.db, { name: RECRUITER_NAME });
  });

  const apply = async (language: string, n: number) => {
    const res = await submit(
      t,
      validApplication({ name: `Applicant ${language} ${n}`, language, contactInfo: `a${language}${n}@example.com` }),
      { ip: `203.0.113.${n}` },
    );
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.database.db
      .select({ assigneeId: creators.assigneeId })
      .from(creators)
      .where(eq(creators.creatorId, res.json().creatorId));
    return row?.assigneeId ?? null;
  };

  it('hands each application to the next active admin who works in its language, skipping disabled ones', async () => {
    await setLanguages(t, ana, ['Spanish', 'English']);
    await setLanguages(t, ben, ['Spanish']);
    await setLanguages(t, chloe, ['Spanish', 'Russian']);
    const team = await assigneesOf(t, t.headers);
    const [anaId, benId, chloeId] = ['ana', 'ben', 'chloe'].map((name) => idOf(team, name));

    const spanish = [await apply('Spanish', 1), await apply('Spanish', 2), await apply('Spanish', 3)];
    expect(new Set(spanish)).toEqual(new Set([anaId, benId, chloeId]));
    // The fourth goes to whoever had the first.
    expect(await apply('Spanish', 4)).toBe(spanish[0]);
    expect(await apply('Russian', 5)).toBe(chloeId);
    expect(await apply('German', 6)).toBeNull();

    await t.database.db
      .update(admins)
      .set({ disabledAt: new Date() })
      .where(eq(admins.id, chloeId ?? ''));
    const next = [await apply('Spanish', 7), await apply('Spanish', 8), await apply('Spanish', 9)];
    expect(next).not.toContain(chloeId);
    expect(new Set(next)).toEqual(new Set([anaId, benId]));
    expect(await apply('Russian', 10)).toBeNull();

    const [entry] = await t.database.db.select().from(activityLog).where(eq(activityLog.action, 'Assigned')).limit(1);
    expect(entry?.performedBy).toBe('round-robin');
  });
});
