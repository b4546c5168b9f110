import { asc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activityLog, creators, outboxEvents } from '#server/db/schema.ts';
import { creatorChangeUndo } from '#server/db/staff-work-schema.ts';
import type { CreatorStatus } from '#shared/creator-status.ts';
import type { BulkFailure } from '#shared/replies/creators.ts';
import { insertCreator } from '#tests/factories.ts';
import { setUpTestApp } from '#tests/setup/test-app.ts';
import { applyInBatches, BULK_STATUS_BATCH_SIZE, emptyOutcome, failureOf } from './creator-bulk.service.ts';
import { changeCreatorStatus } from './creator-status.service.ts';
import { undoCreatorChange } from './creator-undo.service.ts';

const t = setUpTestApp();
const silent = { info: () => {}, warn: () => {}, error: () => {} };

const STATUSES: CreatorStatus[] = ['listed', 'listed', 'pending', 'matched', 'finalized', 'listed', 'cancelled'];
const LANGUAGES = ['English', 'Spanish', 'Russian', 'French'];
const LOCALES = [null, 'pt', 'de', 'es'];
const RECRUITERS = ['Walk-in', 'Maya Chen', 'Olu Adebayo'];

/** Two twin sets of creators: same statuses, names, recruiters and languages, one creator after another. */
async function twinSets(count: number) {
  const bulk: string[] = [];
  const single: string[] = [];
  for (let i = 0; i < count; i++) {
    const values = {
      status: STATUSES[i % STATUSES.length],
      name: `Creator ${i}`,
      language: LANGUAGES[i % LANGUAGES.length],
      locale: LOCALES[i % LOCALES.length],
      recruiterName: RECRUITERS[i % RECRUITERS.length],
      additionalInfo: i % 5 === 0 ? `A note about ${i}` : null,
      contactMethod: i % 2 === 0 ? 'Email' : 'Telegram',
    } as const;
    bulk.push((await insertCreator(t.database.db, values)).creatorId);
    single.push((await insertCreator(t.database.db, values)).creatorId);
  }
  return { bulk, single };
}

/** What a set of creators' changes wrote, in the set's order, with their own ids and times left out. */
async function writtenFor(ids: string[]) {
  const position = new Map(ids.map((id, index) => [id, index]));
  const rows = await t.database.db
    .select({ id: creators.id, creatorId: creators.creatorId, status: creators.status })
    .from(creators)
    .where(inArray(creators.creatorId, ids));
  const indexOf = new Map(rows.map((row) => [row.id, position.get(row.creatorId) ?? -1]));
  const entries = await t.database.db
    .select({
      creatorId: activityLog.creatorId,
      action: activityLog.action,
      performedBy: activityLog.performedBy,
      details: activityLog.additionalInfo,
    })
    .from(activityLog)
    .where(inArray(activityLog.creatorId, [...indexOf.keys()]))
    .orderBy(asc(activityLog.timestamp));
  const events = await t.database.db
    .select({ creatorId: outboxEvents.creatorId, type: outboxEvents.type, payload: outboxEvents.payload })
    .from(outboxEvents)
    .where(inArray(outboxEvents.creatorId, [...indexOf.keys()]));
  const undo = await t.database.db
    .select({
      creatorId: creatorChangeUndo.creatorId,
      action: creatorChangeUndo.action,
      before: creatorChangeUndo.beforeStatus,
    })
    .from(creatorChangeUndo)
    .where(inArray(creatorChangeUndo.creatorId, [...indexOf.keys()]));
  const at = (id: string) => indexOf.get(id) ?? -1;
  const byIndex = <T extends { at: number }>(list: T[]) =>
    list.sort((a, b) => a.at - b.at || JSON.stringify(a).localeCompare(JSON.stringify(b)));
  return {
    statuses: rows.map((row) => ({ at: at(row.id), status: row.status })).sort((a, b) => a.at - b.at),
    entries: byIndex(entries.map(({ creatorId, ...entry }) => ({ at: at(creatorId), ...entry }))),
    events: byIndex(
      events.map(({ creatorId, type, payload }) => {
        const { creatorId: _publicId, ...rest } = payload;
        return { at: at(creatorId), type, payload: rest };
      }),
    ),
    undo: byIndex(undo.map(({ creatorId, ...record }) => ({ at: at(creatorId), ...record }))),
  };
}

describe('a bulk status change, set-based', () => {
  // Hundreds of creators written one at a time; a loaded machine takes its time over them.
  it('writes the same statuses, activity entries, events and undo records as the same changes one by one', {
    timeout: 120_000,
  }, async () => {
    const { bulk, single } = await twinSets(BULK_STATUS_BATCH_SIZE.pglite / 4 + 30);
    const outcome = emptyOutcome();
    const missing = 'RAN-ZZZZZZ';

    const isComplete = await applyInBatches(t.database.db, t.store, {
      work: { action: 'status', status: 'matched' },
      performedBy: 'alice',
      log: silent,
      ids: [...bulk, missing],
      outcome,
    });

    const failed: BulkFailure[] = [];
    const succeeded: string[] = [];
    for (const publicId of [...single, missing]) {
      try {
        await changeCreatorStatus(t.database.db, {
          publicId,
          performedBy: 'alice',
          change: { status: 'matched', rollickListingUrl: null, rollickCreatorHubId: null },
        });
        succeeded.push(publicId);
      } catch (error) {
        const { code, reason } = error as { code: never; reason: never };
        failed.push(failureOf(publicId, code, reason));
      }
    }

    expect(isComplete).toBe(true);
    const position = (list: string[]) => (id: string) => list.indexOf(id);
    expect(outcome.succeeded.map(position(bulk))).toEqual(succeeded.map(position(single)));
    expect(outcome.succeeded.length).toBeGreaterThan(100);
    expect(outcome.failed.length).toBeGreaterThan(100);
    const withoutId = ({ creatorId: _id, ...failure }: BulkFailure) => failure;
    expect(outcome.failed.map(withoutId)).toEqual(failed.map(withoutId));
    expect(outcome.changes.map((change) => change.creatorId)).toEqual(outcome.succeeded);

    const [byBulk, oneByOne] = [await writtenFor(bulk), await writtenFor(single)];
    expect(byBulk.statuses).toEqual(oneByOne.statuses);
    expect(byBulk.entries).toEqual(oneByOne.entries);
    expect(byBulk.events).toEqual(oneByOne.events);
    expect(byBulk.undo).toEqual(oneByOne.undo);
    expect(byBulk.events.length).toBe(outcome.succeeded.length);

    // A change the bulk action made is taken back as a click's is.
    const [first] = outcome.changes;
    if (!first) throw new Error('no change was made');
    const undone = await undoCreatorChange(t.database.db, {
      publicId: first.creatorId,
      change: first.change,
      performedBy: 'alice',
      role: 'owner',
    });
    expect(undone.status).toBe('listed');
    const [row] = await t.database.db
      .select({ status: creators.status })
      .from(creators)
      .where(eq(creators.creatorId, first.creatorId));
    expect(row).toEqual({ status: 'listed' });
  });
});
