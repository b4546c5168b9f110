import { and, desc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activityLog, creators } from '#server/db/schema.ts';
import { bulkJobs } from '#server/db/staff-work-schema.ts';
import { BULK_STATUS_BATCH_SIZE } from '#server/features/creators/creator-bulk.service.ts';
import { ABANDONED_AFTER_MS, tidyBulkJobs } from '#server/features/creators/creator-bulk-jobs.service.ts';
import type { BulkJob } from '#shared/replies/bulk-jobs.ts';
import { insertCreator, insertCreators } from '#tests/factories.ts';
import { buildTestApp, setUpTestApp, type TestApp } from '#tests/setup/test-app.ts';

// Anything still running after 200 ms is a job here, so a few hundred creators make a "long" request.
const t = setUpTestApp({ config: { bulkReplyWithinMs: 200 } });
/** The server's batch of a status change on this engine. */
const batchSize = () => BULK_STATUS_BATCH_SIZE[t.database.driver];
const owner = t.headers;
const rita = t.signedInAs({ username: 'rita-reviewer', password: 'a long test password', role: 'reviewer' });
const rob = t.signedInAs({ username: 'rob-reviewer', password: 'a long test password', role: 'reviewer' });

const bulk = (payload: object, headers = owner, app: TestApp['app'] = t.app, query = '') =>
  app.inject({ method: 'POST', url: `/api/admin/creators/bulk${query}`, headers, payload });
const readJob = (jobId: string, headers = owner) =>
  t.app.inject({ method: 'GET', url: `/api/admin/creators/bulk/jobs/${jobId}`, headers });

async function listedCreators(count: number): Promise<string[]> {
  return (await insertCreators(t.database.db, count, { status: 'listed' })).map((row) => row.creatorId);
}

