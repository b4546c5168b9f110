import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('GET /healthz while the database is busy', () => {
  it('answers before a long query ends, on either database', async () => {
    const order: string[] = [];
    // About a second of work in the database; /healthz needs none.
    const longQuery = t.database.db
      .execute(sql`select count(*) from generate_series(1, 5000000)`)
      .then(() => order.push('query'));

    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    order.push('healthz');
    await longQuery;

    expect(res.statusCode).toBe(200);
    expect(order).toEqual(['healthz', 'query']);
  });
});
