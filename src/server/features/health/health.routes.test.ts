import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setUpTestApp } from '#tests/setup/test-app.ts';

const t = setUpTestApp({ signedIn: false });

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
