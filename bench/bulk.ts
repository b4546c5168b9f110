import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { signIn, TEST_ORIGIN, type TestApp } from '#tests/setup/test-app.ts';
import { buildApp } from '../src/server/app.ts';
import { testConfig } from '../src/server/config.ts';
import { type Database, openDatabase } from '../src/server/db/client.ts';
import { createLocalFileStore } from '../src/server/lib/file-store.ts';
import { createMemoryRateLimiter } from '../src/server/lib/rate-limiter.ts';
import type { BulkJob } from '../src/shared/replies/bulk-jobs.ts';
import { freshPostgres, quantile, round, seedNetwork } from './support.ts';

/**
 * One bulk request moving 10,000 creators (docs/decisions/034 and 053), on PGlite and (with TEST_DATABASE_URL)
 * PostgreSQL: the request as a job (set-based batches, followed by polling as the screen does) beside the
 * baseline, one raw SQL `update … where creator_id = any(…)` moving another 10,000 of the same data, with no
 * rules, activity entries, undo records or events. Meanwhile an admin keeps opening a status page; its median
 * and slowest answers show what the work costs everyone else. `npm run bench -- bulk`.
 */
const MOVED = 10_000;
/** A network with two disjoint sets of 10,000 listed creators (the seed lists 2 in 10). */
const CREATORS = 110_000;
const PROBE_EVERY_MS = 100;
const STATUS_PAGE = '/api/admin/creators/status/pending?page=first';
/** 10,000 creators in one request, from the request to the job's summary. */
const GOAL_MS = { postgres: 5_000, pglite: 15_000 };

interface Probe {
  stop(): Promise<{ count: number; medianMs: number; maxMs: number; failures: string[] }>;
}

/** An admin opening the pending list again and again while the work runs. */
function probeStatusPage(app: FastifyInstance, cookie: string): Probe {
  const samples: number[] = [];
  const failures: string[] = [];
  let isRunning = true;
  const loop = (async () => {
    while (isRunning) {
      const started = performance.now();
      // The first page, as the screen asks for it; without a page the call answers the whole list (product §7).
      const res = await app.inject({ method: 'GET', url: STATUS_PAGE, headers: { cookie } }).catch((error) => error);
      if (res instanceof Error || res.statusCode !== 200) {
        // Reported with the figures; a probe never ends the run.
        failures.push(res instanceof Error ? res.message : `${res.statusCode} ${res.body.slice(0, 200)}`);
      } else samples.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS));
    }
  })();
  return {
    async stop() {
      isRunning = false;
      await loop;
      return {
        count: samples.length,
        medianMs: round(quantile(samples, 0.5)),
        maxMs: round(Math.max(...samples)),
        failures: failures.slice(0, 3),
      };
    },
  };
}

async function listedIds(database: Database, offset: number): Promise<string[]> {
  const result = (await database.db.execute(sql`select creator_id as "creatorId" from creators
    where status = 'listed' order by created_at desc, id desc offset ${offset} limit ${MOVED}`)) as unknown as {
    rows: { creatorId: string }[];
  };
  return result.rows.map((row) => row.creatorId);
}

/** The baseline: the same move as one statement, nothing else written. */
async function rawUpdate(database: Database, creatorIds: string[]) {
  const started = performance.now();
  const result = (await database.db.execute(sql`update creators set status = 'matched', updated_at = now()
    where creator_id = any(array(select jsonb_array_elements_text(${JSON.stringify(creatorIds)}::jsonb)))
      and status = 'listed'`)) as unknown as { rowCount?: number; affectedRows?: number };
  return {
    succeeded: result.rowCount ?? result.affectedRows ?? 0,
    totalMs: Math.round(performance.now() - started),
  };
}

/**
 * Now: the request, answered with its summary (200) when it is done within a few seconds, or 202 and its job,
 * polled as the screen does (decision 034).
 */
