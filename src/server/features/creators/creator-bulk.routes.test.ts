import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activityLog, creators } from '#server/db/schema.ts';
import { BULK_MAX_CREATORS } from '#shared/limits.ts';
import { insertCreator, insertRecruiter } from '#tests/factories.ts';
import { jpeg } from '#tests/fixtures/images.ts';
import { setUpTestApp } from '#tests/setup/test-app.ts';

const t = setUpTestApp();
const owner = t.headers;
const reviewer = t.signedInAs({ username: 'rita-reviewer', password: 'a long test password', role: 'reviewer' });

const bulk = (payload: object, headers = owner) =>
  t.app.inject({ method: 'POST', url: '/api/admin/creators/bulk', headers, payload });

async function statusOf(creatorId: string) {
  const [row] = await t.database.db
    .select({ status: creators.status })
    .from(creators)
    .where(eq(creators.creatorId, creatorId));
  return row?.status ?? null;
}

async function entriesOf(creatorId: string, action: string) {
  return t.database.db
    .select({ action: activityLog.action, performedBy: activityLog.performedBy })
    .from(activityLog)
    .innerJoin(creators, eq(creators.id, activityLog.creatorId))
    .where(and(eq(creators.creatorId, creatorId), eq(activityLog.action, action)));
}

describe('POST /api/admin/creators/bulk: status', () => {
  it('moves each creator the machine allows, reports each one it refuses, and logs each move on its own', async () => {
    const listed = [
      await insertCreator(t.database.db, { status: 'listed' }),
      await insertCreator(t.database.db, { status: 'listed' }),
    ];
    const pending = await insertCreator(t.database.db, { status: 'pending' });
    const finalized = await insertCreator(t.database.db, { status: 'finalized' });
    const unknown = 'RC-22222222';

    const res = await bulk({
      action: 'status',
      status: 'matched',
      creatorIds: [...listed.map((c) => c.creatorId), pending.creatorId, finalized.creatorId, unknown, 'not an id'],
    });

    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.succeeded).toEqual(listed.map((c) => c.creatorId));
    expect(body.failed).toEqual(
      expect.arrayContaining([
        {
          creatorId: pending.creatorId,
          code: 'INVALID_TRANSITION',
          message: 'A creator cannot be moved from pending to matched',
          messageKey: 'creators.cannotMove',
          messageParams: { from: 'pending', to: 'matched' },
        },
        {
          creatorId: finalized.creatorId,
          code: 'INVALID_TRANSITION',
          message: 'A creator cannot be moved from finalized to matched',
          messageKey: 'creators.cannotMove',
          messageParams: { from: 'finalized', to: 'matched' },
        },
        { creatorId: unknown, code: 'NOT_FOUND', message: 'Creator not found', messageKey: 'creators.notFound' },
        { creatorId: 'not an id', code: 'NOT_FOUND', message: 'Creator not found', messageKey: 'creators.notFound' },
      ]),
    );
    expect(body.failed).toHaveLength(4);
    for (const creator of listed) {
      expect(await statusOf(creator.creatorId)).toBe('matched');
      expect(await entriesOf(creator.creatorId, 'Status changed to matched')).toEqual([
        { action: 'Status changed to matched', performedBy: 'alice' },
      ]);
    }
    expect(await statusOf(pending.creatorId)).toBe('pending');
    expect(await statusOf(finalized.creatorId)).toBe('finalized');
  });

  it('refuses a target a bulk change cannot reach, before touching anyone', async () => {
    const creator = await insertCreator(t.database.db, { status: 'cancelled' });
    const res = await bulk({ action: 'status', status: 'listed', creatorIds: [creator.creatorId] });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(await statusOf(creator.creatorId)).toBe('cancelled');
  });

  it('is open to a reviewer', async () => {
    const creator = await insertCreator(t.database.db, { status: 'matched' });
    const res = await bulk({ action: 'status', status: 'finalized', creatorIds: [creator.creatorId] }, reviewer);
    expect(res.statusCode).toBe(200);
    expect(res.json().succeeded).toEqual([creator.creatorId]);
    expect(await entriesOf(creator.creatorId, 'Status changed to finalized')).toEqual([
      { action: 'Status changed to finalized', performedBy: 'rita-reviewer' },
    ]);
  });
});

