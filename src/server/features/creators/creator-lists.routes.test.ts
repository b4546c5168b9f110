import { inArray, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { creators } from '#server/db/schema.ts';
import type { CreatorStatus } from '#shared/creator-status.ts';
import type { Creator, CreatorPage } from '#shared/replies/creators.ts';
import { CREATOR_QUERY_MESSAGES } from '#shared/schemas/creator.ts';
import { insertCreator } from '#tests/factories.ts';
import { insertCompleteCreator } from '#tests/fixtures/creators.ts';
import { setUpTestApp } from '#tests/setup/test-app.ts';
import { newCreatorId } from './creator-id.ts';
import { SEARCH_COUNT_CAP } from './creator-search.ts';

const t = setUpTestApp();
const { headers } = t;

const get = (url: string) => t.app.inject({ method: 'GET', url, headers });
const ids = (list: Creator[]) => list.map((creator) => creator.id);

/** Raw SQL rows; both drivers answer with `rows`. */
async function rowsOf<T>(query: SQL): Promise<T[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function page(url: string): Promise<CreatorPage> {
  const res = await get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/**
 * `count` creators of `status` in one statement: one creation time for all of them (now()), so only the
 * id orders them, as happens to rows written together.
 */
async function bulkInsert(status: CreatorStatus, count: number, name: string): Promise<string[]> {
  const rows = await rowsOf<{ id: string }>(sql`
    insert into creators (creator_id, status, name, language, gender, contact_method, contact_info,
                          agency_goals, recruiter_name)
    select 'BULK-' || ${name} || '-' || i, ${status}, ${name} || ' ' || i, 'English', 'Female', 'Email',
           'bulk' || i || '@example.com', 'Grow', 'Walk-in'
    from generate_series(1, ${count}::int) as i
    returning id`);
  return rows.map((row) => row.id);
}

/** Every id of a status list, newest first, as the database orders them. */
async function expectedOrder(status: CreatorStatus): Promise<string[]> {
  const rows = await rowsOf<{ id: string }>(
    sql`select id from creators where status = ${status} order by created_at desc, id desc`,
  );
  return rows.map((row) => row.id);
}

/** Follows `next` from the first page to the end, or `prev` from the last page to the start. */
async function walk(base: string, from: 'first' | 'last'): Promise<{ pages: CreatorPage[]; ids: string[] }> {
  const pages: CreatorPage[] = [];
  let current = await page(`${base}${base.includes('?') ? '&' : '?'}page=${from}`);
  for (;;) {
    pages.push(current);
    const cursor = from === 'first' ? current.next : current.prev;
    if (!cursor) break;
    current = await page(`${base}${base.includes('?') ? '&' : '?'}cursor=${cursor}`);
  }
  const ordered = from === 'first' ? pages : [...pages].reverse();
  return { pages, ids: ordered.flatMap((p) => ids(p.items)) };
}

describe('status lists in the spec shape', () => {
  it('stream every creator of a status exactly once, newest first, past any batch size', async () => {
    await bulkInsert('finalized', 2_345, 'Streamed');
    const res = await get('/api/admin/creators/status/finalized');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const list = res.json() as Creator[];
    expect(list).toHaveLength(2_345);
    expect(new Set(ids(list)).size).toBe(2_345);
    expect(ids(list)).toEqual(await expectedOrder('finalized'));
    expect(list.every((creator) => creator.status === 'finalized' && !('searchText' in creator))).toBe(true);
  });

  it('stream the whole list of every creator the same way', async () => {
    const res = await get('/api/admin/creators');
    const list = res.json() as Creator[];
    const [total] = await rowsOf<{ n: number }>(sql`select count(*)::int as n from creators`);
    expect(list).toHaveLength(Number(total?.n));
    expect(new Set(ids(list)).size).toBe(list.length);
  });

  it('write each creator exactly as the details do, field for field and in the same order', async () => {
    const creator = await insertCreator(t.database.db, {
      status: 'stage2_submitted',
      age: 27,
      country: 'Brazil',
      instagram: '@insta',
      photoKey: `${'c'.repeat(32)}.jpg`,
      rollickListingUrl: 'https://example.com/listing',
    });
    const detail = (await get(`/api/admin/creators/${creator.creatorId}`)).json().creator as Creator;
    const [listed] = (await get('/api/admin/creators/status/stage2_submitted')).json() as Creator[];
    const [paged] = (await page('/api/admin/creators/status/stage2_submitted?page=first')).items;
    for (const item of [listed, paged]) {
      expect(item).toEqual(detail);
      expect(Object.keys(item ?? {})).toEqual(Object.keys(detail));
    }
  });

  it('show a complete creator and their duplicate as the details do, in the list, a page and a search', async () => {
    const { creator, duplicate, files } = await insertCompleteCreator(t);
    for (const person of [creator, duplicate]) {
      const detail = (await get(`/api/admin/creators/${person.creatorId}`)).json().creator as Creator;
      expect(detail).toMatchObject({ status: person.status, hasDuplicates: true });
      const base = `/api/admin/creators/status/${person.status}`;
      const listed = ((await get(base)).json() as Creator[]).find((item) => item.id === person.id);
      const paged = (await page(`${base}?page=first`)).items.find((item) => item.id === person.id);
      const found = await page(`${base}?q=${encodeURIComponent(person.name.split(' ')[0] ?? '')}`);
      expect(ids(found.items)).toContain(person.id);
      for (const item of [listed, paged, found.items.find((hit) => hit.id === person.id)]) {
        expect(item).toEqual(detail);
        expect(Object.keys(item ?? {})).toEqual(Object.keys(detail));
      }
    }
    const [listed] = ((await get('/api/admin/creators/status/stage2_submitted')).json() as Creator[]).filter(
      (item) => item.id === creator.id,
    );
    expect(listed?.confirmationPhotoUrl).toBe(`/api/admin/files/${files.selfie}`);
  });

  it('answer a page as JSON, as they answer the whole list', async () => {
    const res = await get('/api/admin/creators/status/stage2_submitted?page=first');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.json()).toMatchObject({ pageSize: 50, totalIsExact: true, prev: null });
  });

  it('answer an empty array for an empty status', async () => {
    const res = await get('/api/admin/creators/status/cancelled');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });
});

describe('keyset pages of a status list', () => {
  beforeAll(async () => {
    await bulkInsert('matched', 120, 'Matched');
  });

  it('go forward from the first page and back from the last one, in one stable order', async () => {
    const expected = await expectedOrder('matched');
    const forward = await walk('/api/admin/creators/status/matched', 'first');
    expect(forward.pages.map((p) => p.items.length)).toEqual([50, 50, 20]);
    expect(forward.ids).toEqual(expected);
    expect(forward.pages[0]).toMatchObject({ total: 120, totalIsExact: true, pageSize: 50, prev: null });
    expect(forward.pages.at(-1)?.next).toBeNull();

    // The last page is a whole page, the oldest fifty; going back from it meets the rest once each.
    const backward = await walk('/api/admin/creators/status/matched', 'last');
    expect(backward.pages.map((p) => p.items.length)).toEqual([50, 50, 50]);
    expect(backward.pages[0]?.next).toBeNull();
    expect(ids(backward.pages[0]?.items ?? [])).toEqual(expected.slice(-50));
    expect(new Set(backward.ids)).toEqual(new Set(expected));
  });

  it('read each page with its total in one statement, the total right on every page and on an empty list', async () => {
    const dialect = new PgDialect();
    // A commit first, so that the pages the test before read are not given from memory (decision 064).
    await rowsOf(sql`select txid_current()`);
    const execute = vi.spyOn(t.database.db, 'execute');
    try {
      const forward = await walk('/api/admin/creators/status/matched', 'first');
      const backward = await walk('/api/admin/creators/status/matched', 'last');
      const pages = [...forward.pages, ...backward.pages];
      expect(pages.map((p) => p.total)).toEqual(pages.map(() => 120));
      // Statements of the list (its rows or its count), however else the server used the database meanwhile:
      // each reads both (a page that falls back to the first one reads twice), none the count alone.
      const listReads = execute.mock.calls
        .map(([query]) => dialect.sqlToQuery(query as SQL).sql)
        .filter((text) => text.includes('"creator_status_counts"') || text.includes('from "creators"'));
      expect(listReads.length).toBeGreaterThanOrEqual(pages.length);
      for (const text of listReads) {
        expect(text).toContain('"creator_status_counts"');
        expect(text).toContain('from "creators"');
      }
    } finally {
      execute.mockRestore();
    }
    const [listed] = await rowsOf<{ n: number }>(sql`select count(*)::int as n from creators where status = 'listed'`);
    expect(Number(listed?.n)).toBe(0);
    expect(await page('/api/admin/creators/status/listed?page=first')).toEqual({
      items: [],
      next: null,
      prev: null,
      pageSize: 50,
      total: 0,
      totalIsExact: true,
    });
  });

  it('come back to where they were: next then prev is the same page', async () => {
    const first = await page('/api/admin/creators/status/matched?page=first');
    const second = await page(`/api/admin/creators/status/matched?cursor=${first.next}`);
    const again = await page(`/api/admin/creators/status/matched?cursor=${second.prev}`);
    expect(ids(again.items)).toEqual(ids(first.items));
    expect(again.prev).toBeNull();
  });

  it('neither repeat nor skip a creator while others arrive and change status between pages', async () => {
    const expected = await expectedOrder('matched');
    const first = await page('/api/admin/creators/status/matched?page=first');
    // Meanwhile: newer creators arrive and some further down move on to another status.
    await bulkInsert('matched', 30, 'Newcomer');
    const moved = expected.slice(60, 65);
    await t.database.db.update(creators).set({ status: 'finalized' }).where(inArray(creators.id, moved));
    const rest: string[] = [];
    let cursor = first.next;
    while (cursor) {
      const next = await page(`/api/admin/creators/status/matched?cursor=${cursor}`);
      rest.push(...ids(next.items));
      cursor = next.next;
    }
    const remaining = expected.slice(50).filter((id) => !moved.includes(id));
    expect(rest).toEqual(remaining);
    await t.database.db.update(creators).set({ status: 'matched' }).where(inArray(creators.id, moved));
  });

  it('fall back to the nearest end when everything past a cursor has gone', async () => {
    const expected = await expectedOrder('matched');
    const first = await page('/api/admin/creators/status/matched?page=first');
    const older = expected.slice(50);
    await t.database.db.update(creators).set({ status: 'cancelled' }).where(inArray(creators.id, older));
    const next = await page(`/api/admin/creators/status/matched?cursor=${first.next}`);
    expect(ids(next.items)).toEqual(ids(first.items));
    expect(next).toMatchObject({ next: null, prev: null, total: 50 });
    await t.database.db.update(creators).set({ status: 'matched' }).where(inArray(creators.id, older));
  });

  it('refuse a made-up cursor and a page number with 400, and an unknown status with 404', async () => {
    const id = '0b4e7a1c-3f2d-4c5e-9a8b-7c6d5e4f3a2b';
    const madeUp = [
      'abc',
      Buffer.from('a2024-01-01T00:00:00.000000Z|not-a-uuid').toString('base64url'),
      '%25',
      // Times a JS Date lets by and PostgreSQL refuses.
      Buffer.from(`a0000-01-01T00:00:00.000000Z|${id}`).toString('base64url'),
      Buffer.from(`b2026-02-30T10:00:00.000000Z|${id}`).toString('base64url'),
      Buffer.from(`a2026-01-01T24:00:00.000000Z|${id}`).toString('base64url'),
    ];
    for (const cursor of madeUp) {
      const res = await get(`/api/admin/creators/status/matched?cursor=${cursor}`);
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json().message).toBe(CREATOR_QUERY_MESSAGES.cursor);
    }
    for (const number of ['0', '2', 'abc']) {
      const res = await get(`/api/admin/creators/status/matched?page=${number}`);
      expect(res.statusCode, number).toBe(400);
      expect(res.json().message).toBe(CREATOR_QUERY_MESSAGES.page);
    }
    expect((await page('/api/admin/creators/status/matched?page=1')).prev).toBeNull();
    const unknown = await get('/api/admin/creators/status/approved');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: 'Unknown creator status', code: 'NOT_FOUND' });
  });

  it('answer an unknown status with 404 before judging its query', async () => {
    const res = await get('/api/admin/creators/status/approved?page=2&sort=sideways');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: 'Unknown creator status', code: 'NOT_FOUND' });
  });
});

