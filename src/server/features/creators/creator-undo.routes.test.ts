import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activityLog, creators, outboxEvents } from '#server/db/schema.ts';
import type { BulkJob } from '#shared/replies/bulk-jobs.ts';
import { insertCreator } from '#tests/factories.ts';
import { insertCompleteCreator } from '#tests/fixtures/creators.ts';
import { buildTestApp, setUpTestApp, TEST_ADMIN } from '#tests/setup/test-app.ts';

const t = setUpTestApp();
const owner = t.headers;
const reviewer = t.signedInAs({ username: 'rhea-reviewer', password: 'a long test password', role: 'reviewer' });

const LISTING = {
  rollickListingUrl: 'https://marketplace.rollick.example/creators/maria',
  rollickCreatorHubId: 'HUB-77',
};

const patchStatus = (creatorId: string, payload: object, headers = owner) =>
  t.app.inject({ method: 'PATCH', url: `/api/admin/creators/${creatorId}/status`, headers, payload });
const sendStage2 = (creatorId: string, headers = owner) =>
  t.app.inject({ method: 'POST', url: `/api/admin/creators/${creatorId}/send-stage2`, headers });
const undo = (creatorId: string, change: unknown, headers = owner) =>
  t.app.inject({ method: 'POST', url: `/api/admin/creators/${creatorId}/status/undo`, headers, payload: { change } });

/** What a change may set, as the database holds it. */
async function state(id: string) {
  const [row] = await t.database.db.select().from(creators).where(eq(creators.id, id));
  if (!row) throw new Error('creator gone');
  const { status, rollickListingUrl, rollickCreatorHubId, stage2TokenHash, stage2TokenExpiresAt, firstStaffActionAt } =
    row;
  return { status, rollickListingUrl, rollickCreatorHubId, stage2TokenHash, stage2TokenExpiresAt, firstStaffActionAt };
}

const lastEntry = async (id: string) =>
  (
    await t.database.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.creatorId, id))
      .orderBy(asc(activityLog.timestamp))
  ).at(-1);

const statusEvents = (id: string) =>
  t.database.db
    .select({ payload: outboxEvents.payload })
    .from(outboxEvents)
    .where(and(eq(outboxEvents.creatorId, id), eq(outboxEvents.type, 'creator.status_changed')))
    .orderBy(asc(outboxEvents.createdAt));

