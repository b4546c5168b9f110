import { mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { startServer } from '#tests/e2e/support/server.ts';
import { signIn, TEST_ADMIN, TEST_ORIGIN, type TestApp } from '#tests/setup/test-app.ts';
import { buildApp } from '../src/server/app.ts';
import { testConfig } from '../src/server/config.ts';
import { type Database, openDatabase } from '../src/server/db/client.ts';
import { CREATOR_AS_API } from '../src/server/features/creators/creator-dto.ts';
import { CREATOR_CSV_COLUMNS } from '../src/server/features/creators/creator-export.service.ts';
import { TRIGRAM_WORD } from '../src/server/features/creators/creator-search.ts';
import { FILTER_COUNT_CAP } from '../src/server/features/creators/creators.service.ts';
import { createLocalFileStore } from '../src/server/lib/file-store.ts';
import { createMemoryRateLimiter } from '../src/server/lib/rate-limiter.ts';
import { CREATOR_STATUSES } from '../src/shared/creator-status.ts';
import { csvRow } from '../src/shared/csv.ts';
import { BOARD_COUNT_CAP } from '../src/shared/limits.ts';
import {
  type FilterSample,
  filterShapeFor,
  freshPostgres,
  peakRssMb,
  quantile,
  round,
  seedNetwork,
  signInOverHttp,
  timeBulkInsert,
} from './support.ts';

/**
 * The admin lists at scale (decision 014): every call the back office makes, timed through
 * the app and beside the raw SQL it sends on the same data, on PGlite and (with TEST_DATABASE_URL)
 * PostgreSQL. `npm run bench -- admin-lists` seeds 100,000 creators; add `--million` for 1,000,000, or
 * `--creators=<n>` for any other number. The seed spreads the list filters' fields as a network does
 * (decision 063: languages, recruiters, possible duplicates, two years of applications, assignees, tags), and
 * each filter, their combinations and the board's columns are timed too (`timeListFilters`).
 */
const CREATORS_ARG = process.argv.find((arg) => arg.startsWith('--creators='));
/** `--creators=<n>` runs the same steps on a smaller network, to try a change quickly. */
const CREATORS = CREATORS_ARG
  ? Number(CREATORS_ARG.slice('--creators='.length))
  : process.argv.includes('--million')
    ? 1_000_000
    : 100_000;
/** `--filters-only` times the list filters and the board alone, skipping the other figures, to try a change quickly. */
const FILTERS_ONLY = process.argv.includes('--filters-only');
/** `--driver=postgres` or `--driver=pglite` runs on that engine alone. */
const DRIVER = process.argv.find((arg) => arg.startsWith('--driver='))?.slice('--driver='.length);
/**
 * `--extra-sql=<file>` runs a file's statements on the seeded database before it is vacuumed: an index
 * measured before a migration adds it.
 */
const EXTRA_SQL = process.argv.find((arg) => arg.startsWith('--extra-sql='))?.slice('--extra-sql='.length);
const RUNS = 30;
/**
 * Each call runs this often before it is timed. The embedded engine is WebAssembly, which V8 compiles with a
 * quick baseline compiler first and optimises function by function as they get hot: its first hundred or so
 * statements are several times slower than the rest of a server's life.
 */
const WARM_UPS = 30;

/** The driver underneath drizzle: a pg Pool or the PGlite thread, both answering `query(text, params)`. */
export interface RawClient {
  query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}
export const rawClientOf = (database: Database) => (database.db as unknown as { $client: RawClient }).$client;

/** The columns the list routes read (creator-dto.ts), and the page key beside them. */
const COLUMNS = `${CREATOR_AS_API},
  to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "keyAt"`;

export type Step = { text: string; params?: unknown[] };

/** A call's SQL, statement by statement, as the service sends it; searches run in one transaction. */
const raw = {
  summary: (): Step[] => [
    {
      text: `select (select json_object_agg(status, count) from creator_status_counts) as counts,
        (select coalesce(json_agg(newest), '[]'::json) from (select ${CREATOR_AS_API} from creators
          order by created_at desc, id desc limit 5) as newest) as recent,
        (select json_build_object(
            'due', count(*) filter (where created_at <= now() - interval '24 hours'),
            'overdue', (select count from creator_waiting_count) - count(*))
          from creators where status = 'pending' and first_staff_action_at is null
            and created_at > now() - interval '48 hours') as sla`,
    },
  ],
  statusPage: (status: string, order: 'desc' | 'asc', key?: { at: string; id: string }): Step[] => [
    {
      text: `select ${COLUMNS} from creators where status = $1 ${
        key ? `and (created_at, id) ${order === 'desc' ? '<' : '>'} ($2::timestamptz, $3::uuid)` : ''
      } order by created_at ${order}, id ${order} limit 51`,
      params: key ? [status, key.at, key.id] : [status],
    },
    { text: 'select count from creator_status_counts where status = $1', params: [status] },
  ],
  search: (status: string, pattern: string, plan: 'bitmap' | 'walk'): Step[] => [
    { text: 'begin' },
    {
      text: `select set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', $1, true),
        set_config('enable_bitmapscan', $2, true)`,
      params: plan === 'bitmap' ? ['off', 'on'] : ['on', 'off'],
    },
    {
      text: `select count(*)::int from (select 1 from creators where status = $1
        and search_text like search_fold($2) limit 1001) matches`,
      params: [status, pattern],
    },
    {
      text: `select ${COLUMNS} from creators where status = $1 and search_text like search_fold($2)
        order by created_at desc, id desc limit 51`,
      params: [status, pattern],
    },
    { text: 'commit' },
  ],
  recruiterPage: (recruiterId: string): Step[] => [
    {
      text: `select (select coalesce(sum(count), 0) from recruiter_status_counts
        where recruiter_id = recruiters.id)::int from recruiters where id = $1`,
      params: [recruiterId],
    },
    {
      text: `select ${COLUMNS} from creators where recruiter_id = $1 order by created_at desc, id desc limit 51`,
      params: [recruiterId],
    },
  ],
  /** The insights screen's five reads (insights.service.ts), over pre-aggregated daily rows. */
  insights: (from: string, to: string): Step[] => [
    {
      text: `select f.step, f.recruiter_id, r.name, sum(f.visits) from funnel_daily f
        left join recruiters r on r.id = f.recruiter_id
        where f.day between $1::date and $2::date group by f.step, f.recruiter_id, r.name`,
      params: [from, to],
    },
    {
      text: `select to_char(day, 'YYYY-MM-DD') as day, sum(count) from language_milestone_counts
        where milestone = 'applied' and day between $1::date and $2::date group by day`,
      params: [from, to],
    },
    {
      text: `select language, milestone, sum(count) from language_milestone_counts
        where day between $1::date and $2::date group by language, milestone`,
      params: [from, to],
    },
    {
      text: `select c.recruiter_id, r.name, c.milestone, sum(c.count) from recruiter_milestone_counts c
        left join recruiters r on r.id = c.recruiter_id
        where c.day between $1::date and $2::date group by c.recruiter_id, r.name, c.milestone`,
      params: [from, to],
    },
    {
      text: `select status, bucket, sum(count) from status_duration_counts
        where day between $1::date and $2::date group by status, bucket`,
      params: [from, to],
    },
  ],
  recruitersScreen: (): Step[] => [
    {
      text: `select id, name, email, created_at, (select coalesce(sum(count), 0) from recruiter_status_counts
        where recruiter_id = recruiters.id)::int from recruiters order by lower(name), name`,
    },
  ],
};

async function runSteps(client: RawClient, steps: Step[]): Promise<void> {
  for (const step of steps) await client.query(step.text, step.params);
}

export async function timed(run: () => Promise<void>) {
  for (let i = 0; i < WARM_UPS; i++) await run();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  return { medianMs: round(quantile(samples, 0.5)), p95Ms: round(quantile(samples, 0.95)) };
}

async function adminIdOf(client: RawClient, username: string): Promise<string> {
  const { rows } = await client.query('select id from admins where lower(username) = lower($1)', [username]);
  const id = rows[0]?.id;
  if (typeof id !== 'string') throw new Error(`no admin ${username}`);
  return id;
}

async function getOk(app: FastifyInstance, cookie: string, url: string) {
  const res = await app.inject({ method: 'GET', url, headers: { cookie } });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  return res;
}

/**
 * One call through the app (in process, so no socket cost) beside its raw SQL on the same connection pool.
 * Several addresses are one call made of requests sent at once (the board's columns); the raw side is then
 * a function sending their statements the same way.
 */
export async function sideBySide(
  app: FastifyInstance,
  cookie: string,
  url: string | string[],
  client: RawClient,
  steps: Step[] | (() => Promise<void>),
) {
  const urls = typeof url === 'string' ? [url] : url;
  const route = await timed(async () => {
    await Promise.all(urls.map((one) => getOk(app, cookie, one)));
  });
  const rawSql = await timed(typeof steps === 'function' ? steps : () => runSteps(client, steps));
  return { url, route, rawSql, ratio: round(route.medianMs / Math.max(rawSql.medianMs, 0.01)) };
}

/** The list filters (decision 063) as an address carries them. */
type Filters = Partial<
  Record<'recruiterId' | 'language' | 'duplicates' | 'from' | 'to' | 'assignee' | 'tag' | 'q' | 'sort', string>
>;

const DAY_MS = 86_400_000;

/**
 * The filters as the SQL the service sends (creator-list-filters.ts), numbered from `$first`; `me` is the
 * signed-in admin, as the route reads it.
 */
function filterSql(filters: Filters, adminId: string, first: number): { text: string; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${first + params.length - 1}`;
  };
  if (filters.recruiterId) parts.push(`recruiter_id = ${param(filters.recruiterId)}`);
  if (filters.language) parts.push(`language = ${param(filters.language)}`);
  if (filters.duplicates) parts.push(`has_duplicates = ${param(true)}`);
  if (filters.from) parts.push(`created_at >= ${param(`${filters.from}T00:00:00.000Z`)}`);
  if (filters.to) {
    const end = new Date(new Date(`${filters.to}T00:00:00Z`).getTime() + DAY_MS).toISOString();
    parts.push(`created_at < ${param(end)}`);
  }
  if (filters.assignee === 'none') parts.push('assignee_id is null');
  else if (filters.assignee) {
    parts.push(`assignee_id = ${param(filters.assignee === 'me' ? adminId : filters.assignee)}`);
  }
  if (filters.tag) {
    parts.push(`tag_ids @> array[${param(filters.tag)}]::uuid[]`);
  }
  return { text: parts.map((part) => ` and ${part}`).join(''), params };
}

const hasFilter = (filters: Filters) => Object.keys(filters).some((name) => name !== 'q' && name !== 'sort');

/** Where a cursor the app wrote continues from. */
function keyOfCursor(cursor: string): { at: string; id: string } {
  const [at = '', id = ''] = Buffer.from(cursor, 'base64url').toString('utf8').slice(1).split('|');
  return { at, id };
}

/**
 * A filtered page's SQL as the service sends it (pageCreatorsByStatus): the page and the count up to
 * FILTER_COUNT_CAP at once (the whole status reads its kept count); with a search, one transaction whose
 * count up to SEARCH_COUNT_CAP picks the plan of the page, as searchCreatorPage does.
 */
function rawFilteredPage(
  client: RawClient,
  status: string,
  filters: Filters,
  adminId: string,
  key?: { at: string; id: string },
  countCap = FILTER_COUNT_CAP,
): () => Promise<void> {
  const oldest = filters.sort === 'oldest';
  const where = filterSql(filters, adminId, key ? 4 : 2);
  const keyText = key ? ` and (created_at, id) ${oldest ? '>' : '<'} ($2::timestamptz, $3::uuid)` : '';
  const base = key ? [status, key.at, key.id] : [status];
  const order = oldest ? 'created_at asc, id asc' : 'created_at desc, id desc';
  const pageText = (also = '') =>
    `select ${COLUMNS} from creators where status = $1${keyText}${where.text}${also} order by ${order} limit 51`;
  const countWhere = filterSql(filters, adminId, 2);
  const q = filters.q;
  if (q) {
    // The search's pattern is the last parameter of its statements.
    const pattern = `%${q.toLowerCase()}%`;
    const like = (n: number) => ` and search_text like search_fold($${n})`;
    const indexed = TRIGRAM_WORD.test(q);
    const plan = (which: 'bitmap' | 'walk') =>
      client.query(
        `select set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', $1, true),
          set_config('enable_bitmapscan', $2, true)`,
        which === 'bitmap' ? ['off', 'on'] : ['on', 'off'],
      );
    return async () => {
      await client.query('begin');
      await plan(indexed ? 'bitmap' : 'walk');
      const { rows } = await client.query(
        `select count(*)::int as count from (select 1 from creators where status = $1${countWhere.text}${like(
          2 + countWhere.params.length,
        )} limit 1001) matches`,
        [status, ...countWhere.params, pattern],
      );
      if (indexed && Number(rows[0]?.count) > 1000) await plan('walk');
      await client.query(pageText(like(base.length + where.params.length + 1)), [...base, ...where.params, pattern]);
      await client.query('commit');
    };
  }
  const count = hasFilter(filters)
    ? {
        text: `select count(*)::int from (select 1 from creators where status = $1${countWhere.text}
          limit ${countCap + 1}) rows`,
        params: [status, ...countWhere.params],
      }
    : { text: 'select count from creator_status_counts where status = $1', params: [status] };
  return async () => {
    await Promise.all([client.query(pageText(), [...base, ...where.params]), client.query(count.text, count.params)]);
  };
}

/** The address of a status list's page with these filters. */
function listUrl(status: string, filters: Filters, start: { cursor: string } | 'first' = 'first') {
  const params = new URLSearchParams(typeof start === 'string' ? { page: start } : { cursor: start.cursor });
  for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
  return `/api/admin/creators/status/${status}?${params}`;
}

/**
 * The list filters (decision 063) over the seeded network: each alone, rare and common values, combined, with
 * a search and oldest first, on the pending list (30 % of creators); then the board, which asks for the first
 * page of every status column at once, and a column's next page.
 */
async function timeListFilters(
  app: FastifyInstance,
  cookie: string,
  client: RawClient,
  sample: FilterSample,
  search: { commonTerm: string; rareTerm: string },
  adminId: string,
) {
  const status = 'pending';
  const month = { from: '2025-06-01', to: '2025-06-30' };
  const lists: Record<string, Filters> = {
    recruiterBig: { recruiterId: sample.bigRecruiterId },
    recruiterSmall: { recruiterId: sample.smallRecruiterId },
    languageCommon: { language: 'Spanish' },
    languageRare: { language: 'Vietnamese' },
    duplicatesOnly: { duplicates: 'only' },
    dateMonth: month,
    dateOneDay: { from: '2025-06-15', to: '2025-06-15' },
    dateSinceOnly: { from: '2025-12-01' },
    assigneeMe: { assignee: 'me' },
    assigneeNone: { assignee: 'none' },
    assigneeOther: { assignee: sample.assigneeIds.find((id) => id !== adminId) ?? adminId },
    tagCommon: { tag: sample.commonTagId },
    tagRare: { tag: sample.rareTagId },
    languageRareDuplicates: { language: 'Vietnamese', duplicates: 'only' },
    recruiterSmallLanguage: { recruiterId: sample.smallRecruiterId, language: 'Russian' },
    meTagCommon: { assignee: 'me', tag: sample.commonTagId },
    monthLanguageDuplicates: { ...month, language: 'Spanish', duplicates: 'only' },
    noneTagRareRecruiterBig: { assignee: 'none', tag: sample.rareTagId, recruiterId: sample.bigRecruiterId },
    everyFilter: {
      recruiterId: sample.bigRecruiterId,
      language: 'Spanish',
      duplicates: 'only',
      from: '2025-01-01',
      to: '2025-12-31',
      assignee: 'none',
      tag: sample.commonTagId,
    },
    searchCommonNameLanguage: { q: search.commonTerm, language: 'Spanish' },
    searchCommonNameDuplicatesMe: { q: search.commonTerm, duplicates: 'only', assignee: 'me' },
    searchEmailRecruiter: { q: search.rareTerm, recruiterId: sample.bigRecruiterId },
    oldestLanguageRare: { sort: 'oldest', language: 'Vietnamese' },
    oldestDuplicatesTag: { sort: 'oldest', duplicates: 'only', tag: sample.commonTagId },
    oldestMonth: { sort: 'oldest', ...month },
  };
  const calls: Record<string, Awaited<ReturnType<typeof sideBySide>>> = {};
  for (const [name, filters] of Object.entries(lists)) {
    calls[name] = await sideBySide(
      app,
      cookie,
      listUrl(status, filters),
      client,
      rawFilteredPage(client, status, filters, adminId),
    );
  }
  const boards: Record<string, Filters> = {
    boardAllColumns: {},
    boardAllColumnsLanguage: { language: 'Spanish' },
    boardAllColumnsMeDuplicates: { assignee: 'me', duplicates: 'only' },
    boardAllColumnsTagRecruiter: { tag: sample.commonTagId, recruiterId: sample.bigRecruiterId },
  };
  for (const [name, filters] of Object.entries(boards)) {
    calls[name] = await sideBySide(
      app,
      cookie,
      CREATOR_STATUSES.map((column) => `${listUrl(column, filters)}&countUpTo=${BOARD_COUNT_CAP}`),
      client,
      async () => {
        await Promise.all(
          CREATOR_STATUSES.map((column) =>
            rawFilteredPage(client, column, filters, adminId, undefined, BOARD_COUNT_CAP)(),
          ),
        );
      },
    );
  }
  // A column's next page: the cursor its first page ended with.
  const nextPages: Record<string, [string, Filters]> = {
    boardNextPage: ['matched', {}],
    boardNextPageLanguage: ['stage2_sent', { language: 'Spanish' }],
  };
  for (const [name, [column, filters]] of Object.entries(nextPages)) {
    const first = (await getOk(app, cookie, listUrl(column, filters))).json() as { next: string | null };
    if (!first.next) throw new Error(`${name}: the column has one page`);
    calls[name] = await sideBySide(
      app,
      cookie,
      listUrl(column, filters, { cursor: first.next }),
      client,
      rawFilteredPage(client, column, filters, adminId, keyOfCursor(first.next)),
    );
  }
  return calls;
}

/** The figures as a table a note can take: app median / p95, raw median / p95, their ratio, and the 50 ms goal. */
function printTable(driver: string, calls: Record<string, Awaited<ReturnType<typeof sideBySide>>>) {
  const lines = Object.entries(calls).map(
    ([name, call]) =>
      `${name.padEnd(30)} ${`${call.route.medianMs} / ${call.route.p95Ms}`.padStart(14)} ${`${call.rawSql.medianMs} / ${
        call.rawSql.p95Ms
      }`.padStart(14)} ${String(call.ratio).padStart(6)}  ${call.route.p95Ms <= 50 ? 'yes' : 'NO'}`,
  );
  console.log(
    `\n${driver}, ${CREATORS} creators\n${'call'.padEnd(30)} ${'app p50 / p95'.padStart(14)} ${'raw p50 / p95'.padStart(
      14,
    )} ${'ratio'.padStart(6)}  p95 <= 50 ms\n${lines.join('\n')}\n`,
  );
}

/** A bounded closed loop over HTTP keep-alive: `connections` clients, `total` requests. */
async function throughput(url: string, headers: Record<string, string>, connections = 10, total = 3_000) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  let next = 0;
  const one = () =>
    new Promise<void>((resolve, reject) => {
      http
        .get(url, { agent, headers }, (res) => {
          if (res.statusCode !== 200) reject(new Error(`${url}: ${res.statusCode}`));
          res.resume();
          res.on('end', resolve);
        })
        .on('error', reject);
    });
  const run = async (count: number) => {
    next = 0;
    const began = performance.now();
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (next++ < count) await one();
      }),
    );
    return count / ((performance.now() - began) / 1000);
  };
  await run(Math.min(300, total));
  const reqPerSec = Math.round(await run(total));
  agent.destroy();
  return reqPerSec;
}

const urlOf = (server: FastifyInstance) => `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;

/** The baseline: a bare Fastify answering the same SQL's rows, and a hello, on the same database. */
async function bareServer(client: RawClient): Promise<FastifyInstance> {
  const bare = Fastify();
  bare.get('/hello', async () => ({ hello: 'world' }));
  bare.get<{ Params: { status: string } }>('/status/:status', async (request) => {
    const [page, counts] = await Promise.all(
      raw.statusPage(request.params.status, 'desc').map((step) => client.query(step.text, step.params)),
    );
    return { items: page?.rows, total: counts?.rows[0]?.count };
  });
  await bare.listen({ host: '127.0.0.1', port: 0 });
  return bare;
}

/**
 * The spec's whole list of every creator from the production build in its own process, signed in as the admin the bench made (so the figure is
 * the server's alone): how long it takes, how many creators arrive and the server's peak resident memory.
 */
/** The status whose list the CSV export bench downloads: the largest one the seed writes. */
const CSV_STATUS = 'pending';

async function streamWholeList(env: Record<string, string>, dataDir?: string) {
  const server = await startServer({ env, ...(dataDir ? { dataDir } : {}) });
  try {
    const cookie = await signInOverHttp(server.baseUrl, TEST_ADMIN);
    const rssBeforeMb = await peakRssMb(server.pid);
    const started = performance.now();
    const creators = await drain(`${server.baseUrl}/api/admin/creators`, { cookie });
    const wholeList = {
      creators,
      ms: Math.round(performance.now() - started),
      serverPeakRssMbBefore: rssBeforeMb,
      serverPeakRssMb: await peakRssMb(server.pid),
    };
    return { wholeList, csvExport: await exportStatusCsv(server, cookie, CSV_STATUS) };
  } finally {
    await server.stop();
  }
}

/**
 * A status list's CSV export (docs/decisions/027) from the production build in its own process: how long the
 * whole file takes, how many rows arrive and the server's peak resident memory, which must stay flat
 * whatever the number of rows.
 */
async function exportStatusCsv(server: { baseUrl: string; pid: number }, cookie: string, status: string) {
  const rssBeforeMb = await peakRssMb(server.pid);
  const started = performance.now();
  const rows = await drain(`${server.baseUrl}/api/admin/creators/export.csv?status=${status}`, { cookie }, '\r\nRC-');
  return {
    rows,
    ms: Math.round(performance.now() - started),
    serverPeakRssMbBefore: rssBeforeMb,
    serverPeakRssMb: await peakRssMb(server.pid),
  };
}

/**
 * The raw baseline for the CSV export: the same rows read by the bare driver in the same keyset batches and
 * written with the same cell rules, in the bench's own process, without HTTP or the app around it.
 */
async function rawCsvBaseline(client: RawClient, status: string) {
  const started = performance.now();
  let rows = 0;
  let bytes = 0;
  let key: { at: string; id: string } | undefined;
  for (;;) {
    const { rows: batch } = await client.query(
      `select ${COLUMNS} from creators where status = $1 ${
        key ? 'and (created_at, id) < ($2::timestamptz, $3::uuid)' : ''
      } order by created_at desc, id desc limit 1000`,
      key ? [status, key.at, key.id] : [status],
    );
    let text = '';
    for (const row of batch) text += csvRow(CREATOR_CSV_COLUMNS.map((column) => column.value(row as never)));
    bytes += Buffer.byteLength(text);
    rows += batch.length;
    const last = batch.at(-1);
    if (!last || batch.length < 1000) break;
    key = { at: String(last.keyAt), id: String(last.id) };
  }
  return { rows, bytes, ms: Math.round(performance.now() - started) };
}

/** Reads a streamed reply to the end without keeping it, counting the records in it (by a key each has once). */
function drain(url: string, headers: Record<string, string>, key = '"creatorId"'): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        let ids = 0;
        // A key may be cut between two chunks: the end of each chunk is kept for the next.
        let carry = '';
        res.on('data', (chunk: Buffer) => {
          const text = carry + chunk.toString('latin1');
          ids += text.split(key).length - 1;
          carry = text.slice(-(key.length - 1));
        });
        res.on('end', () => resolve(ids));
      })
      .on('error', reject);
  });
}

