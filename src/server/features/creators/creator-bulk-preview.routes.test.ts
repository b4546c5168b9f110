import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activityLog, creators } from '#server/db/schema.ts';
import { insertCreator, insertRecruiter } from '#tests/factories.ts';
import { insertCompleteCreator } from '#tests/fixtures/creators.ts';
import { setUpTestApp } from '#tests/setup/test-app.ts';

const t = setUpTestApp();
const reviewer = t.signedInAs({ username: 'rosa-reviewer', password: 'a long test password', role: 'reviewer' });

const bulk = (payload: object, headers = t.headers) =>
  t.app.inject({ method: 'POST', url: '/api/admin/creators/bulk', headers, payload });

const activityCount = async () => (await t.database.db.select({ id: activityLog.id }).from(activityLog)).length;

describe('POST /api/admin/creators/bulk with dryRun', () => {
  it('says who would move and why the others would stay, with the messages the action would give, and changes nothing', async () => {
    const matched = [
      await insertCreator(t.database.db, { status: 'matched' }),
      await insertCreator(t.database.db, { status: 'matched' }),
    ];
    const finalized = await insertCreator(t.database.db, { status: 'finalized' });
    const ids = [...matched, finalized].map((c) => c.creatorId);
    const entries = await activityCount();

    const res = await bulk({
      action: 'status',
      status: 'cancelled',
      creatorIds: [...ids, 'RC-NOBODY00'],
      dryRun: true,
    });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      action: 'status',
      dryRun: true,
      succeeded: matched.map((c) => c.creatorId),
      failed: [
        {
          creatorId: 'RC-NOBODY00',
          code: 'NOT_FOUND',
          message: 'Creator not found',
          messageKey: 'creators.notFound',
        },
        {
          creatorId: finalized.creatorId,
          code: 'INVALID_TRANSITION',
          message: 'A creator cannot be moved from finalized to cancelled',
          messageKey: 'creators.cannotMove',
          messageParams: { from: 'finalized', to: 'cancelled' },
        },
      ],
    });
    const statuses = await t.database.db.select({ status: creators.status }).from(creators);
    expect(statuses.filter((row) => row.status === 'cancelled')).toHaveLength(0);
    expect(await activityCount()).toBe(entries);

    // The run itself then does what the dry run said.
    const ran = await bulk({ action: 'status', status: 'cancelled', creatorIds: [...ids, 'RC-NOBODY00'] });
    expect(ran.json().succeeded).toEqual(res.json().succeeded);
    expect(ran.json().failed).toEqual(res.json().failed);
  });

  it('counts "all matching" as the run resolves it, for stage-2 links', async () => {
    const recruiter = await insertRecruiter(t.database.db, { name: 'Dry Run Recruiter' });
    for (let i = 0; i < 3; i += 1) await insertCreator(t.database.db, { status: 'pending', recruiterId: recruiter.id });
    await insertCreator(t.database.db, { status: 'listed', recruiterId: recruiter.id });
    const { creator: submitted } = await insertCompleteCreator(t);
    await t.database.db.update(creators).set({ recruiterId: recruiter.id }).where(eq(creators.id, submitted.id));

    const res = await bulk({ action: 'stage2', matching: { recruiterId: recruiter.id }, dryRun: true }, reviewer);

    expect(res.json().succeeded).toHaveLength(3);
    expect(res.json().failed.map((f: { messageKey: string }) => f.messageKey)).toEqual([
      'creators.cannotSendStage2',
      'creators.cannotSendStage2',
    ]);
    expect(res.json().links).toBeUndefined();
    const stillPending = await t.database.db.select().from(creators).where(eq(creators.recruiterId, recruiter.id));
    expect(stillPending.filter((row) => row.status === 'stage2_sent')).toHaveLength(0);
  });

  it("keeps a reviewer's bulk delete refused, dry run or not", async () => {
    const pending = await insertCreator(t.database.db, { status: 'pending' });
    const res = await bulk({ action: 'delete', creatorIds: [pending.creatorId], dryRun: true }, reviewer);
    expect(res.statusCode).toBe(403);
  });
});
