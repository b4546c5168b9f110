import { describe, expect, it } from 'vitest';
import type { SavedView } from '#shared/replies/saved-views.ts';
import { insertCreator } from '#tests/factories.ts';
import { type AdminHeaders, setUpTestApp, type TestApp } from '#tests/setup/test-app.ts';

async function viewsOf(t: TestApp, headers: AdminHeaders): Promise<SavedView[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/admin/views', headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().views;
}

const save = (t: TestApp, headers: AdminHeaders, view: object) =>
  t.app.inject({ method: 'POST', url: '/api/admin/views', headers, payload: view });

const change = (t: TestApp, headers: AdminHeaders, id: string, payload: object) =>
  t.app.inject({ method: 'PATCH', url: `/api/admin/views/${id}`, headers, payload });

const remove = (t: TestApp, headers: AdminHeaders, id: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/admin/views/${id}`, headers });

describe('saved views (decision 063)', () => {
  const t = setUpTestApp();
  const alice = t.headers;
  const rafael = t.signedInAs({ username: 'rafael', password: 'a long test password', role: 'reviewer' });
  const camila = t.signedInAs({ username: 'camila', password: 'a long test password', role: 'reviewer' });

  it('keeps a view personal until it is shared, and then another admin opens it with her own count', async () => {
    for (const [day, name] of ['Lucía Fernández', 'Sofía Ortiz', 'Valentina Ríos'].entries()) {
      await insertCreator(t.database.db, {
        name,
        language: 'Spanish',
        createdAt: new Date(Date.UTC(2026, 10, 2 + day)),
      });
    }
    await insertCreator(t.database.db, { name: 'Anastasia Volkova', language: 'Russian' });
    await insertCreator(t.database.db, { name: 'Carmen Díaz', language: 'Spanish', status: 'listed' });

    const res = await save(t, rafael, {
      name: 'Spanish, November',
      list: 'pending',
      query: { language: 'Spanish', from: '2026-11-01', to: '2026-11-30', sort: 'oldest' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const made: SavedView = res.json();
    expect(made).toMatchObject({
      name: 'Spanish, November',
      list: 'pending',
      query: { sort: 'oldest', language: 'Spanish', from: '2026-11-01', to: '2026-11-30' },
      shared: false,
      mine: true,
      ownerName: 'rafael',
      count: 3,
      countIsExact: true,
    });
    expect(await viewsOf(t, camila)).toEqual([]);

    const shared = await change(t, rafael, made.id, { shared: true });
    expect(shared.json()).toMatchObject({ shared: true });
    const [seen] = await viewsOf(t, camila);
    expect(seen).toMatchObject({ id: made.id, mine: false, ownerName: 'rafael', count: 3 });

    // The list the view opens shows the same creators to her.
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/admin/creators/status/pending?page=first&${new URLSearchParams(seen?.query)}`,
      headers: camila,
    });
    expect(page.json().items.map((item: { name: string }) => item.name)).toEqual([
      'Lucía Fernández',
      'Sofía Ortiz',
      'Valentina Ríos',
    ]);

    expect((await change(t, camila, made.id, { name: 'Mine now' })).statusCode).toBe(403);
    expect((await remove(t, camila, made.id)).json().message).toBe('Only the admin who made this view may change it');
    const taken = await change(t, rafael, made.id, { shared: false });
    expect(taken.json().shared).toBe(false);
    expect(await viewsOf(t, camila)).toEqual([]);
    expect((await change(t, camila, made.id, { shared: true })).statusCode).toBe(404);
  });

  it('reads "mine" as whoever opens a shared view, and counts the board across statuses', async () => {
    const [rafaelId, camilaId] = await Promise.all(
      ['rafael', 'camila'].map(async (username) => {
        const team = await t.app.inject({ method: 'GET', url: '/api/admin/assignees', headers: alice });
        return team.json().assignees.find((a: { username: string }) => a.username === username).id as string;
      }),
    );
    await insertCreator(t.database.db, { name: 'Mei Chen', assigneeId: rafaelId });
    await insertCreator(t.database.db, { name: 'Yuki Tanaka', assigneeId: rafaelId, status: 'listed' });
    await insertCreator(t.database.db, { name: 'Linh Nguyen', assigneeId: camilaId });
    const made = await save(t, rafael, { name: 'My board', list: 'board', query: { assignee: 'me' }, shared: true });
    expect(made.json()).toMatchObject({ count: 2, query: { assignee: 'me' } });
    const seen = (await viewsOf(t, camila)).find((view) => view.name === 'My board');
    expect(seen).toMatchObject({ count: 1, mine: false });
  });

  it('refuses a view it cannot keep with the reason, and lets an owner take a shared view off the list', async () => {
    const cases: [object, string][] = [
      [{ name: '', list: 'pending', query: {} }, 'Please name the view'],
      [{ name: 'Everyone', list: 'archived', query: {} }, 'Please choose a status list or the board'],
      [{ name: 'Bad day', list: 'pending', query: { from: '2026-13-01' } }, 'Dates must be days as YYYY-MM-DD'],
      [
        { name: 'Klingon', list: 'pending', query: { language: 'Klingon' } },
        "The language filter must be one of the form's languages",
      ],
      [{ name: 'Extra', list: 'pending', query: { colour: 'red' } }, 'Unknown field "colour"'],
    ];
    for (const [view, message] of cases) {
      const res = await save(t, camila, view);
      expect(res.statusCode, JSON.stringify(view)).toBe(400);
      expect(res.json().message, JSON.stringify(view)).toBe(message);
    }
    const first = await save(t, camila, { name: 'Due today', list: 'pending', query: { sla: 'due' }, shared: true });
    expect(first.statusCode).toBe(201);
    const again = await save(t, camila, { name: 'due TODAY', list: 'listed', query: {} });
    expect(again.json().fields).toEqual({ name: 'You already have a view with this name' });
    expect(await save(t, rafael, { name: 'Due today', list: 'pending', query: {} })).toHaveProperty('statusCode', 201);

    expect((await remove(t, rafael, first.json().id)).statusCode).toBe(403);
    expect((await remove(t, alice, first.json().id)).statusCode).toBe(204);
    expect((await viewsOf(t, camila)).map((view) => view.name)).not.toContain('Due today');
  });
});
