import { eq, getTableColumns } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityLog, creatorRemovals, creators } from '#server/db/schema.ts';
import type { CreatorStatus } from '#shared/creator-status.ts';
import { insertCreator } from '#tests/factories.ts';
import { jpeg } from '#tests/fixtures/images.ts';
import { setUpTestApp } from '#tests/setup/test-app.ts';
import { startRetention } from '../../maintenance.ts';
import { createAdmin } from '../admins/admins.service.ts';

const t = setUpTestApp({ signedIn: false });

beforeAll(async () => {
  await createAdmin(t.database.db, { username: 'Alice', password: 'a long test password' });
});

const RETENTION_DAYS = 30;
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

/** A creator in `status`, applied `appliedDaysAgo` days ago, with a stored photo. */
async function creatorWithPhoto(status: CreatorStatus, appliedDaysAgo: number) {
  const { key } = await t.store.put(await jpeg(), { extension: 'jpg' });
  const creator = await insertCreator(t.database.db, {
    status,
    photoKey: key,
    createdAt: daysAgo(appliedDaysAgo),
    updatedAt: daysAgo(appliedDaysAgo),
  });
  return { ...creator, photoKey: key };
}

async function cancelledDaysAgo(days: number, creatorId: string) {
  await t.database.db.insert(activityLog).values({
    creatorId,
    action: 'Status changed to cancelled',
    performedBy: 'Alice',
    additionalInfo: { from: 'matched', to: 'cancelled' },
    timestamp: daysAgo(days),
  });
  await t.database.db
    .update(creators)
    .set({ updatedAt: daysAgo(days) })
    .where(eq(creators.id, creatorId));
}

const exists = async (creatorId: string) =>
  (await t.database.db.select().from(creators).where(eq(creators.creatorId, creatorId))).length === 1;

interface LogLine {
  details: unknown;
  message: string;
}

function recordingLog() {
  const lines: LogLine[] = [];
  const record = (details: unknown, message?: string) =>
    lines.push(typeof details === 'string' ? { details: null, message: details } : { details, message: message ?? '' });
  return { lines, log: { info: record, warn: record, error: record } as never };
}

async function runRetention(retentionDays: number | undefined) {
  const { lines, log } = recordingLog();
  const job = startRetention({ database: t.database, store: t.store, config: { ...t.config, retentionDays }, log });
  await job.firstPass;
  job.stop();
  return lines;
}

describe('the retention rule (RETENTION_DAYS)', () => {
  it('is off by default: nothing is removed however old', async () => {
    expect(t.config.retentionDays).toBeUndefined();
    const old = await creatorWithPhoto('cancelled', 400);
    await cancelledDaysAgo(365, old.id);

    const lines = await runRetention(undefined);

    expect(lines).toEqual([]);
    expect(await exists(old.creatorId)).toBe(true);
    expect(await t.database.db.select().from(creatorRemovals)).toEqual([]);
    await t.database.db.delete(creators).where(eq(creators.id, old.id));
  });

  it('removes exactly the eligible creators and their files, and records each removal without personal data', async () => {
    const cancelledLongAgo = await creatorWithPhoto('cancelled', 90);
    await cancelledDaysAgo(40, cancelledLongAgo.id);
    const cancelledWithoutLog = await creatorWithPhoto('cancelled', 90);
    await t.database.db
      .update(creators)
      .set({ updatedAt: daysAgo(31) })
      .where(eq(creators.id, cancelledWithoutLog.id));
    const cancelledRecently = await creatorWithPhoto('cancelled', 90);
    await cancelledDaysAgo(10, cancelledRecently.id);
    const relisted = await creatorWithPhoto('listed', 90);
    await cancelledDaysAgo(40, relisted.id);
    const pendingUntouched = await creatorWithPhoto('pending', 40);
    const pendingActedOn = await creatorWithPhoto('pending', 40);
    await t.database.db
      .insert(activityLog)
      .values({ creatorId: pendingActedOn.id, action: 'Note added', performedBy: 'alice', timestamp: daysAgo(35) });
    const pendingRecent = await creatorWithPhoto('pending', 10);
    const matchedOld = await creatorWithPhoto('matched', 400);

    const lines = await runRetention(RETENTION_DAYS);

    const removed = [cancelledLongAgo, cancelledWithoutLog, pendingUntouched];
    const kept = [cancelledRecently, relisted, pendingActedOn, pendingRecent, matchedOld];
    for (const creator of removed) {
      expect(await exists(creator.creatorId), creator.creatorId).toBe(false);
      expect(await t.store.exists(creator.photoKey)).toBe(false);
    }
    for (const creator of kept) {
      expect(await exists(creator.creatorId), creator.creatorId).toBe(true);
      expect(await t.store.exists(creator.photoKey)).toBe(true);
    }
    const audit = await t.database.db.select().from(creatorRemovals);
    expect(audit.map(({ creatorId, statusAtRemoval, reason }) => ({ creatorId, statusAtRemoval, reason }))).toEqual(
      expect.arrayContaining([
        { creatorId: cancelledLongAgo.creatorId, statusAtRemoval: 'cancelled', reason: 'cancelled' },
        { creatorId: cancelledWithoutLog.creatorId, statusAtRemoval: 'cancelled', reason: 'cancelled' },
        { creatorId: pendingUntouched.creatorId, statusAtRemoval: 'pending', reason: 'pending_without_staff_action' },
      ]),
    );
    expect(audit).toHaveLength(3);
    // The audit table holds an id, the public Creator ID, a status, a reason and a time: nothing about the person.
    expect(Object.keys(getTableColumns(creatorRemovals)).sort()).toEqual(
      ['creatorId', 'id', 'reason', 'removedAt', 'statusAtRemoval'].sort(),
    );
    const auditText = JSON.stringify(audit);
    for (const creator of removed) {
      expect(auditText).not.toContain(creator.contactInfo);
      expect(auditText).not.toContain(creator.photoKey);
    }

    expect(lines).toEqual([
      {
        message: 'retention pass finished',
        details: expect.objectContaining({
          retentionDays: RETENTION_DAYS,
          removed: { cancelled: 2, pending_without_staff_action: 1 },
          skipped: 0,
        }),
      },
    ]);
  });

  it('leaves the pass to the instance that holds the retention lock', async () => {
    const old = await creatorWithPhoto('pending', 60);
    const lines = await t.database.exclusive('retention', () => runRetention(RETENTION_DAYS));
    expect(lines.ran && lines.value).toEqual([
      { details: null, message: 'retention skipped: another instance is running it' },
    ]);
    expect(await exists(old.creatorId)).toBe(true);

    await runRetention(RETENTION_DAYS);
    expect(await exists(old.creatorId)).toBe(false);
  });
});
