import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { creators, recruiters } from '#server/db/schema.ts';
import type { Creator } from '#shared/replies/creators.ts';
import type { AdminRecruiter } from '#shared/replies/recruiters.ts';
import { CREATOR_QUERY_MESSAGES } from '#shared/schemas/creator.ts';
import { insertCreator, insertRecruiter } from '#tests/factories.ts';
import { setUpTestApp } from '#tests/setup/test-app.ts';
import { ensureHouseRecruiter, listSelectableRecruiters } from './recruiters.service.ts';

const t = setUpTestApp();
const { headers } = t;

const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/admin/recruiters${url}`, headers, ...(payload ? { payload } : {}) });

describe('POST /api/admin/recruiters', () => {
  it('adds a recruiter with an optional e-mail and answers 201', async () => {
    const res = await api('POST', '', { name: '  Maya Lopez ', email: 'maya@example.com' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(String),
      name: 'Maya Lopez',
      email: 'maya@example.com',
      createdAt: expect.any(String),
      applicationsCount: 0,
    });
    const blank = await api('POST', '', { name: 'No Mail', email: '' });
    expect(blank.statusCode).toBe(201);
    expect(blank.json().email).toBeNull();
    expect((await api('POST', '', { name: 'Null Mail', email: null })).json().email).toBeNull();
  });

  it('refuses a duplicate name in any letter case with 409', async () => {
    await api('POST', '', { name: 'Chris Park', email: null });
    const res = await api('POST', '', { name: 'CHRIS park', email: null });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CONFLICT', message: 'A recruiter with this name already exists' });
  });

  it('validates with the spec messages', async () => {
    const noName = await api('POST', '', { name: ' ', email: null });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toBe('Name is required');
    const badEmail = await api('POST', '', { name: 'Valid Name', email: 'not-an-email' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().message).toBe('Invalid email');
  });
});

describe('GET /api/admin/recruiters', () => {
  it('lists recruiters by name (any case) with how many applications name them', async () => {
    const zed = await insertRecruiter(t.database.db, { name: 'zed Last' });
    const abe = await insertRecruiter(t.database.db, { name: 'Abe First', email: 'abe@example.com' });
    await insertCreator(t.database.db, { recruiterId: abe.id, recruiterName: abe.name });
    await insertCreator(t.database.db, { recruiterId: abe.id, recruiterName: abe.name });
    const res = await api('GET', '');
    expect(res.statusCode).toBe(200);
    const list = res.json() as AdminRecruiter[];
    const names = list.map((r) => r.name);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(list.find((r) => r.id === abe.id)).toEqual({
      id: abe.id,
      name: 'Abe First',
      email: 'abe@example.com',
      createdAt: abe.createdAt.toISOString(),
      applicationsCount: 2,
    });
    expect(list.find((r) => r.id === zed.id)?.applicationsCount).toBe(0);
  });

  it('gives the public form id and name only, in the same order', async () => {
    const selectable = await listSelectableRecruiters(t.database.db);
    const admin = (await api('GET', '')).json() as AdminRecruiter[];
    expect(selectable).toEqual(admin.map(({ id, name }) => ({ id, name })));
  });
});

describe('PATCH /api/admin/recruiters/:id', () => {
  it('sets and clears the e-mail', async () => {
    const recruiter = await insertRecruiter(t.database.db);
    const set = await api('PATCH', `/${recruiter.id}`, { email: 'new@example.com' });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ id: recruiter.id, email: 'new@example.com' });
    const cleared = await api('PATCH', `/${recruiter.id}`, { email: null });
    expect(cleared.json().email).toBeNull();
  });

  it('refuses an invalid e-mail with 400 and unknown or malformed ids with 404', async () => {
    const recruiter = await insertRecruiter(t.database.db);
    const bad = await api('PATCH', `/${recruiter.id}`, { email: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Invalid email');
    expect((await api('PATCH', `/${randomUUID()}`, { email: null })).statusCode).toBe(404);
    const malformed = await api('PATCH', '/not-a-uuid', { email: null });
    expect(malformed.statusCode).toBe(404);
    expect(malformed.json()).toMatchObject({ message: 'Recruiter not found', code: 'NOT_FOUND' });
  });
});

describe('checks on every recruiter call', () => {
  it('answers a malformed id with 404 before looking at the body or the query', async () => {
    for (const res of [
      await api('PATCH', '/not-a-uuid', { email: 'nope' }),
      await api('GET', '/not-a-uuid/listings?status=approved'),
      await api('GET', '/not-a-uuid/listings/export.csv?cursor=nonsense'),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ message: 'Recruiter not found', code: 'NOT_FOUND' });
    }
  });

  it('checks a call without a body as an empty one, with the fields’ own messages', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/recruiters', headers });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Name is required', fields: { name: 'Name is required' } });
  });
});

describe('DELETE /api/admin/recruiters/:id', () => {
  it('removes the recruiter from selection; applications keep the name and are counted', async () => {
    const recruiter = await insertRecruiter(t.database.db, { name: 'Leaving Soon' });
    const apps = [
      await insertCreator(t.database.db, { recruiterId: recruiter.id, recruiterName: recruiter.name }),
      await insertCreator(t.database.db, {
        recruiterId: recruiter.id,
        recruiterName: recruiter.name,
        status: 'listed',
      }),
      await insertCreator(t.database.db, { recruiterId: recruiter.id, recruiterName: recruiter.name }),
    ];
    const res = await api('DELETE', `/${recruiter.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      associatedApplicationsCount: 3,
      message: 'Recruiter Leaving Soon deleted. 3 associated applications remain unchanged.',
    });
    expect(await t.database.db.select().from(recruiters).where(eq(recruiters.id, recruiter.id))).toHaveLength(0);
    expect((await listSelectableRecruiters(t.database.db)).some((r) => r.id === recruiter.id)).toBe(false);
    for (const app of apps) {
      const [row] = await t.database.db.select().from(creators).where(eq(creators.id, app.id));
      expect(row).toMatchObject({ recruiterName: 'Leaving Soon', recruiterId: null, status: app.status });
    }
    expect((await api('DELETE', `/${recruiter.id}`)).statusCode).toBe(404);
  });

  it('reports zero for a recruiter without applications', async () => {
    const recruiter = await insertRecruiter(t.database.db);
    expect((await api('DELETE', `/${recruiter.id}`)).json().associatedApplicationsCount).toBe(0);
    expect((await api('DELETE', '/123')).statusCode).toBe(404);
  });
});

