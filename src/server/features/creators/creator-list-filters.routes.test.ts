import { beforeAll, describe, expect, it } from 'vitest';
import { admins } from '#server/db/schema.ts';
import { creatorTags, tags } from '#server/db/staff-work-schema.ts';
import type { CreatorStatus } from '#shared/creator-status.ts';
import { ADMIN_PAGE_SIZE } from '#shared/limits.ts';
import type { LANGUAGES } from '#shared/options.ts';
import type { CreatorPage } from '#shared/replies/creators.ts';
import { type ListFilters, listFilterParams } from '#shared/schemas/list-filters.ts';
import { insertCreator, insertCreators, insertRecruiter } from '#tests/factories.ts';
import { csvRowsOf } from '#tests/setup/csv.ts';
import { setUpTestApp } from '#tests/setup/test-app.ts';
import { createAdmin } from '../admins/admins.service.ts';

/**
 * Every list filter (decision 063), alone and combined with each other, the search and the order, answers
 * exactly the creators a scan of the same seeded rows picks, page after page; the CSV of a filtered list holds
 * the same rows.
 */

const t = setUpTestApp();
const { headers } = t;

const FIRST_NAMES = ['Lucía', 'Anastasia', 'Camille', 'Beatriz', 'Hannah', 'Mei', 'Yuki', 'Linh', 'Sofía', 'Olga'];
const LAST_NAMES = ['Fernández', 'Volkova', 'Laurent', 'Souza', 'Müller', 'Chen', 'Tanaka', 'Nguyen', 'Ortiz'];
const SEEDED_LANGUAGES: (typeof LANGUAGES)[number][] = ['Spanish', 'Russian', 'English', 'Portuguese', 'German'];
const SEEDED_STATUSES: CreatorStatus[] = ['pending', 'pending', 'listed', 'cancelled'];

interface Seeded {
  creatorId: string;
  name: string;
  status: CreatorStatus;
  language: string;
  recruiterId: string | null;
  hasDuplicates: boolean;
  day: string;
  assigneeId: string | null;
  tagIds: string[];
}

const seeded: Seeded[] = [];

/** A fixed pseudo-random sequence, so each attribute varies independently of the others and every run alike. */
function sequence(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return Math.floor(state / 65_536) % n;
  };
}
const ids = { camila: '', rafael: '', alice: '', vip: '', spanishDesk: '', recruiterA: '', recruiterB: '' };

/** The newest pending creator the test holds (that `matches`), to build a filter that picks somebody. */
function firstPending(matches: (row: Seeded) => boolean = () => true): Seeded {
  const found = seeded.find((row) => row.status === 'pending' && matches(row));
  if (!found) throw new Error('the seed holds no such pending creator');
  return found;
}

/** The filters as the address holds them, with `me` read as alice, who asks. */
function picks(row: Seeded, status: CreatorStatus, filters: ListFilters, q?: string): boolean {
  const assignee = filters.assignee === 'me' ? ids.alice : filters.assignee;
  return (
    row.status === status &&
    (!q || row.name.toLowerCase().includes(q.toLowerCase())) &&
    (!filters.recruiterId || row.recruiterId === filters.recruiterId) &&
    (!filters.language || row.language === filters.language) &&
    (!filters.duplicates || row.hasDuplicates) &&
    (!filters.from || row.day >= filters.from) &&
    (!filters.to || row.day <= filters.to) &&
    (!assignee || (assignee === 'none' ? row.assigneeId === null : row.assigneeId === assignee)) &&
    (!filters.tag || row.tagIds.includes(filters.tag))
  );
}

/** Every page of a filtered list, followed by its cursors, as Creator IDs in the order shown. */
async function readAllPages(status: CreatorStatus, filters: ListFilters, extra: Record<string, string> = {}) {
  const shown: string[] = [];
  let query = new URLSearchParams({ page: 'first', ...extra, ...listFilterParams(filters) });
  let total = -1;
  let pages = 0;
  for (;;) {
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/creators/status/${status}?${query}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    const page: CreatorPage = res.json();
    total = page.total;
    expect(page.totalIsExact).toBe(true);
    shown.push(...page.items.map((item) => item.creatorId));
    pages++;
    if (!page.next) break;
    query = new URLSearchParams({ cursor: page.next, ...extra, ...listFilterParams(filters) });
  }
  return { shown, total, pages };
}