describe('the admin search', () => {
  const listed: Record<string, string> = {};

  beforeAll(async () => {
    const people = [
      { key: 'zoe', name: 'Zoë Lefèvre', contactInfo: '@zoe_lefevre' },
      { key: 'percent', name: 'Ana 100%_Real', contactInfo: 'ana@example.com' },
      { key: 'backslash', name: 'Back\\Slash', contactInfo: 'slash@example.com' },
      { key: 'phone', name: 'Maya Stone', contactInfo: '+44 7700 900123' },
      { key: 'cyrillic', name: 'Ольга Иванова', contactInfo: 'olga@example.com' },
    ];
    for (const person of people) {
      const [row] = await t.database.db
        .insert(creators)
        .values({
          creatorId: newCreatorId(),
          name: person.name,
          language: 'English',
          gender: 'Female',
          contactMethod: 'Telegram',
          contactInfo: person.contactInfo,
          agencyGoals: 'Grow',
          recruiterName: 'Walk-in',
          status: 'listed',
        })
        .returning({ id: creators.id, creatorId: creators.creatorId });
      listed[person.key] = row?.id ?? '';
      listed[`${person.key}Id`] = row?.creatorId ?? '';
    }
  });

  const search = async (q: string, status: CreatorStatus = 'listed') =>
    page(`/api/admin/creators/status/${status}?q=${encodeURIComponent(q)}`);

  it('finds a match in the middle of a name, contact info or Creator ID', async () => {
    expect(ids((await search('efèvr')).items)).toEqual([listed.zoe]);
    expect(ids((await search('7700 900')).items)).toEqual([listed.phone]);
    const creatorId = listed.phoneId ?? '';
    expect(ids((await search(creatorId.slice(4, 9))).items)).toContain(listed.phone);
    expect(ids((await search(creatorId.toLowerCase())).items)).toEqual([listed.phone]);
    expect(ids((await search(`rc ${creatorId.slice(3)}`)).items)).toEqual([listed.phone]);
  });

  it('ignores letter case and accents', async () => {
    for (const q of ['ZOË', 'zoe', 'Zoe LEFEVRE', 'lefèvre']) {
      expect(ids((await search(q)).items), q).toEqual([listed.zoe]);
    }
    expect(ids((await search('ольга')).items)).toEqual([listed.cyrillic]);
    expect(ids((await search('ИВАНОВ')).items)).toEqual([listed.cyrillic]);
  });

  it('treats %, _ and \\ as the characters they are', async () => {
    expect(ids((await search('100%_')).items)).toEqual([listed.percent]);
    expect(ids((await search('0%_r')).items)).toEqual([listed.percent]);
    expect((await search('%')).items.map((c) => c.name)).toEqual(['Ana 100%_Real']);
    expect(ids((await search('_')).items).sort()).toEqual([listed.percent, listed.zoe].sort());
    expect(ids((await search('k\\s')).items)).toEqual([listed.backslash]);
    expect((await search('%%')).total).toBe(0);
  });

  it('stays inside the status asked for and answers an exact total for a few matches', async () => {
    const none = await search('zoe', 'pending');
    expect(none).toEqual({ items: [], total: 0, totalIsExact: true, pageSize: 50, next: null, prev: null });
    expect(await search('example.com')).toMatchObject({ total: 3, totalIsExact: true });
  });

  it('stops counting at the cap and still pages through common matches', async () => {
    await bulkInsert('stage2_sent', SEARCH_COUNT_CAP + 60, 'Common');
    const first = await search('common', 'stage2_sent');
    expect(first).toMatchObject({ total: SEARCH_COUNT_CAP, totalIsExact: false, prev: null });
    expect(first.items).toHaveLength(50);
    const second = await page(`/api/admin/creators/status/stage2_sent?q=common&cursor=${first.next}`);
    expect(second.items).toHaveLength(50);
    expect(new Set([...ids(first.items), ...ids(second.items)]).size).toBe(100);
    const last = await page('/api/admin/creators/status/stage2_sent?q=common&page=last');
    expect(last.next).toBeNull();
    expect(ids(last.items)).toEqual((await expectedOrder('stage2_sent')).slice(-50));
    // A short term has no trigram to look up and is found by reading the list in order.
    expect(await search('co', 'stage2_sent')).toMatchObject({ total: SEARCH_COUNT_CAP, totalIsExact: false });
    expect(await search('n 1060', 'stage2_sent')).toMatchObject({ total: 1, totalIsExact: true });
  });
});