describe('POST /api/admin/creators/bulk: all matching', () => {
  it("changes every creator of a recruiter's filtered listings across pages, and no one else", async () => {
    const recruiter = await insertRecruiter(t.database.db);
    const theirs = [];
    for (let i = 0; i < 60; i++)
      theirs.push(await insertCreator(t.database.db, { status: 'listed', recruiterId: recruiter.id }));
    const theirPending = await insertCreator(t.database.db, { status: 'pending', recruiterId: recruiter.id });
    const someoneElses = await insertCreator(t.database.db, { status: 'listed' });

    const res = await bulk({
      action: 'status',
      status: 'matched',
      matching: { recruiterId: recruiter.id, status: 'listed' },
    });

    expect(res.statusCode).toBe(200);
    expect(res.json().failed).toEqual([]);
    expect([...res.json().succeeded].sort()).toEqual(theirs.map((c) => c.creatorId).sort());
    const moved = await t.database.db
      .select({ status: creators.status })
      .from(creators)
      .where(
        inArray(
          creators.creatorId,
          theirs.map((c) => c.creatorId),
        ),
      );
    expect(moved.every((row) => row.status === 'matched')).toBe(true);
    expect(await statusOf(theirPending.creatorId)).toBe('pending');
    expect(await statusOf(someoneElses.creatorId)).toBe('listed');
  });

  it("narrows a status page's matches by its search", async () => {
    const tag = randomUUID().slice(0, 8);
    const found = await insertCreator(t.database.db, { status: 'matched', name: `Zoë ${tag}` });
    const other = await insertCreator(t.database.db, { status: 'matched' });

    const res = await bulk({ action: 'status', status: 'cancelled', matching: { status: 'matched', q: `zoe ${tag}` } });

    expect(res.json().succeeded).toEqual([found.creatorId]);
    expect(await statusOf(other.creatorId)).toBe('matched');
  });

  it("takes the pending list's waiting filter: only the overdue creators it shows", async () => {
    const tag = randomUUID().slice(0, 8);
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
    const overdue = [
      await insertCreator(t.database.db, { name: `Olu ${tag}`, createdAt: hoursAgo(60) }),
      await insertCreator(t.database.db, { name: `Ola ${tag}`, createdAt: hoursAgo(50) }),
    ];
    const due = await insertCreator(t.database.db, { name: `Oda ${tag}`, createdAt: hoursAgo(30) });
    const fresh = await insertCreator(t.database.db, { name: `Oma ${tag}` });

    const res = await bulk({ action: 'stage2', matching: { status: 'pending', sla: 'overdue', q: tag } });

    expect(res.statusCode).toBe(200);
    expect([...res.json().succeeded].sort()).toEqual(overdue.map((c) => c.creatorId).sort());
    expect(await statusOf(due.creatorId)).toBe('pending');
    expect(await statusOf(fresh.creatorId)).toBe('pending');
    expect((await bulk({ action: 'stage2', matching: { status: 'pending', sla: 'late' } })).statusCode).toBe(400);
  });

  it('refuses a filter without a status or a recruiter, and more creators than the cap', async () => {
    expect((await bulk({ action: 'stage2', matching: { q: 'a' } })).statusCode).toBe(400);
    const tooMany = Array.from({ length: BULK_MAX_CREATORS + 1 }, () => 'RC-22222222');
    const res = await bulk({ action: 'stage2', creatorIds: tooMany });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/At most 10,000 creators/);
  });
});

describe('POST /api/admin/creators/bulk: stage2', () => {
  it('sends each pending or stage2_sent creator a link of their own, and refuses the others', async () => {
    const pending = await insertCreator(t.database.db, { status: 'pending' });
    const sent = await insertCreator(t.database.db, { status: 'stage2_sent' });
    const listed = await insertCreator(t.database.db, { status: 'listed' });

    const res = await bulk({ action: 'stage2', creatorIds: [pending.creatorId, sent.creatorId, listed.creatorId] });

    const body = res.json();
    expect(body.succeeded).toEqual([pending.creatorId, sent.creatorId]);
    expect(body.failed).toEqual([
      {
        creatorId: listed.creatorId,
        code: 'INVALID_TRANSITION',
        message: 'A Stage 2 link cannot be sent to a listed creator',
        messageKey: 'creators.cannotSendStage2',
        messageParams: { status: 'listed' },
      },
    ]);
    expect(body.links.map((link: { creatorId: string }) => link.creatorId)).toEqual([
      pending.creatorId,
      sent.creatorId,
    ]);
    expect(body.links[0].link).toMatch(new RegExp(`^/stage2/${pending.creatorId}\\?token=`));
    expect(await entriesOf(pending.creatorId, 'Stage 2 link generated')).toHaveLength(1);
    expect(await entriesOf(sent.creatorId, 'Stage 2 link regenerated')).toHaveLength(1);
  });
});

describe('POST /api/admin/creators/bulk: delete', () => {
  it('deletes pending creators and their files, and reports those whose status forbids it', async () => {
    const photo = await t.store.put(await jpeg(), { extension: 'jpg' });
    const pending = await insertCreator(t.database.db, { status: 'pending', photoKey: photo.key });
    const listed = await insertCreator(t.database.db, { status: 'listed' });

    const res = await bulk({ action: 'delete', creatorIds: [pending.creatorId, listed.creatorId] });

    expect(res.json()).toEqual({
      action: 'delete',
      succeeded: [pending.creatorId],
      failed: [
        {
          creatorId: listed.creatorId,
          code: 'INVALID_TRANSITION',
          message: 'Only pending creators can be deleted; this one is listed',
          messageKey: 'creators.cannotDelete',
          messageParams: { allowed: 'pending', status: 'listed' },
        },
      ],
    });
    expect(await statusOf(pending.creatorId)).toBeNull();
    expect(await t.store.exists(photo.key)).toBe(false);
    expect(await statusOf(listed.creatorId)).toBe('listed');
  });

  it('is refused to a reviewer with 403, and nobody is deleted', async () => {
    const pending = await insertCreator(t.database.db, { status: 'pending' });
    const res = await bulk({ action: 'delete', creatorIds: [pending.creatorId] }, reviewer);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
    expect(await statusOf(pending.creatorId)).toBe('pending');
  });

  it('refuses a foreign origin', async () => {
    const res = await bulk(
      { action: 'delete', creatorIds: ['RC-22222222'] },
      { ...owner, origin: 'https://evil.example' },
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN_ORIGIN');
  });
});
