import { beforeEach, describe, expect, it } from 'vitest';
import { recruiters } from '#server/db/schema.ts';
import { insertRecruiter } from '#tests/factories.ts';
import { setUpTestApp } from '#tests/setup/test-app.ts';

const t = setUpTestApp();
const { headers } = t;

const list = () => t.app.inject({ method: 'GET', url: '/api/recruiters' });

/** Recruiter changes go through the admin calls, as staff make them; those refresh the public list. */
async function addRecruiter(name: string, email: string | null = null): Promise<{ id: string }> {
  const res = await t.app.inject({ method: 'POST', url: '/api/admin/recruiters', headers, payload: { name, email } });
  expect(res.statusCode).toBe(201);
  return res.json();
}

async function deleteRecruiter(id: string): Promise<void> {
  const res = await t.app.inject({ method: 'DELETE', url: `/api/admin/recruiters/${id}`, headers });
  expect(res.statusCode).toBe(200);
}

// Staff cannot delete the last recruiter, so each test starts from a table emptied behind the server's back, and a
// refused admin change (which refreshes the list, as the test below shows) makes the server read it again.
beforeEach(async () => {
  await t.database.db.delete(recruiters);
  const refused = await t.app.inject({ method: 'POST', url: '/api/admin/recruiters', headers, payload: { name: '' } });
  expect(refused.statusCode).toBe(400);
});

describe('GET /api/recruiters', () => {
  it('answers an empty list when the table holds none', async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('lists id and name only, by name in any letter case, without signing in', async () => {
    const zoe = await addRecruiter('Zoe', 'zoe@agency.test');
    const ana = await addRecruiter('ana', 'ana@agency.test');
    const bo = await addRecruiter('Bo');

    const res = await list();

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { id: ana.id, name: 'ana' },
      { id: bo.id, name: 'Bo' },
      { id: zoe.id, name: 'Zoe' },
    ]);
    expect(res.body).not.toContain('@');
    expect(res.body).not.toContain('email');
  });

  it('no longer lists a deleted recruiter', async () => {
    const gone = await addRecruiter('Gone Soon');
    const kept = await addRecruiter('Kept');
    expect((await list()).json()).toHaveLength(2);
    await deleteRecruiter(gone.id);

    expect((await list()).json()).toEqual([{ id: kept.id, name: 'Kept' }]);
  });

  it('answers from memory, and an admin change refreshes it at once', async () => {
    const first = await addRecruiter('First');
    expect((await list()).json()).toEqual([{ id: first.id, name: 'First' }]);
    // Written behind the server's back (another process): the list in memory does not read the table again.
    const hidden = await insertRecruiter(t.database.db, { name: 'Hidden' });
    expect((await list()).json()).toEqual([{ id: first.id, name: 'First' }]);

    // Any admin change, even one that fails, refreshes it.
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/admin/recruiters',
      headers,
      payload: { name: '' },
    });
    expect(refused.statusCode).toBe(400);
    expect((await list()).json()).toEqual([
      { id: first.id, name: 'First' },
      { id: hidden.id, name: 'Hidden' },
    ]);
  });

  it('is not kept by shared caches, like every API reply', async () => {
    const res = await list();
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-type']).toContain('application/json');
  });
});