beforeAll(async () => {
  const db = t.database.db;
  const [alice] = await db.select({ id: admins.id }).from(admins);
  ids.alice = alice?.id ?? '';
  ids.camila = (await createAdmin(db, { username: 'camila', password: 'a long test password', role: 'reviewer' })).id;
  ids.rafael = (await createAdmin(db, { username: 'rafael', password: 'a long test password', role: 'reviewer' })).id;
  ids.recruiterA = (await insertRecruiter(db, { name: 'Marisol Vega' })).id;
  ids.recruiterB = (await insertRecruiter(db, { name: 'Dmitri Sokolov' })).id;
  const [vip, desk] = await db
    .insert(tags)
    .values([
      { name: 'VIP', color: 'amber' },
      { name: 'Spanish desk', color: 'green' },
    ])
    .returning();
  ids.vip = vip?.id ?? '';
  ids.spanishDesk = desk?.id ?? '';
  const assignees = [ids.alice, ids.camila, ids.rafael, null, null];
  const recruiters = [ids.recruiterA, ids.recruiterB, null];
  const pick = sequence(63);
  for (let i = 0; i < 80; i++) {
    const name = `${FIRST_NAMES[pick(FIRST_NAMES.length)]} ${LAST_NAMES[pick(LAST_NAMES.length)]}`;
    const language = SEEDED_LANGUAGES[pick(SEEDED_LANGUAGES.length)] ?? 'English';
    const status = SEEDED_STATUSES[pick(SEEDED_STATUSES.length)] ?? 'pending';
    // Two months of applications, some days holding several.
    const createdAt = new Date(Date.UTC(2026, 8, 1 + pick(61), 6 + pick(15), pick(60), i % 60));
    const recruiterId = recruiters[pick(recruiters.length)] ?? null;
    const hasDuplicates = pick(6) === 0;
    const assigneeId = assignees[pick(assignees.length)] ?? null;
    const handle = `${name.toLowerCase().replace(/[^a-z]+/g, '.')}.${i}`;
    const row = await insertCreator(db, {
      name,
      language,
      status,
      createdAt,
      recruiterId,
      recruiterName: recruiterId === ids.recruiterA ? 'Marisol Vega' : recruiterId ? 'Dmitri Sokolov' : 'Walk-in',
      hasDuplicates,
      contactInfo: `${handle}@example.com`,
      assigneeId,
    });
    const tagIds = [
      pick(3) === 0 ? ids.vip : null,
      language === 'Spanish' && pick(2) === 0 ? ids.spanishDesk : null,
    ].filter((id): id is string => id !== null);
    if (tagIds.length > 0) {
      await db.insert(creatorTags).values(tagIds.map((tagId) => ({ creatorId: row.id, tagId })));
    }
    seeded.push({
      creatorId: row.creatorId,
      name,
      status,
      language,
      recruiterId,
      hasDuplicates,
      day: createdAt.toISOString().slice(0, 10),
      assigneeId,
      tagIds,
    });
  }
  // A morning's import from one recruiter, all at one instant: more than a page for her filters, ties broken by id.
  const batch = await insertCreators(db, 60, {
    name: 'Valentina Ríos',
    language: 'Spanish',
    status: 'pending',
    createdAt: new Date('2026-10-15T09:30:00Z'),
    recruiterId: ids.recruiterA,
    recruiterName: 'Marisol Vega',
    assigneeId: ids.camila,
  });
  for (const row of batch) {
    seeded.push({
      creatorId: row.creatorId,
      name: row.name,
      status: 'pending',
      language: 'Spanish',
      recruiterId: ids.recruiterA,
      hasDuplicates: false,
      day: '2026-10-15',
      assigneeId: ids.camila,
      tagIds: [],
    });
  }
});

