import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activityLog } from '#server/db/schema.ts';
import type { BulkResult, Creator, CreatorPage } from '#shared/replies/creators.ts';
import { insertCreator } from '#tests/factories.ts';
import { insertCompleteCreator } from '#tests/fixtures/creators.ts';
import { setUpTestApp } from '#tests/setup/test-app.ts';

const t = setUpTestApp();
const { headers } = t;

const get = (url: string) => t.app.inject({ method: 'GET', url, headers });
const post = (url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });

async function detailOf(creatorId: string): Promise<Creator> {
  const res = await get(`/api/admin/creators/${creatorId}`);
  expect(res.statusCode).toBe(200);
  return res.json().creator;
}

/** The creator as the status page, its search and the whole status list show her. */
async function listedAs(creator: Creator): Promise<Creator[]> {
  const base = `/api/admin/creators/status/${creator.status}`;
  const page = (await get(`${base}?page=first`)).json() as CreatorPage;
  const found = (await get(`${base}?q=${creator.creatorId}`)).json() as CreatorPage;
  const all = (await get(base)).json() as Creator[];
  return [page.items, found.items, all].map((items) => {
    const item = items.find((each) => each.id === creator.id);
    if (!item) throw new Error(`${creator.creatorId} is not listed`);
    return item;
  });
}

async function latestLinkEntry(id: string, action: string): Promise<string> {
  const entries = await t.database.db
    .select()
    .from(activityLog)
    .where(and(eq(activityLog.creatorId, id), eq(activityLog.action, action)));
  const latest = entries.map((entry) => entry.timestamp.getTime()).sort((a, b) => b - a)[0];
  return new Date(latest ?? 0).toISOString();
}

describe('when the stage-2 link was sent and when it expires, in lists and details', () => {
  it('are empty before any link, and carry the language she applied in', async () => {
    const row = await insertCreator(t.database.db, { locale: 'ru' });
    const detail = await detailOf(row.creatorId);
    expect(detail).toMatchObject({ locale: 'ru', stage2LinkSentAt: null, stage2LinkExpiresAt: null });
    for (const item of await listedAs(detail)) expect(item).toEqual(detail);
  });

  it('say when the link was made and when it stops working, then the new ones after Send Again', async () => {
    const row = await insertCreator(t.database.db);
    const first = (await post(`/api/admin/creators/${row.creatorId}/send-stage2`)).json();
    const sent = await detailOf(row.creatorId);
    expect(sent).toMatchObject({
      status: 'stage2_sent',
      stage2LinkSentAt: await latestLinkEntry(row.id, 'Stage 2 link generated'),
      stage2LinkExpiresAt: first.expiresAt,
    });
    for (const item of await listedAs(sent)) expect(item).toEqual(sent);

    await new Promise((resolve) => setTimeout(resolve, 5));
    const again = (await post(`/api/admin/creators/${row.creatorId}/send-stage2`)).json();
    const resent = await detailOf(row.creatorId);
    expect(resent.stage2LinkExpiresAt).toBe(again.expiresAt);
    expect(resent.stage2LinkSentAt).toBe(await latestLinkEntry(row.id, 'Stage 2 link regenerated'));
    expect(Date.parse(resent.stage2LinkSentAt ?? '')).toBeGreaterThan(Date.parse(sent.stage2LinkSentAt ?? ''));
    for (const item of await listedAs(resent)) expect(item).toEqual(resent);
  });

  it('stay on a complete creator who answered stage 2, and go once she is listed', async () => {
    const { creator } = await insertCompleteCreator(t);
    const detail = await detailOf(creator.creatorId);
    expect(detail.stage2LinkSentAt).toBe(await latestLinkEntry(creator.id, 'Stage 2 link generated'));
    expect(detail.stage2LinkExpiresAt).toBe(creator.stage2TokenExpiresAt?.toISOString());
    expect(detail.locale).toBe(creator.locale);

    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/creators/${creator.creatorId}/status`,
      headers,
      payload: { status: 'listed', rollickListingUrl: 'https://marketplace.example/c/1' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().creator).toMatchObject({ stage2LinkSentAt: null, stage2LinkExpiresAt: null });
    expect(await detailOf(creator.creatorId)).toMatchObject({ stage2LinkSentAt: null, stage2LinkExpiresAt: null });
  });

  it("are on the dashboard's newest creators too", async () => {
    const row = await insertCreator(t.database.db, { locale: 'de' });
    await post(`/api/admin/creators/${row.creatorId}/send-stage2`);
    const { recent } = (await get('/api/admin/creators/summary')).json() as { recent: Creator[] };
    expect(recent.find((item) => item.id === row.id)).toEqual(await detailOf(row.creatorId));
  });
});

describe('bulk Send Stage 2', () => {
  it("names each link's creator and her contact, so the links can be passed on", async () => {
    const anna = await insertCreator(t.database.db, {
      name: 'Anna Kowalska',
      contactMethod: 'WhatsApp',
      contactInfo: '+48601234567',
      locale: 'ru',
    });
    const res = await post('/api/admin/creators/bulk', { action: 'stage2', creatorIds: [anna.creatorId] });
    expect(res.statusCode, res.body).toBe(200);
    const { links } = res.json() as BulkResult;
    expect(links).toEqual([
      {
        creatorId: anna.creatorId,
        link: expect.stringMatching(new RegExp(`^/stage2/${anna.creatorId}\\?token=`)),
        expiresAt: (await detailOf(anna.creatorId)).stage2LinkExpiresAt,
        name: 'Anna Kowalska',
        contactMethod: 'WhatsApp',
        contactInfo: '+48601234567',
        locale: 'ru',
        language: 'English',
      },
    ]);
  });
});