interface BenchDatabase {
  database: Database;
  /** How the production server finds the same data. */
  serverEnv: Record<string, string>;
  serverDataDir?: string;
  /** PGlite's data folder is locked while open: the server may only start once the bench has closed it. */
  closeBeforeServer: boolean;
  cleanup(): Promise<void>;
}

export async function openBenchDatabase(driver: 'pglite' | 'postgres'): Promise<BenchDatabase> {
  if (driver === 'postgres') {
    const fresh = await freshPostgres(process.env.TEST_DATABASE_URL ?? '');
    const database = await openDatabase({ driver: 'postgres', url: fresh.url, poolSize: 10 });
    return {
      database,
      serverEnv: { DATABASE_URL: fresh.url },
      closeBeforeServer: false,
      cleanup: async () => {
        await database.close();
        await fresh.drop();
      },
    };
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'rollick-bench-'));
  const database = await openDatabase({ driver: 'pglite', dataDir });
  return {
    database,
    serverEnv: {},
    serverDataDir: dataDir,
    closeBeforeServer: true,
    cleanup: async () => {
      await database.close().catch(() => {});
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function measureOn(driver: 'pglite' | 'postgres') {
  const bench = await openBenchDatabase(driver);
  const { database } = bench;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'rollick-bench-app-'));
  const app = await buildApp({
    config: testConfig({ dataDir, clientDir: path.join(dataDir, 'none'), publicUrl: TEST_ORIGIN }),
    database,
    store: createLocalFileStore(path.join(dataDir, 'uploads')),
    limiter: createMemoryRateLimiter(),
  });
  const client = rawClientOf(database);
  let bare: FastifyInstance | undefined;
  try {
    // Signed in first, so the bench's own admin is one of those the seed assigns creators to (`assignee=me`).
    const { cookie } = await signIn({ app, database } as unknown as TestApp);
    const seedStarted = performance.now();
    const shape = await filterShapeFor(database.db, CREATORS);
    const sample = await seedNetwork(database.db, CREATORS, shape);
    const seedMs = Math.round(performance.now() - seedStarted);
    const bulkInsert = FILTERS_ONLY ? undefined : await timeBulkInsert(database.db, CREATORS, 100_000, shape);
    // The seed writes statuses directly; one statement moves every listed creator on to matched, a day after
    // it applied, so the insights' time in status has a stay per move to take the median of.
    const moveStarted = performance.now();
    await database.db.execute(sql`update creators set status = 'matched', updated_at = created_at + interval '1 day'
      where status = 'listed'`);
    const insightsMoveMs = Math.round(performance.now() - moveStarted);
    // A year of funnel days, every step through every recruiter link and in every language: the most rows a
    // busy form leaves.
    await database.db.execute(sql`insert into funnel_daily (day, recruiter_id, step, visits)
      select day::date, recruiters.id, step, 1 + (hashtext(day::text || recruiters.id::text || step) & 1023)
      from generate_series(date '2025-01-02', date '2026-01-01', interval '1 day') as day
      cross join unnest(array['landing', 'step1', 'started', 'step2', 'step3', 'step4', 'step5', 'submitted']) as step
      cross join recruiters`);
    await database.db.execute(sql`insert into funnel_language_daily (day, language, step, visits)
      select day::date, language, step, 1 + (hashtext(day::text || language || step) & 1023)
      from generate_series(date '2025-01-02', date '2026-01-01', interval '1 day') as day
      cross join unnest(array['en', 'es', 'pt', 'de', 'ru', 'fr']) as language
      cross join unnest(array['landing', 'step1', 'started', 'step2', 'step3', 'step4', 'step5', 'submitted']) as step`);
    if (EXTRA_SQL) {
      const statements = (await readFile(EXTRA_SQL, 'utf8')).split(/;\s*\n/).filter((text) => text.trim());
      for (const statement of statements) await client.query(statement);
    }
    // The database as its upkeep leaves it: PostgreSQL's autovacuum, the embedded server's hourly vacuum
    // (maintenance.ts), would by now have cleared the rolled-back inserts and the moved rows' old versions.
    await database.db.execute(sql`vacuum (analyze)`);
    const insightsRange = { from: '2025-12-03', to: '2026-01-01' };
    await app.listen({ host: '127.0.0.1', port: 0 });
    const adminId = await adminIdOf(client, TEST_ADMIN.username);
    const filters = sample.filters;
    if (!filters) throw new Error('the seed answered no filter sample');
    const listFilters = await timeListFilters(app, cookie, client, filters, sample, adminId);
    printTable(driver, listFilters);
    if (FILTERS_ONLY) return { creators: CREATORS, seedMs, listFilters };
    const status = 'pending';
    const base = `/api/admin/creators/status/${status}`;

    const deepKey = sample.deepKey;
    const deepCursor = Buffer.from(`a${deepKey.at}|${deepKey.id}`).toString('base64url');
    const calls = {
      dashboardSummary: await sideBySide(app, cookie, '/api/admin/creators/summary', client, raw.summary()),
      statusFirstPage: await sideBySide(app, cookie, `${base}?page=first`, client, raw.statusPage(status, 'desc')),
      statusDeepPage: await sideBySide(
        app,
        cookie,
        `${base}?cursor=${deepCursor}`,
        client,
        raw.statusPage(status, 'desc', deepKey),
      ),
      statusLastPage: await sideBySide(app, cookie, `${base}?page=last`, client, raw.statusPage(status, 'asc')),
      searchCommonName: await sideBySide(
        app,
        cookie,
        `${base}?q=${encodeURIComponent(sample.commonTerm)}`,
        client,
        raw.search(status, `%${sample.commonTerm}%`, 'walk'),
      ),
      searchRareTerm: await sideBySide(
        app,
        cookie,
        `${base}?q=${encodeURIComponent(sample.rareTerm)}`,
        client,
        raw.search(status, `%${sample.rareTerm}%`, 'bitmap'),
      ),
      searchCreatorIdPart: await sideBySide(
        app,
        cookie,
        `${base}?q=${encodeURIComponent(sample.idPart)}`,
        client,
        raw.search(status, `%${sample.idPart.toLowerCase()}%`, 'bitmap'),
      ),
      recruiterListingsPage: await sideBySide(
        app,
        cookie,
        `/api/admin/recruiters/${sample.recruiterId}/listings?page=first`,
        client,
        raw.recruiterPage(sample.recruiterId),
      ),
      recruitersScreen: await sideBySide(app, cookie, '/api/admin/recruiters', client, raw.recruitersScreen()),
      insights: await sideBySide(
        app,
        cookie,
        `/api/admin/insights?${new URLSearchParams(insightsRange)}`,
        client,
        raw.insights(insightsRange.from, insightsRange.to),
      ),
    };

    bare = await bareServer(client);
    const appUrl = urlOf(app);
    const bareUrl = urlOf(bare);
    const statusRoute = await throughput(`${appUrl}${base}?page=first`, { cookie });
    const statusRaw = await throughput(`${bareUrl}/status/${status}`, {});
    const recruitersRoute = await throughput(`${appUrl}/api/recruiters`, {}, 10, 10_000);
    const hello = await throughput(`${bareUrl}/hello`, {}, 10, 10_000);

    const csvRaw = await rawCsvBaseline(client, CSV_STATUS);

    await bare.close();
    await app.close();
    if (bench.closeBeforeServer) await database.close();
    const { wholeList, csvExport } = await streamWholeList(bench.serverEnv, bench.serverDataDir);

    return {
      creators: CREATORS,
      seedMs,
      bulkInsert,
      insightsMoveMs,
      calls,
      listFilters,
      throughput: {
        statusPageRoute: { reqPerSec: statusRoute, rawDriverRoute: statusRaw, ratio: round(statusRoute / statusRaw) },
        publicRecruiters: {
          reqPerSec: recruitersRoute,
          bareFastifyHello: hello,
          ratio: round(recruitersRoute / hello),
        },
      },
      wholeListStreamed: wholeList,
      statusCsvExport: {
        status: CSV_STATUS,
        route: csvExport,
        rawDriverBaseline: csvRaw,
        ratio: round(csvExport.ms / Math.max(csvRaw.ms, 1)),
      },
    };
  } finally {
    await bare?.close().catch(() => {});
    await app.close().catch(() => {});
    await bench.cleanup();
    await rm(dataDir, { recursive: true, force: true });
  }
}

export async function measureAdminLists() {
  const results: Record<string, unknown> = {};
  if (process.env.TEST_DATABASE_URL && DRIVER !== 'pglite') results.postgres = await measureOn('postgres');
  if (DRIVER !== 'postgres') results.pglite = await measureOn('pglite');
  return results;
}
