import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { creatorCells, importCsv } from '#tests/fixtures/import-csv.ts';
import { filePart, multipartBody } from '#tests/setup/multipart.ts';
import { signIn, TEST_ORIGIN, type TestApp } from '#tests/setup/test-app.ts';
import { buildApp } from '../src/server/app.ts';
import { testConfig } from '../src/server/config.ts';
import { type Database, openDatabase } from '../src/server/db/client.ts';
import { contactKeyOf } from '../src/server/lib/contact-key.ts';
import { createLocalFileStore } from '../src/server/lib/file-store.ts';
import { createMemoryRateLimiter } from '../src/server/lib/rate-limiter.ts';
import type { ImportLine, ImportReport } from '../src/shared/replies/creator-import.ts';
import { freshPostgres, peakRssMb, round, seedNetwork } from './support.ts';

/**
 * CSV import (decision 061): 10,000 production-like rows (the export's columns, cells as it writes them) checked
 * by the dry run and imported, through the app's own routes, on a network of 20,000 creators, on PGlite and
 * (with TEST_DATABASE_URL) PostgreSQL, beside the floor measured in the same run: the same rows inserted by
 * multi-row INSERTs of 500 through the driver, with no parsing, checks, activity entries or duplicate marks.
 * `npm run bench -- import`.
 */
const ROWS = 10_000;
const NETWORK = 20_000;
const BASELINE_BATCH = 500;
/** The goal: 10,000 rows in seconds. */
const GOAL_MS = 10_000;

const RECRUITER = 'Recruiter 7';

/** The floor: the same rows, already parsed, straight into the table, 500 to a statement. */
async function rawInsert(database: Database, first: number): Promise<number> {
  const rows = Array.from({ length: ROWS }, (_, i) => {
    const cells = creatorCells(first + i, RECRUITER);
    const method = String(cells['Contact Method']);
    const contact = String(cells['Contact Info']);
    return {
      creator_id: `RB-${String(first + i).padStart(8, '0')}`,
      name: cells.Name,
      language: cells.Language,
      gender: cells.Gender,
      contact_method: method,
      contact_info: contact,
      agency_goals: cells['Agency Goals'],
      recruiter_name: RECRUITER,
      contact_key: contactKeyOf(method, contact),
    };
  });
  const started = performance.now();
  for (let at = 0; at < rows.length; at += BASELINE_BATCH) {
    const json = JSON.stringify(rows.slice(at, at + BASELINE_BATCH));
    await database.db.execute(sql`insert into creators (creator_id, name, language, gender, contact_method,
        contact_info, agency_goals, recruiter_name, contact_key)
      select creator_id, name, language, gender, contact_method, contact_info, agency_goals, recruiter_name, contact_key
      from jsonb_to_recordset(${json}::jsonb) as r(creator_id text, name text, language text, gender text,
        contact_method text, contact_info text, agency_goals text, recruiter_name text, contact_key text)`);
  }
  return Math.round(performance.now() - started);
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
  const dataDir = await mkdtemp(path.join(tmpdir(), 'rollick-bench-import-'));
  const { database, drop } = await openBenchDatabase(driver, dataDir);
  const app = await buildApp({
    config: testConfig({ dataDir, clientDir: path.join(dataDir, 'none'), publicUrl: TEST_ORIGIN }),
    database,
    store: createLocalFileStore(path.join(dataDir, 'uploads')),
    limiter: createMemoryRateLimiter(),
  });
  try {
    await app.ready();
    await seedNetwork(database.db, NETWORK);
    const headers = await signIn({ app, database } as unknown as TestApp);
    const baselineMs = await rawInsert(database, 1_000_000);

    const csv = importCsv(Array.from({ length: ROWS }, (_, i) => creatorCells(i, RECRUITER)));
    const body = await multipartBody({ file: filePart(Buffer.from(csv), 'creators.csv', 'text/csv') });
    const post = (url: string) =>
      app.inject({ method: 'POST', url, headers: { ...headers, ...body.headers }, payload: body.payload });

    let started = performance.now();
    const checked = await post('/api/admin/creators/import/dry-run');
    const dryRunMs = Math.round(performance.now() - started);
    const report = checked.json<ImportReport>();

    started = performance.now();
    const imported = await post('/api/admin/creators/import');
    const importMs = Math.round(performance.now() - started);
    const lines = imported.body
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as ImportLine);
    const end = lines.at(-1);
    if (end?.type !== 'done' || end.created !== ROWS) throw new Error(`import: ${imported.body.slice(-300)}`);
    return {
      rows: ROWS,
      fileMb: round(Buffer.byteLength(csv) / 1e6),
      network: NETWORK,
      rawInsertBaselineMs: baselineMs,
      dryRun: { ms: dryRunMs, status: checked.statusCode, create: report.valid - report.duplicates },
      import: { ms: importMs, created: end.created, progressLines: lines.filter((l) => l.type === 'progress').length },
      ratioImportToBaseline: round(importMs / Math.max(baselineMs, 1)),
      ratioDryRunToBaseline: round(dryRunMs / Math.max(baselineMs, 1)),
      peakRssMb: await peakRssMb(),
      goal: `${importMs} ms (goal ≤ ${GOAL_MS} ms): ${importMs <= GOAL_MS ? 'met' : 'missed'}`,
    };
  } finally {
    await app.close();
    await database.close();
    await drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

export async function measureImport() {
  const results: Record<string, unknown> = {};
  if (process.env.TEST_DATABASE_URL) results.postgres = await measureOn('postgres');
  results.pglite = await measureOn('pglite');
  return results;
}
