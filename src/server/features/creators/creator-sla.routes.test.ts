import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { creators } from '#server/db/schema.ts';
import { ADMIN_PAGE_SIZE } from '#shared/limits.ts';
import type { CreatorPage } from '#shared/replies/creators.ts';
import { CREATOR_QUERY_MESSAGES } from '#shared/schemas/creator.ts';
import { insertCreator } from '#tests/factories.ts';
import { setUpTestApp } from '#tests/setup/test-app.ts';

const t = setUpTestApp();
const { headers } = t;
beforeEach(async () => {
  await t.database.db.delete(creators);
});

const HOUR = 3_600_000;
const hoursAgo = (hours: number) => new Date(Date.now() - hours * HOUR);

const get = (url: string) => t.app.inject({ method: 'GET', url, headers });
const summarySla = async () => (await get('/api/admin/creators/summary')).json().sla;

const waitingFor = (hours: number, values: Parameters<typeof insertCreator>[1] = {}) =>
  insertCreator(t.database.db, { createdAt: hoursAgo(hours), ...values });

async function page(url: string): Promise<CreatorPage> {
  const res = await get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const firstActionOf = async (id: string) =>
  (await t.database.db.select().from(creators).where(eq(creators.id, id)))[0]?.firstStaffActionAt ?? null;

describe('GET /api/admin/creators/summary sla', () => {
  it('counts pending creators waiting 24-48 hours as due and longer as overdue', async () => {
    await waitingFor(2);
    await waitingFor(23.5);
    await waitingFor(25);
    await waitingFor(47);
    await waitingFor(49);
    await waitingFor(24 * 10);
    expect(await summarySla()).toEqual({ due: 2, overdue: 2 });
  });

  it('counts none when nothing waits', async () => {
    expect(await summarySla()).toEqual({ due: 0, overdue: 0 });
  });

  it('leaves out creators already acted on and creators past pending', async () => {
    await waitingFor(30, { firstStaffActionAt: hoursAgo(29) });
    await waitingFor(60, { status: 'stage2_sent', firstStaffActionAt: hoursAgo(59) });
    await waitingFor(60, { status: 'listed' });
    await waitingFor(30);
    expect(await summarySla()).toEqual({ due: 1, overdue: 0 });
  });
});

describe('the clock stops at the first staff action', () => {
  const actions: Record<string, (creatorId: string) => Promise<{ statusCode: number; body: string }>> = {
    note: (creatorId) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/creators/${creatorId}/notes`,
        headers,
        payload: { text: 'Called on Telegram, interested' },
      }),
    'stage-2 link': (creatorId) =>
      t.app.inject({ method: 'POST', url: `/api/admin/creators/${creatorId}/send-stage2`, headers }),
    'status change (list directly)': (creatorId) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/admin/creators/${creatorId}/list-directly`,
        headers,
        payload: { rollickListingUrl: 'https://rollick.example/creators/7' },
      }),
  };

  for (const [kind, act] of Object.entries(actions)) {
    it(`stops at a ${kind}`, async () => {
      const creator = await waitingFor(50);
      expect(await summarySla()).toEqual({ due: 0, overdue: 1 });
      const before = Date.now();
      const res = await act(creator.creatorId);
      expect(res.statusCode, res.body).toBeLessThan(300);
      expect(await summarySla()).toEqual({ due: 0, overdue: 0 });
      const stoppedAt = await firstActionOf(creator.id);
      expect(stoppedAt?.getTime()).toBeGreaterThanOrEqual(before - 1000);
    });
  }

  it('stops at a status change through PATCH …/status, and keeps the first time after later actions', async () => {
    const firstAt = hoursAgo(5);
    const creator = await waitingFor(50, { status: 'stage2_submitted', firstStaffActionAt: firstAt });
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/creators/${creator.creatorId}/status`,
      headers,
      payload: { status: 'listed', rollickListingUrl: 'https://rollick.example/creators/8' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await firstActionOf(creator.id))?.getTime()).toBe(firstAt.getTime());
    expect(res.json().creator.firstStaffActionAt).toBe(firstAt.toISOString());
  });

  it('does not stop at a refused action', async () => {
    const creator = await waitingFor(30);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/creators/${creator.creatorId}/notes`,
      headers,
      payload: { text: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(await firstActionOf(creator.id)).toBeNull();
    expect(await summarySla()).toEqual({ due: 1, overdue: 0 });
  });
});

describe('GET /api/admin/creators/status/pending?sort=oldest&sla=', () => {
  it('lists oldest first with keyset paging both ways', async () => {
    const made = [];
    for (let i = 0; i < ADMIN_PAGE_SIZE + 5; i++) made.push(await waitingFor(100 - i));
    const oldestFirst = made.map((creator) => creator.id);
    const first = await page('/api/admin/creators/status/pending?sort=oldest&page=first');
    expect(first.items.map((c) => c.id)).toEqual(oldestFirst.slice(0, ADMIN_PAGE_SIZE));
    expect(first.total).toBe(ADMIN_PAGE_SIZE + 5);
    const second = await page(`/api/admin/creators/status/pending?sort=oldest&cursor=${first.next}`);
    expect(second.items.map((c) => c.id)).toEqual(oldestFirst.slice(ADMIN_PAGE_SIZE));
    expect(second.next).toBeNull();
    const back = await page(`/api/admin/creators/status/pending?sort=oldest&cursor=${second.prev}`);
    expect(back.items.map((c) => c.id)).toEqual(first.items.map((c) => c.id));
    const last = await page('/api/admin/creators/status/pending?sort=oldest&page=last');
    expect(last.items.map((c) => c.id)).toEqual(oldestFirst.slice(-ADMIN_PAGE_SIZE));
  });

  it('narrows the pending list to the due or overdue creators, with their exact total', async () => {
    const due = await waitingFor(30);
    const overdue = [await waitingFor(72), await waitingFor(50)];
    await waitingFor(3);
    await waitingFor(55, { firstStaffActionAt: hoursAgo(1) });
    const dueList = await page('/api/admin/creators/status/pending?sla=due');
    expect(dueList.items.map((c) => c.id)).toEqual([due.id]);
    const overdueList = await page('/api/admin/creators/status/pending?sla=overdue&sort=oldest');
    expect(overdueList.items.map((c) => c.id)).toEqual(overdue.map((c) => c.id));
    expect(overdueList).toMatchObject({ total: 2, totalIsExact: true });
    expect(overdueList.items[0]?.firstStaffActionAt).toBeNull();
  });

  it('refuses a waiting filter on another status, and unknown sorts or filters', async () => {
    const other = await get('/api/admin/creators/status/listed?sla=due');
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe(CREATOR_QUERY_MESSAGES.slaStatus);
    expect((await get('/api/admin/creators/status/pending?sort=sideways')).json().message).toBe(
      CREATOR_QUERY_MESSAGES.sort,
    );
    expect((await get('/api/admin/creators/status/pending?sla=later')).json().message).toBe(CREATOR_QUERY_MESSAGES.sla);
  });
});