describe('the recruiter list is never emptied', () => {
  it('refuses to delete the last recruiter, says why, and keeps it', async () => {
    await t.database.db.delete(recruiters);
    const house = await insertRecruiter(t.database.db, { name: 'Rollick team' });
    const res = await api('DELETE', `/${house.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'CONFLICT',
      message: 'The last recruiter cannot be deleted: applicants must choose one. Add another recruiter first.',
    });
    expect(await t.database.db.select({ id: recruiters.id }).from(recruiters)).toEqual([{ id: house.id }]);
  });

  it('takes two deletes of the last two in turn: one wins, the other is refused', async () => {
    await t.database.db.delete(recruiters);
    const anna = await insertRecruiter(t.database.db, { name: 'Anna Kowalska' });
    const house = await insertRecruiter(t.database.db, { name: 'Rollick team' });
    const replies = await Promise.all([api('DELETE', `/${anna.id}`), api('DELETE', `/${house.id}`)]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await t.database.db.select().from(recruiters)).toHaveLength(1);
  });
});

describe('ensureHouseRecruiter', () => {
  it('adds "<brand> team" when there is no recruiter, once, and never beside existing ones', async () => {
    await t.database.db.delete(recruiters);
    const [first, second] = await Promise.all([
      ensureHouseRecruiter(t.database.db, 'Velvet Agency'),
      ensureHouseRecruiter(t.database.db, 'Velvet Agency'),
    ]);
    expect([first, second].filter(Boolean)).toEqual(['Velvet Agency team']);
    expect((await t.database.db.select().from(recruiters)).map((r) => r.name)).toEqual(['Velvet Agency team']);
    expect(await ensureHouseRecruiter(t.database.db, 'Velvet Agency')).toBeNull();

    await t.database.db.delete(recruiters);
    await insertRecruiter(t.database.db, { name: 'Marta Ruiz' });
    expect(await ensureHouseRecruiter(t.database.db, 'Velvet Agency')).toBeNull();
    expect((await t.database.db.select().from(recruiters)).map((r) => r.name)).toEqual(['Marta Ruiz']);
  });
});

describe('GET /api/admin/recruiters/:id/listings', () => {
  it('answers the listings, filtered by status, with the total over all statuses', async () => {
    const recruiter = await insertRecruiter(t.database.db);
    const other = await insertRecruiter(t.database.db);
    const mine = { recruiterId: recruiter.id, recruiterName: recruiter.name };
    const a = await insertCreator(t.database.db, { ...mine, createdAt: new Date('2024-03-01T00:00:00Z') });
    const b = await insertCreator(t.database.db, {
      ...mine,
      status: 'listed',
      createdAt: new Date('2024-03-02T00:00:00Z'),
    });
    const c = await insertCreator(t.database.db, { ...mine, createdAt: new Date('2024-03-03T00:00:00Z') });
    await insertCreator(t.database.db, { recruiterId: other.id, recruiterName: other.name });

    const all = await api('GET', `/${recruiter.id}/listings`);
    expect(all.statusCode).toBe(200);
    expect(all.json().totalCount).toBe(3);
    expect((all.json().listings as Creator[]).map((l) => l.id)).toEqual([c.id, b.id, a.id]);
    expect(all.json().listings[0]).toMatchObject({ creatorId: c.creatorId, recruiter: recruiter.name });

    const pending = (await api('GET', `/${recruiter.id}/listings?status=pending`)).json();
    expect(pending.totalCount).toBe(3);
    expect((pending.listings as Creator[]).map((l) => l.id)).toEqual([c.id, a.id]);

    const none = (await api('GET', `/${recruiter.id}/listings?status=finalized`)).json();
    expect(none).toEqual({ listings: [], totalCount: 3 });
    expect((await api('GET', `/${recruiter.id}/listings?status=`)).json().listings).toHaveLength(3);
  });

  it('refuses an invalid status with 400 and an unknown recruiter with 404', async () => {
    const recruiter = await insertRecruiter(t.database.db);
    const bad = await api('GET', `/${recruiter.id}/listings?status=approved`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Please choose a valid status');
    expect((await api('GET', `/${randomUUID()}/listings`)).statusCode).toBe(404);
    expect((await api('GET', `/${randomUUID()}/listings?page=first`)).statusCode).toBe(404);
    expect((await api('GET', '/zzz/listings')).statusCode).toBe(404);
  });

  it('pages through many listings by keyset, forward and back, with the filtered total', async () => {
    const recruiter = await insertRecruiter(t.database.db);
    const statuses = ['pending', 'listed', 'matched'] as const;
    // 130 applications written in one statement share one creation time; the id orders them.
    const rows = await t.database.db
      .insert(creators)
      .values(
        Array.from({ length: 130 }, (_, i) => ({
          creatorId: `RC-PAGE${String(i).padStart(4, '0')}`,
          name: `Paged ${i}`,
          language: 'English',
          gender: 'Female',
          contactMethod: 'Email',
          contactInfo: `paged${i}@example.com`,
          agencyGoals: 'Grow',
          recruiterId: recruiter.id,
          recruiterName: recruiter.name,
          status: statuses[i % 3],
        })),
      )
      .returning({ id: creators.id, status: creators.status });
    const newestFirst = rows
      .map((row) => row.id)
      .sort()
      .reverse();

    const seen: string[] = [];
    let page = (await api('GET', `/${recruiter.id}/listings?page=first`)).json();
    expect(page).toMatchObject({ totalCount: 130, total: 130, totalIsExact: true, pageSize: 50, prev: null });
    for (;;) {
      seen.push(...(page.listings as Creator[]).map((l) => l.id));
      if (!page.next) break;
      page = (await api('GET', `/${recruiter.id}/listings?cursor=${page.next}`)).json();
    }
    expect(seen).toEqual(newestFirst);

    const last = (await api('GET', `/${recruiter.id}/listings?page=last`)).json();
    expect((last.listings as Creator[]).map((l) => l.id)).toEqual(newestFirst.slice(-50));
    const before = (await api('GET', `/${recruiter.id}/listings?cursor=${last.prev}`)).json();
    expect((before.listings as Creator[]).map((l) => l.id)).toEqual(newestFirst.slice(-100, -50));

    const listed = (await api('GET', `/${recruiter.id}/listings?status=listed&page=first`)).json();
    const listedIds = rows.filter((row) => row.status === 'listed').map((row) => row.id);
    expect(listed).toMatchObject({ totalCount: 130, total: listedIds.length, next: null });
    expect((listed.listings as Creator[]).map((l) => l.id)).toEqual(listedIds.sort().reverse());
  });

  it('streams the unpaged listings of a large recruiter whole, in the spec shape', async () => {
    const recruiter = await insertRecruiter(t.database.db);
    await t.database.db.insert(creators).values(
      Array.from({ length: 1_200 }, (_, i) => ({
        creatorId: `RC-MANY${String(i).padStart(4, '0')}`,
        name: `Many ${i}`,
        language: 'English',
        gender: 'Female',
        contactMethod: 'Email',
        contactInfo: `many${i}@example.com`,
        agencyGoals: 'Grow',
        recruiterId: recruiter.id,
        recruiterName: recruiter.name,
      })),
    );
    const res = await api('GET', `/${recruiter.id}/listings`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['listings', 'totalCount']);
    expect(body.totalCount).toBe(1_200);
    expect(new Set((body.listings as Creator[]).map((l) => l.id)).size).toBe(1_200);
  });

  it('refuses a made-up cursor with 400', async () => {
    const recruiter = await insertRecruiter(t.database.db);
    const res = await api('GET', `/${recruiter.id}/listings?cursor=nonsense`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(CREATOR_QUERY_MESSAGES.cursor);
  });
});
