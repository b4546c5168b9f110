import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activityLog } from '#server/db/schema.ts';
import type { Tag } from '#shared/replies/tags.ts';
import { insertCreator } from '#tests/factories.ts';
import { insertCompleteCreator } from '#tests/fixtures/creators.ts';
import { type AdminHeaders, setUpTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { unzip } from '#tests/setup/unzip.ts';

async function tagsOf(t: TestApp, headers: AdminHeaders): Promise<Tag[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/admin/tags', headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().tags;
}

const define = (t: TestApp, headers: AdminHeaders, name: string, color = 'violet') =>
  t.app.inject({ method: 'POST', url: '/api/admin/tags', headers, payload: { name, color } });

const retag = (t: TestApp, headers: AdminHeaders, creatorId: string, change: object) =>
  t.app.inject({ method: 'POST', url: `/api/admin/creators/${creatorId}/tags`, headers, payload: change });

describe('tags (decision 063)', () => {
  const t = setUpTestApp();
  const owner = t.headers;
  const rafael = t.signedInAs({ username: 'rafael', password: 'a long test password', role: 'reviewer' });

  it('lets owners define, rename, recolour and delete tags; names stay unique whatever their case', async () => {
    const vip = await define(t, owner, 'VIP', 'amber');
    expect(vip.statusCode, vip.body).toBe(201);
    expect(vip.json()).toMatchObject({ name: 'VIP', color: 'amber', count: 0 });
    expect((await define(t, owner, 'vip')).json().fields).toEqual({ name: 'A tag with this name already exists' });
    expect((await define(t, owner, 'Hot lead', 'neon')).json().message).toBe('Please choose one of the colours');
    expect((await define(t, rafael, 'Reviewer tag')).statusCode).toBe(403);
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/tags/${vip.json().id}`,
      headers: owner,
      payload: { name: 'VIP — top earner', color: 'red' },
    });
    expect(renamed.json()).toMatchObject({ name: 'VIP — top earner', color: 'red' });
    const doomed = (await define(t, owner, 'Temporary')).json();
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/admin/tags/${doomed.id}`, headers: owner })).statusCode,
    ).toBe(204);
    expect((await tagsOf(t, rafael)).map((tag) => tag.name)).toEqual(['VIP — top earner']);
  });

  it('lets any admin tag one creator, writes who and which, and filters the list and the CSV by tag', async () => {
    const spanish = (await define(t, owner, 'Spanish desk', 'green')).json();
    const vip = (await tagsOf(t, owner)).find((tag) => tag.name.startsWith('VIP'));
    const { creator } = await insertCompleteCreator(t);
    const other = await insertCreator(t.database.db, { name: 'Anastasia Volkova' });

    const res = await retag(t, rafael, creator.creatorId, { add: [spanish.id, vip?.id] });
    expect(res.json()).toEqual({ changed: [creator.creatorId], unchanged: [], notFound: [] });
    const [entry] = await t.database.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.action, 'Tags changed'))
      .limit(1);
    expect(entry).toMatchObject({ performedBy: 'rafael' });
    const added = (entry?.additionalInfo as { added?: string[] } | undefined)?.added ?? [];
    expect([...added].sort()).toEqual(['Spanish desk', 'VIP — top earner']);

    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/admin/creators/${creator.creatorId}`,
      headers: owner,
    });
    expect([...detail.json().creator.tagIds].sort()).toEqual([spanish.id, vip?.id].sort());
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/admin/creators/status/${creator.status}?tag=${spanish.id}`,
      headers: owner,
    });
    expect(page.json().items.map((c: { creatorId: string }) => c.creatorId)).toEqual([creator.creatorId]);
    expect(page.json().total).toBe(1);
    const untagged = await t.app.inject({
      method: 'GET',
      url: `/api/admin/creators/status/pending?tag=${spanish.id}&q=Anastasia`,
      headers: owner,
    });
    expect(untagged.json().items).toEqual([]);
    expect(other.creatorId).toBeTruthy();

    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/admin/creators/export.csv?tag=${spanish.id}`,
      headers: owner,
    });
    const lines = csv.body.trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain(',Assignee,Tags,Cancel Reason,');
    expect(lines[1]).toContain(',"Spanish desk; VIP — top earner",');

    const zip = await t.app.inject({
      method: 'GET',
      url: `/api/admin/creators/${creator.creatorId}/export.zip`,
      headers: owner,
    });
    const files = await unzip(zip.rawPayload);
    const document = JSON.parse(files.get('creator.json')?.toString() ?? '{}');
    expect(document.tags).toEqual(['Spanish desk', 'VIP — top earner']);

    // Taking one off, and the same change again: the second changes nothing and writes nothing.
    await retag(t, owner, creator.creatorId, { remove: [spanish.id] });
    expect((await retag(t, owner, creator.creatorId, { remove: [spanish.id] })).json().unchanged).toEqual([
      creator.creatorId,
    ]);
  });

  it('tags in bulk and refuses an unknown tag or an empty change, changing nothing', async () => {
    const [a, b] = [await insertCreator(t.database.db), await insertCreator(t.database.db)];
    const hot = (await define(t, owner, 'Hot lead', 'pink')).json();
    const unknown = await retag(t, owner, a.creatorId, { add: ['4b0f1d4e-7b5c-4f7e-8a44-0b1c9e2d3f40'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('This tag does not exist; reload to see the current ones');
    expect((await retag(t, owner, a.creatorId, {})).json().message).toBe('Please choose a tag to add or remove');

    const bulk = await t.app.inject({
      method: 'POST',
      url: '/api/admin/creators/bulk-tags',
      headers: rafael,
      payload: { creatorIds: [a.creatorId, b.creatorId, 'RC-NOTHERE'], add: [hot.id] },
    });
    expect(bulk.json()).toEqual({
      changed: [a.creatorId, b.creatorId],
      unchanged: [],
      notFound: ['RC-NOTHERE'],
    });
    expect((await tagsOf(t, owner)).find((tag) => tag.id === hot.id)?.count).toBe(2);
    // Deleting the tag takes it off both.
    await t.app.inject({ method: 'DELETE', url: `/api/admin/tags/${hot.id}`, headers: owner });
    const detail = await t.app.inject({ method: 'GET', url: `/api/admin/creators/${a.creatorId}`, headers: owner });
    expect(detail.json().creator.tagIds).toEqual([]);
  });
});