describe('list filters (decision 063)', () => {
  const cases: [string, CreatorStatus, () => ListFilters][] = [
    ['a recruiter', 'pending', () => ({ recruiterId: ids.recruiterA })],
    ['a language', 'pending', () => ({ language: 'Spanish' })],
    ['possible duplicates', 'pending', () => ({ duplicates: 'only' })],
    ['from a day', 'listed', () => ({ from: '2026-10-01' })],
    ['up to a day', 'pending', () => ({ to: '2026-09-15' })],
    ['a single day', 'pending', () => ({ from: firstPending().day, to: firstPending().day })],
    ['an assignee', 'pending', () => ({ assignee: ids.camila })],
    ['my own', 'pending', () => ({ assignee: 'me' })],
    ['nobody’s', 'cancelled', () => ({ assignee: 'none' })],
    ['a tag', 'pending', () => ({ tag: ids.vip })],
    ['language and recruiter', 'pending', () => ({ language: 'Russian', recruiterId: ids.recruiterB })],
    [
      'dates, assignee and tag',
      'pending',
      () => ({ from: '2026-09-05', to: '2026-10-20', assignee: 'none', tag: ids.vip }),
    ],
    ['duplicates in a language from a day', 'pending', () => ({ duplicates: 'only', from: '2026-09-10' })],
    [
      'everything at once',
      'pending',
      () => {
        const her = firstPending((row) => row.tagIds.length > 0 && row.recruiterId !== null);
        return {
          recruiterId: her.recruiterId ?? undefined,
          language: her.language as ListFilters['language'],
          duplicates: her.hasDuplicates ? 'only' : undefined,
          from: her.day,
          to: '2026-10-31',
          assignee: her.assigneeId ?? 'none',
          tag: her.tagIds[0],
        };
      },
    ],
  ];

  it.each(cases)('by %s equals a scan of the same rows, newest first and page by page', async (_, status, make) => {
    const filters = make();
    const expected = seeded
      .filter((row) => picks(row, status, filters))
      .sort((a, b) => (a.day < b.day ? 1 : -1))
      .map((row) => row.creatorId);
    expect(expected.length, 'the seed holds creators this filter picks').toBeGreaterThan(0);
    const { shown, total, pages } = await readAllPages(status, filters);
    expect(new Set(shown)).toEqual(new Set(expected));
    expect(pages).toBe(Math.max(1, Math.ceil(expected.length / ADMIN_PAGE_SIZE)));
    expect(shown).toHaveLength(expected.length);
    expect(total).toBe(expected.length);
  });

  it('combines with the search and the oldest-first order', async () => {
    const filters: ListFilters = { language: 'Spanish', from: '2026-09-03' };
    const expected = seeded.filter((row) => picks(row, 'pending', filters, 'lucía'));
    const { shown } = await readAllPages('pending', filters, { q: 'Lucía', sort: 'oldest' });
    expect(new Set(shown)).toEqual(new Set(expected.map((row) => row.creatorId)));
    const days = shown.map((id) => seeded.find((row) => row.creatorId === id)?.day ?? '');
    expect(days).toEqual([...days].sort());
  });

  it('exports exactly the filtered rows as CSV', async () => {
    const filters: ListFilters = { language: 'Spanish', assignee: 'none', from: '2026-09-01', to: '2026-10-31' };
    const expected = seeded.filter((row) => picks(row, 'pending', filters));
    expect(expected.length).toBeGreaterThan(1);
    const query = new URLSearchParams({ status: 'pending', ...listFilterParams(filters) });
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/creators/export.csv?${query}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    const rows = csvRowsOf(res.body);
    expect(new Set(rows.map((row) => row['Creator ID']))).toEqual(new Set(expected.map((row) => row.creatorId)));
    expect(rows.every((row) => row.Language === 'Spanish' && row.Assignee === '')).toBe(true);
  });

  it('counts a filtered page only as far as asked (the board asks less), and refuses a count it cannot read', async () => {
    const query = new URLSearchParams({ page: 'first', assignee: ids.camila, language: 'Spanish', countUpTo: '10' });
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/creators/status/pending?${query}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    const page: CreatorPage = res.json();
    expect(page).toMatchObject({ total: 10, totalIsExact: false });
    expect(page.items).toHaveLength(ADMIN_PAGE_SIZE);
    for (const bad of ['0', '1001', 'ten', '2.5']) {
      const refused = await t.app.inject({
        method: 'GET',
        url: `/api/admin/creators/status/pending?page=first&language=Spanish&countUpTo=${bad}`,
        headers,
      });
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.json().message, bad).toBe('countUpTo must be a whole number from 1 to 1,000');
    }
  });

  it('refuses a filter it cannot read with the reason, and a range that ends before it starts', async () => {
    const get = (query: string) =>
      t.app.inject({ method: 'GET', url: `/api/admin/creators/status/pending?page=first&${query}`, headers });
    const cases: [string, string][] = [
      ['language=Klingon', "The language filter must be one of the form's languages"],
      ['duplicates=yes', "The duplicates filter must be 'only'"],
      ['from=2026-02-31', 'Dates must be days as YYYY-MM-DD'],
      ['to=31.10.2026', 'Dates must be days as YYYY-MM-DD'],
      ['from=2026-10-02&to=2026-10-01', 'The end date must not be before the start date'],
      ['recruiterId=marisol', 'Please choose a valid recruiter'],
    ];
    for (const [query, message] of cases) {
      const res = await get(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toBe(message);
    }
    const bulk = await t.app.inject({
      method: 'POST',
      url: '/api/admin/creators/bulk',
      headers,
      payload: {
        action: 'status',
        status: 'cancelled',
        matching: { status: 'pending', from: '2026-10-02', to: '2026-10-01' },
      },
    });
    expect(bulk.statusCode).toBe(400);
    expect(bulk.json().message).toBe('The end date must not be before the start date');
  });
});