describe('POST /api/admin/creators/:creatorId/status/undo', () => {
  it('puts back a listing exactly: status, listing fields and the stage-2 link it ended', async () => {
    const { creator } = await insertCompleteCreator(t);
    const before = await state(creator.id);
    expect(before.stage2TokenHash).not.toBeNull();

    const listed = await patchStatus(creator.creatorId, { status: 'listed', ...LISTING });
    expect(listed.statusCode).toBe(200);
    const { change } = listed.json();
    expect(change).toEqual((await lastEntry(creator.id))?.id);

    const res = await undo(creator.creatorId, change);

    expect(res.statusCode).toBe(200);
    expect(res.json().creator).toMatchObject({ creatorId: creator.creatorId, status: 'stage2_submitted' });
    expect(await state(creator.id)).toEqual(before);
    expect(await lastEntry(creator.id)).toMatchObject({
      action: 'Change undone',
      performedBy: TEST_ADMIN.username,
      additionalInfo: { change, undid: 'Status changed to listed', from: 'listed', to: 'stage2_submitted' },
    });
    // Alerts hear of the move back as of any status change.
    expect((await statusEvents(creator.id)).at(-1)?.payload).toMatchObject({
      creatorId: creator.creatorId,
      status: 'stage2_submitted',
      previousStatus: 'listed',
    });
  });

  it('takes back a stage-2 link: the creator is pending again, without a link, and waiting as before', async () => {
    const creator = await insertCreator(t.database.db, { status: 'pending' });
    const sent = await sendStage2(creator.creatorId);
    expect(sent.json()).toEqual({
      link: expect.any(String),
      expiresAt: expect.any(String),
      change: expect.any(String),
    });

    expect((await undo(creator.creatorId, sent.json().change)).statusCode).toBe(200);

    expect(await state(creator.id)).toMatchObject({
      status: 'pending',
      stage2TokenHash: null,
      stage2TokenExpiresAt: null,
      firstStaffActionAt: null,
    });
  });

  it('takes back Send Again: the link the creator already has works again', async () => {
    const creator = await insertCreator(t.database.db, { status: 'pending' });
    const first = await sendStage2(creator.creatorId);
    const before = await state(creator.id);
    const again = await sendStage2(creator.creatorId);
    expect((await state(creator.id)).stage2TokenHash).not.toBe(before.stage2TokenHash);

    expect((await undo(creator.creatorId, again.json().change)).statusCode).toBe(200);

    expect(await state(creator.id)).toEqual(before);
    const opened = await t.app.inject({ method: 'GET', url: `/api${first.json().link}` });
    expect(opened.statusCode).toBe(200);
  });

  it('is refused once anything else changed the creator since, and the later change stays', async () => {
    const creator = await insertCreator(t.database.db, { status: 'listed', ...LISTING });
    const matched = await patchStatus(creator.creatorId, { status: 'matched' });
    await patchStatus(creator.creatorId, { status: 'cancelled' });

    const res = await undo(creator.creatorId, matched.json().change);

    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'CONFLICT',
      messageKey: 'creators.changedSince',
      message: 'This change can no longer be undone: the creator has changed since',
    });
    expect((await state(creator.id)).status).toBe('cancelled');
    expect((await lastEntry(creator.id))?.action).toBe('Status changed to cancelled');
  });

  it('is refused the second time, with its own reason', async () => {
    const creator = await insertCreator(t.database.db, { status: 'matched' });
    const { change } = (await patchStatus(creator.creatorId, { status: 'finalized' })).json();
    expect((await undo(creator.creatorId, change)).statusCode).toBe(200);

    const again = await undo(creator.creatorId, change);

    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONFLICT', messageKey: 'creators.alreadyUndone' });
    expect((await state(creator.id)).status).toBe('matched');
  });

  it('lets a note pass: writing one is not changing the creator', async () => {
    const creator = await insertCreator(t.database.db, { status: 'matched' });
    const { change } = (await patchStatus(creator.creatorId, { status: 'cancelled' })).json();
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/creators/${creator.creatorId}/notes`,
      headers: owner,
      payload: { text: 'Cancelled by mistake, she is still interested' },
    });

    expect((await undo(creator.creatorId, change)).statusCode).toBe(200);
    expect((await state(creator.id)).status).toBe('matched');
  });

  it("lets a reviewer take back what a reviewer may do, an owner's change included", async () => {
    const creator = await insertCreator(t.database.db, { status: 'listed', ...LISTING });
    const mine = (await patchStatus(creator.creatorId, { status: 'matched' }, reviewer)).json().change;
    expect((await undo(creator.creatorId, mine, reviewer)).statusCode).toBe(200);
    const owners = (await patchStatus(creator.creatorId, { status: 'matched' })).json().change;

    const res = await undo(creator.creatorId, owners, reviewer);

    expect(res.statusCode).toBe(200);
    expect((await lastEntry(creator.id))?.performedBy).toBe('rhea-reviewer');
  });

  it('names no change of another creator, nor one that never was, nor a malformed one', async () => {
    const one = await insertCreator(t.database.db, { status: 'matched' });
    const other = await insertCreator(t.database.db, { status: 'matched' });
    const { change } = (await patchStatus(one.creatorId, { status: 'finalized' })).json();

    expect((await undo(other.creatorId, change)).json()).toMatchObject({
      code: 'NOT_FOUND',
      messageKey: 'creators.changeNotFound',
    });
    expect((await undo(one.creatorId, randomUUID())).statusCode).toBe(404);
    const malformed = await undo(one.creatorId, 'yesterday');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().fieldKeys).toMatchObject({ change: { key: 'creators.change' } });
    expect((await state(one.id)).status).toBe('finalized');
  });
});

describe('POST /api/admin/creators/bulk/undo', () => {
  const bulk = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/admin/creators/bulk', headers: owner, payload });
  const bulkUndo = (payload: object, headers = owner) =>
    t.app.inject({ method: 'POST', url: '/api/admin/creators/bulk/undo', headers, payload });

  it("takes back a bulk action's changes, each one only while its creator is as the action left it", async () => {
    const listed = [
      await insertCreator(t.database.db, { status: 'listed', ...LISTING }),
      await insertCreator(t.database.db, { status: 'listed', ...LISTING }),
      await insertCreator(t.database.db, { status: 'listed', ...LISTING }),
    ];
    const pending = await insertCreator(t.database.db, { status: 'pending' });
    const ran = await bulk({
      action: 'status',
      status: 'matched',
      creatorIds: [...listed, pending].map((c) => c.creatorId),
    });
    const { changes } = ran.json();
    expect(changes.map((c: { creatorId: string }) => c.creatorId)).toEqual(listed.map((c) => c.creatorId));
    const [first, second, third] = listed as [(typeof listed)[0], (typeof listed)[0], (typeof listed)[0]];
    // Another admin finalizes one of them meanwhile.
    await patchStatus(third.creatorId, { status: 'finalized' });

    const res = await bulkUndo({ changes }, reviewer);

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      succeeded: [first.creatorId, second.creatorId],
      failed: [
        {
          creatorId: third.creatorId,
          code: 'CONFLICT',
          message: 'This change can no longer be undone: the creator has changed since',
          messageKey: 'creators.changedSince',
        },
      ],
    });
    expect((await state(first.id)).status).toBe('listed');
    expect((await state(second.id)).status).toBe('listed');
    expect((await state(third.id)).status).toBe('finalized');
    expect((await lastEntry(first.id))?.action).toBe('Change undone');
  });

  it('takes back bulk stage-2 links', async () => {
    const pending = [
      await insertCreator(t.database.db, { status: 'pending' }),
      await insertCreator(t.database.db, { status: 'pending' }),
    ];
    const ran = await bulk({ action: 'stage2', creatorIds: pending.map((c) => c.creatorId) });
    expect(ran.json().changes).toHaveLength(2);

    expect((await bulkUndo({ changes: ran.json().changes })).json().succeeded).toHaveLength(2);
    for (const creator of pending)
      expect(await state(creator.id)).toMatchObject({ status: 'pending', stage2TokenHash: null });
  });

  it('answers 202 with a job when the undo outlasts the wait, whose summary lists the creators put back', async () => {
    const listed = [];
    for (let i = 0; i < 4; i++) listed.push(await insertCreator(t.database.db, { status: 'listed', ...LISTING }));
    const ran = await bulk({ action: 'status', status: 'matched', creatorIds: listed.map((c) => c.creatorId) });
    const { changes } = ran.json();
    const [first, second, third, moved] = listed.map((c) => c.creatorId) as [string, string, string, string];
    await patchStatus(moved, { status: 'finalized' });
    // An app that answers every bulk request as a job at once, on the same database and sessions.
    const impatient = await buildTestApp({ database: t.database, config: { bulkReplyWithinMs: 0 } });
    try {
      const res = await impatient.app.inject({
        method: 'POST',
        url: '/api/admin/creators/bulk/undo',
        headers: reviewer,
        payload: { changes },
      });

      expect(res.statusCode).toBe(202);
      expect(res.json()).toMatchObject({ action: 'undo', total: 4, state: 'running' });
      expect(res.headers.location).toBe(`/api/admin/creators/bulk/jobs/${res.json().jobId}`);
      let job: BulkJob | undefined;
      for (let polls = 0; polls < 400 && (!job || job.state === 'running'); polls++) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        const read = await t.app.inject({ method: 'GET', url: res.headers.location as string, headers: reviewer });
        expect(read.statusCode).toBe(200);
        job = read.json<BulkJob>();
      }
      expect(job).toMatchObject({ action: 'undo', state: 'done', total: 4, done: 4, startedBy: 'rhea-reviewer' });
      expect(job?.result).toEqual({
        action: 'undo',
        succeeded: [first, second, third],
        failed: [expect.objectContaining({ creatorId: moved, messageKey: 'creators.changedSince' })],
      });
      for (const creator of listed.slice(0, 3)) expect((await state(creator.id)).status).toBe('listed');
      expect((await lastEntry(listed[0]?.id ?? ''))?.action).toBe('Change undone');
    } finally {
      await impatient.close();
    }
  });

  it('asks for at least one change', async () => {
    const res = await bulkUndo({ changes: [] });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldKeys).toMatchObject({ changes: { key: 'bulk.noChanges' } });
  });
});
