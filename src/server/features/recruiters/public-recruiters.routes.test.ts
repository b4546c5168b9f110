import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { recruiters } from '#server/db/schema.ts';
import { insertRecruiter } from '../../../../tests/factories.ts';
import { buildTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.delete(recruiters);
});

const list = () => t.app.inject({ method: 'GET', url: '/api/recruiters' });

describe('GET /api/recruiters', () => {
  it('answers an empty list when there are no recruiters', async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('lists id and name only, by name in any letter case, without signing in', async () => {
    const zoe = await insertRecruiter(t.database.db, { name: 'Zoe', email: 'zoe@agency.test' });
    const ana = await insertRecruiter(t.database.db, { name: 'ana', email: 'ana@agency.test' });
    const bo = await insertRecruiter(t.database.db, { name: 'Bo' });

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
    const gone = await insertRecruiter(t.database.db, { name: 'Gone Soon' });
    const kept = await insertRecruiter(t.database.db, { name: 'Kept' });
    await t.database.db.delete(recruiters).where(eq(recruiters.id, gone.id));

    expect((await list()).json()).toEqual([{ id: kept.id, name: 'Kept' }]);
  });

  it('is not kept by shared caches, like every API reply', async () => {
    const res = await list();
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-type']).toContain('application/json');
  });
});
