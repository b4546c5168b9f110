import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activityLog, creators } from '#server/db/schema.ts';
import { insertCreator, insertCreators } from '#tests/factories.ts';
import { setUpTestApp } from '#tests/setup/test-app.ts';
import { applyInBatches, BULK_STATUS_BATCH_SIZE, emptyOutcome } from './creator-bulk.service.ts';

const t = setUpTestApp();
const silent = { info: () => {}, warn: () => {}, error: () => {} };

describe('applyInBatches', () => {
  it('judges a batch that could not commit again one creator at a time, each changed and logged once', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await insertCreator(t.database.db, { status: 'listed' })).creatorId);
    const finalized = await insertCreator(t.database.db, { status: 'finalized' });
    const outcome = emptyOutcome();
    let batches = 0;

    const isComplete = await applyInBatches(t.database.db, t.store, {
      work: { action: 'status', status: 'matched' },
      performedBy: 'alice',
      log: silent,
      ids: [...ids, finalized.creatorId],
      outcome,
      // The first batch's own transaction fails at its end, as a deadlock would end it.
      onBatch: async () => {
        batches++;
        if (batches === 1) throw new Error('deadlock detected');
      },
    });

    expect(isComplete).toBe(true);
    expect(outcome.succeeded).toEqual(ids);
    expect(outcome.failed.map((failure) => failure.creatorId)).toEqual([finalized.creatorId]);
    const entries = await t.database.db
      .select({ creatorId: creators.creatorId })
      .from(activityLog)
      .innerJoin(creators, eq(creators.id, activityLog.creatorId))
      .where(and(inArray(creators.creatorId, ids), eq(activityLog.action, 'Status changed to matched')));
    expect(entries.map((entry) => entry.creatorId).sort()).toEqual([...ids].sort());
  });

  // A batch and one more creator.
  it('stops between batches when asked, and says it did not finish', { timeout: 60_000 }, async () => {
    const listed = await insertCreators(t.database.db, BULK_STATUS_BATCH_SIZE.pglite + 1, { status: 'listed' });
    const ids = listed.map((row) => row.creatorId);
    const outcome = emptyOutcome();
    let batches = 0;

    const isComplete = await applyInBatches(t.database.db, t.store, {
      work: { action: 'status', status: 'matched' },
      performedBy: 'alice',
      log: silent,
      ids,
      outcome,
      onBatch: async () => {
        batches++;
      },
      shouldStop: () => batches > 0,
    });

    expect(isComplete).toBe(false);
    expect(outcome.succeeded).toEqual(ids.slice(0, BULK_STATUS_BATCH_SIZE.pglite));
  });
});