/** Follows a job as the screen does, keeping every reading. */
async function follow(jobId: string, headers = owner): Promise<BulkJob[]> {
  const readings: BulkJob[] = [];
  for (let polls = 0; polls < 400; polls++) {
    const res = await readJob(jobId, headers);
    expect(res.statusCode).toBe(200);
    const job = res.json<BulkJob>();
    readings.push(job);
    if (job.state !== 'queued' && job.state !== 'running') return readings;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the job did not end');
}

async function statusesOf(ids: string[]) {
  const rows = await t.database.db
    .select({ creatorId: creators.creatorId, status: creators.status })
    .from(creators)
    .where(inArray(creators.creatorId, ids));
  return new Map(rows.map((row) => [row.creatorId, row.status]));
}

async function matchedEntries(ids: string[]) {
  return t.database.db
    .select({ creatorId: creators.creatorId })
    .from(activityLog)
    .innerJoin(creators, eq(creators.id, activityLog.creatorId))
    .where(and(inArray(creators.creatorId, ids), eq(activityLog.action, 'Status changed to matched')));
}

describe('POST /api/admin/creators/bulk as a job', () => {
  // Hundreds of creators, the point of a job; a loaded machine takes its time over them.
  it('answers a long request 202 with its job, which reports progress and then the summary', {
    timeout: 60_000,
  }, async () => {
    const listed = await listedCreators(2 * batchSize() + 10);
    const pending = await insertCreator(t.database.db, { status: 'pending' });
    const creatorIds = [...listed, pending.creatorId, 'not an id'];

    const res = await bulk({ action: 'status', status: 'matched', creatorIds });

    expect(res.statusCode).toBe(202);
    const accepted = res.json();
    expect(accepted).toEqual({
      jobId: expect.any(String),
      action: 'status',
      state: 'running',
      total: creatorIds.length,
      done: 1, // the malformed id, judged before any creator is read
    });
    expect(res.headers.location).toBe(`/api/admin/creators/bulk/jobs/${accepted.jobId}`);

    const readings = await follow(accepted.jobId);
    const dones = readings.map((job) => job.done);
    expect(dones).toEqual([...dones].sort((a, b) => a - b));
    for (const job of readings.slice(0, -1)) expect(job.result).toBeUndefined();
    const last = readings.at(-1);
    expect(last).toMatchObject({
      state: 'done',
      total: creatorIds.length,
      done: creatorIds.length,
      startedBy: 'alice',
    });
    expect(last?.finishedAt).toEqual(expect.any(String));
    expect(last?.result?.succeeded).toEqual(listed);
    expect(last?.result?.failed).toEqual([
      {
        creatorId: 'not an id',
        code: 'NOT_FOUND',
        message: 'Creator not found',
        messageKey: 'creators.notFound',
      },
      {
        creatorId: pending.creatorId,
        code: 'INVALID_TRANSITION',
        message: 'A creator cannot be moved from pending to matched',
        messageKey: 'creators.cannotMove',
        messageParams: { from: 'pending', to: 'matched' },
      },
    ]);
    const statuses = await statusesOf(listed);
    expect([...statuses.values()].every((status) => status === 'matched')).toBe(true);
    expect(await matchedEntries(listed)).toHaveLength(listed.length);
  });

  it('still answers a short request with its summary, the same one its job keeps', async () => {
    const listed = await listedCreators(3);
    const finalized = await insertCreator(t.database.db, { status: 'finalized' });

    // The file's apps turn a request into a job after 200 ms; this one waits as production does, so a busy
    // machine cannot make the short request a job.
    const patient = await buildTestApp({ database: t.database, config: { bulkReplyWithinMs: 60_000 } });
    const res = await bulk(
      { action: 'status', status: 'matched', creatorIds: [...listed, finalized.creatorId] },
      owner,
      patient.app,
    ).finally(() => patient.close());

    expect(res.statusCode).toBe(200);
    expect(res.json().succeeded).toEqual(listed);
    const [job] = await t.database.db.select().from(bulkJobs).orderBy(desc(bulkJobs.createdAt)).limit(1);
    const kept = await readJob(job?.id ?? '');
    expect(kept.json()).toMatchObject({ state: 'done', total: 4, done: 4 });
    expect(kept.json().result).toEqual(res.json());
  });

  it('gives a job at once when asked with ?async=1, with the links of a stage-2 run in its summary', async () => {
    const pending = await insertCreator(t.database.db, { status: 'pending' });

    const res = await bulk({ action: 'stage2', creatorIds: [pending.creatorId] }, owner, t.app, '?async=1');

    expect(res.statusCode).toBe(202);
    const last = (await follow(res.json().jobId)).at(-1);
    expect(last?.result?.succeeded).toEqual([pending.creatorId]);
    expect(last?.result?.links).toEqual([
      expect.objectContaining({
        creatorId: pending.creatorId,
        name: pending.name,
        link: expect.stringMatching(/^\/stage2\/RC-/),
        expiresAt: expect.any(String),
      }),
    ]);
  });
});

describe('bulk jobs across a restart', () => {
  it('interrupts a job when the server stops, keeping each changed creator with its entry and listing them', {
    timeout: 60_000,
  }, async () => {
    const listed = await listedCreators(3 * batchSize());
    const second = await buildTestApp({ database: t.database, config: { bulkReplyWithinMs: 0 } });
    const res = await bulk({ action: 'status', status: 'matched', creatorIds: listed }, owner, second.app);
    expect(res.statusCode).toBe(202);

    await second.close(); // the next batch never starts

    const job = await readJob(res.json().jobId);
    expect(job.json()).toMatchObject({ state: 'interrupted', total: listed.length });
    const { done, result } = job.json<BulkJob>();
    expect(done).toBeGreaterThan(0);
    expect(done).toBeLessThan(listed.length);
    expect(done % batchSize()).toBe(0);
    const statuses = await statusesOf(listed);
    const changed = listed.filter((id) => statuses.get(id) === 'matched');
    expect(result?.succeeded).toEqual(changed);
    expect(changed).toHaveLength(done);
    expect((await matchedEntries(listed)).map((entry) => entry.creatorId).sort()).toEqual([...changed].sort());
  });

  it('marks a job its dead process left running as interrupted when the server starts again', async () => {
    const [left] = await t.database.db
      .insert(bulkJobs)
      .values({
        adminId: (await t.database.db.query.admins.findFirst())?.id ?? '',
        startedBy: 'alice',
        action: 'status',
        scope: { status: 'matched', creatorIds: 500 },
        total: 500,
        done: 200,
        state: 'running',
        result: { action: 'status', succeeded: [], failed: [] },
        // Its process stopped beating long ago: on PostgreSQL, where other processes may be running jobs, only
        // such a job is taken for abandoned; the embedded database's single process takes every one.
        heartbeatAt: new Date(Date.now() - 2 * ABANDONED_AFTER_MS),
      })
      .returning();

    const restarted = await buildTestApp({ database: t.database });
    await restarted.close();

    const job = await readJob(left?.id ?? '');
    expect(job.json()).toMatchObject({ state: 'interrupted', done: 200, total: 500, finishedAt: expect.any(String) });
  });
});

describe('the hourly upkeep of bulk jobs', () => {
  it('removes jobs a week after they ended, with the links they held, and keeps newer ones', async () => {
    const adminId = (await t.database.db.query.admins.findFirst())?.id ?? '';
    const jobOf = (finishedAt: Date) => ({
      adminId,
      startedBy: 'alice',
      action: 'stage2' as const,
      scope: { creatorIds: 1 },
      total: 1,
      done: 1,
      state: 'done' as const,
      result: { action: 'stage2' as const, succeeded: [], failed: [], links: [] },
      finishedAt,
    });
    const [old, recent] = await t.database.db
      .insert(bulkJobs)
      .values([jobOf(new Date(Date.now() - 8 * 86_400_000)), jobOf(new Date(Date.now() - 86_400_000))])
      .returning({ id: bulkJobs.id });

    await tidyBulkJobs(t.database.db);

    expect((await readJob(old?.id ?? '')).statusCode).toBe(404);
    expect((await readJob(recent?.id ?? '')).statusCode).toBe(200);
  });
});

describe('who reads a bulk job', () => {
  it("is the reviewer who started it or an owner, never another reviewer; a reviewer's bulk delete makes none", async () => {
    const listed = await listedCreators(2);
    const res = await bulk({ action: 'status', status: 'matched', creatorIds: listed }, rita, t.app, '?async=1');
    expect(res.statusCode).toBe(202);
    const { jobId } = res.json();

    expect((await follow(jobId, rita)).at(-1)?.result?.succeeded).toEqual(listed);
    expect((await readJob(jobId, owner)).statusCode).toBe(200);
    const refused = await readJob(jobId, rob);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN' });

    const jobsBefore = await t.database.db.$count(bulkJobs);
    const deleting = await bulk({ action: 'delete', creatorIds: listed }, rita);
    expect(deleting.statusCode).toBe(403);
    expect(await t.database.db.$count(bulkJobs)).toBe(jobsBefore);
  });

  it("keeps an owner's job from a reviewer, and answers 404 for a job that does not exist", async () => {
    const listed = await listedCreators(1);
    const res = await bulk({ action: 'status', status: 'matched', creatorIds: listed }, owner, t.app, '?async=1');
    expect((await readJob(res.json().jobId, rita)).statusCode).toBe(403);
    const missing = await readJob('4b0c3d0e-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'NOT_FOUND', message: 'No such bulk job' });
  });
});