async function asAJob(app: FastifyInstance, headers: Record<string, string>, creatorIds: string[]) {
  const started = performance.now();
  const res = await app.inject({
    method: 'POST',
    url: '/api/admin/creators/bulk',
    headers,
    payload: { action: 'status', status: 'matched', creatorIds },
  });
  const replyMs = Math.round(performance.now() - started);
  if (res.statusCode === 200) {
    const summary = res.json<{ succeeded: string[]; failed: unknown[] }>();
    const { length: succeeded } = summary.succeeded;
    return {
      replyStatus: 200,
      replyMs,
      state: 'done',
      succeeded,
      failed: summary.failed.length,
      polls: 0,
      totalMs: replyMs,
    };
  }
  if (res.statusCode !== 202) throw new Error(`bulk: ${res.statusCode} ${res.body.slice(0, 200)}`);
  const { jobId } = res.json<{ jobId: string }>();
  let polls = 0;
  for (;;) {
    polls++;
    const job = (
      await app.inject({ method: 'GET', url: `/api/admin/creators/bulk/jobs/${jobId}`, headers })
    ).json<BulkJob>();
    if (job.state !== 'running' && job.state !== 'queued') {
      return {
        replyStatus: res.statusCode,
        replyMs,
        state: job.state,
        succeeded: job.result?.succeeded.length ?? 0,
        failed: job.result?.failed.length ?? 0,
        polls,
        totalMs: Math.round(performance.now() - started),
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function openBenchDatabase(driver: 'pglite' | 'postgres', dataDir: string) {
  if (driver === 'postgres') {
    const fresh = await freshPostgres(process.env.TEST_DATABASE_URL ?? '');
    const database = await openDatabase({ driver: 'postgres', url: fresh.url, poolSize: 10 });
    return { database, drop: () => fresh.drop() };
  }
  const database = await openDatabase({ driver: 'pglite', dataDir: path.join(dataDir, 'data') });
  return { database, drop: async () => {} };
}

async function measureOn(driver: 'pglite' | 'postgres') {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'rollick-bench-bulk-'));
  const { database, drop } = await openBenchDatabase(driver, dataDir);
  const app = await buildApp({
    config: testConfig({ dataDir, clientDir: path.join(dataDir, 'none'), publicUrl: TEST_ORIGIN }),
    database,
    store: createLocalFileStore(path.join(dataDir, 'uploads')),
    limiter: createMemoryRateLimiter(),
  });
  try {
    await app.ready();
    await seedNetwork(database.db, CREATORS);
    await database.db.execute(sql`vacuum (analyze)`);
    const headers = await signIn({ app, database } as unknown as TestApp);
    const [raw, now] = [await listedIds(database, 0), await listedIds(database, MOVED)];
    if (raw.length < MOVED || now.length < MOVED) throw new Error('the seed listed too few creators');

    const rawProbe = probeStatusPage(app, headers.cookie);
    const baseline = await rawUpdate(database, raw);
    const rawStatusPage = await rawProbe.stop();

    const jobProbe = probeStatusPage(app, headers.cookie);
    const job = await asAJob(app, headers, now);
    const jobStatusPage = await jobProbe.stop();

    return {
      creators: CREATORS,
      moved: MOVED,
      rawSqlBaseline: { ...baseline, statusPageMeanwhile: rawStatusPage },
      job: { ...job, statusPageMeanwhile: jobStatusPage },
      ratio: round(job.totalMs / Math.max(baseline.totalMs, 1)),
      goal: `${job.totalMs} ms (goal ≤ ${GOAL_MS[driver]} ms): ${job.totalMs <= GOAL_MS[driver] ? 'met' : 'missed'}`,
    };
  } finally {
    await app.close();
    await database.close();
    await drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

export async function measureBulk() {
  const results: Record<string, unknown> = {};
  if (process.env.TEST_DATABASE_URL) results.postgres = await measureOn('postgres');
  results.pglite = await measureOn('pglite');
  return results;
}
