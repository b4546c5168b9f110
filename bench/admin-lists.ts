import { insertCreator } from '../tests/factories.ts';
import { buildTestApp, signIn, type TestApp } from '../tests/setup/test-app.ts';
import { seedCreators } from './support.ts';

const CREATORS = 100_000;
const RUNS = 20;

async function time(t: TestApp, headers: Record<string, string>, url: string) {
  const samples: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    const res = await t.app.inject({ method: 'GET', url, headers });
    samples.push(performance.now() - started);
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  }
  samples.sort((a, b) => a - b);
  const at = (p: number) => Math.round((samples[Math.floor((samples.length - 1) * p)] ?? 0) * 10) / 10;
  return { medianMs: at(0.5), p95Ms: at(0.95) };
}

async function measureOn(driver: 'pglite' | 'postgres') {
  process.env.TEST_DB_DRIVER = driver;
  const t = await buildTestApp();
  try {
    const seeding = performance.now();
    await seedCreators(t.database.db, CREATORS);
    const seedMs = Math.round(performance.now() - seeding);
    const sample = await insertCreator(t.database.db, { status: 'listed' });
    const { cookie } = await signIn(t);
    const headers = { cookie };
    return {
      creators: CREATORS,
      seedMs,
      dashboardSummary: await time(t, headers, '/api/admin/creators/summary'),
      statusPage1: await time(t, headers, '/api/admin/creators/status/pending?page=1'),
      statusPage200: await time(t, headers, '/api/admin/creators/status/pending?page=200'),
      statusSearch: await time(t, headers, '/api/admin/creators/status/listed?q=creator4242'),
      creatorDetail: await time(t, headers, `/api/admin/creators/${sample.creatorId}`),
    };
  } finally {
    await t.close();
  }
}

/**
 * The admin calls issue 4 names, against 100,000 creators: the dashboard summary and a status page
 * (first page, a deep page, a search), on PGlite and, when TEST_DATABASE_URL is set, PostgreSQL.
 */
export async function measureAdminLists() {
  const results: Record<string, unknown> = { pglite: await measureOn('pglite') };
  if (process.env.TEST_DATABASE_URL) results.postgres = await measureOn('postgres');
  return results;
}
