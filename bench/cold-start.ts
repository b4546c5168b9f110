import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { startServer } from '#tests/e2e/support/server.ts';
import { freshPostgres, median, peakRssMb, rssMb, startBareFastify } from './support.ts';

/**
 * How long the server's memory is watched after /readyz: V8 and the allocator give back what start-up used
 * over the first half-minute or so, and what is left after a minute is what the server keeps while idle.
 * `BENCH_SETTLE_S` shortens it when only the start times are wanted.
 */
const SETTLE_S = Number(process.env.BENCH_SETTLE_S ?? 60);

/** The goals, in milliseconds to a passing /readyz; on PostgreSQL, a restart on a migrated database. */
const GOALS = { embeddedEmpty: 2_000, embeddedRestart: 1_000, postgres: 1_000 };

/** Time from spawning a bare Fastify hello (same runtime flags) to its first answer: the floor for any start. */
async function bareFastifyMs(): Promise<number> {
  const started = performance.now();
  const bare = await startBareFastify();
  try {
    await (await fetch(`http://127.0.0.1:${bare.port}/`)).text();
    return Math.round(performance.now() - started);
  } finally {
    bare.stop();
  }
}

/** On PostgreSQL, a first start on a new database of its own (it migrates it), then a restart: the goal's case. */
async function postgresStarts<T>(start: (env: Record<string, string>) => Promise<T>): Promise<[T, T] | null> {
  if (!process.env.TEST_DATABASE_URL) return null;
  // Never the machine's own database: the figure would depend on whatever an earlier run left in it.
  const database = await freshPostgres(process.env.TEST_DATABASE_URL);
  try {
    const env = { DATABASE_URL: database.url };
    return [await start(env), await start(env)];
  } finally {
    await database.drop();
  }
}

/**
 * Time from spawning the production server to a passing /readyz, and its resident memory a minute later
 * (the median of the last ten seconds) and at its peak, on a new and on an existing DATA_DIR, and against
 * PostgreSQL when TEST_DATABASE_URL is set (a new database of its own: a first start that migrates it, then a
 * restart, the goal's case); each beside a bare Fastify hello's start. WebAssembly memory never
 * shrinks, so a first start must leave nothing behind in the thread that serves (docs/decisions/045):
 * `firstToRestartRss` near 1 says it does.
 */
export async function measureColdStart() {
  const bareMs = await bareFastifyMs();
  const verdict = (ms: number, goalMs: number) => ({
    ms,
    toBare: Math.round((ms / bareMs) * 10) / 10,
    goalMs,
    met: ms <= goalMs,
  });
  const dataDir = await mkdtemp(path.join(tmpdir(), 'rollick-bench-'));
  const start = async (env: Record<string, string> = {}) => {
    const started = performance.now();
    const server = await startServer({ dataDir, readyWithinMs: 120_000, env });
    const ms = Math.round(performance.now() - started);
    const samples: number[] = [];
    for (let second = 0; second < SETTLE_S; second++) {
      await sleep(1_000);
      samples.push(await rssMb(server.pid));
    }
    const peakMb = await peakRssMb(server.pid);
    await server.stop();
    return { ms, rssMb: median(samples.slice(-10)), peakRssMb: peakMb };
  };
  try {
    const first = await start();
    const restart = await start();
    const [postgresFirst, postgres] = (await postgresStarts(start)) ?? [null, null];
    return {
      bareFastifyMs: bareMs,
      embeddedEmpty: verdict(first.ms, GOALS.embeddedEmpty),
      embeddedRestart: verdict(restart.ms, GOALS.embeddedRestart),
      postgresFirstMs: postgresFirst?.ms ?? 'TEST_DATABASE_URL not set',
      postgres: postgres ? verdict(postgres.ms, GOALS.postgres) : 'TEST_DATABASE_URL not set',
      firstStartRssMb: first.rssMb,
      restartRssMb: restart.rssMb,
      firstToRestartRss: Math.round((first.rssMb / restart.rssMb) * 100) / 100,
      firstStartPeakRssMb: first.peakRssMb,
      restartPeakRssMb: restart.peakRssMb,
      ...(postgres ? { postgresRssMb: postgres.rssMb } : {}),
    };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
