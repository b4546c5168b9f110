import { randomBytes } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { creators } from '#server/db/schema.ts';
import { insertCreator } from '#tests/factories.ts';
import { setUpTestApp } from '#tests/setup/test-app.ts';

const t = setUpTestApp();
const { headers } = t;

let people = 0;

/**
 * Three applications: the record that stays (A) and the one merged into it (B) share a selfie; B and C share an
 * e-mail address, so C is a possible duplicate of B only. All three carry the badge, as the lists show them.
 */
async function threeApplications() {
  people++;
  const shared = `lena.${people}@example.com`;
  // A selfie of her own: random hashes differ in about 32 of 64 bits, far beyond the match distance.
  const photoHash = randomBytes(8).readBigInt64BE();
  const { db } = t.database;
  const a = await insertCreator(db, {
    name: 'Lena Hoffmann',
    contactInfo: `lena.hoffmann.${people}@example.com`,
    photoHash,
    hasDuplicates: true,
  });
  const b = await insertCreator(db, { name: 'Lena H.', contactInfo: shared, photoHash, hasDuplicates: true });
  const c = await insertCreator(db, { name: 'L. Hoffmann', contactInfo: shared.toUpperCase(), hasDuplicates: true });
  return { a, b, c };
}

async function marks(...ids: string[]): Promise<Record<string, boolean>> {
  const rows = await t.database.db
    .select({ id: creators.id, hasDuplicates: creators.hasDuplicates })
    .from(creators)
    .where(inArray(creators.id, ids));
  return Object.fromEntries(rows.map((row) => [row.id, row.hasDuplicates]));
}

const merge = (into: string, body: object) =>
  t.app.inject({ method: 'POST', url: `/api/admin/creators/${into}/merge`, headers, payload: body });

describe('POST /api/admin/creators/:creatorId/merge and the "Possible duplicate" marks', () => {
  it('takes the mark from a record that only the removed one matched', async () => {
    const { a, b, c } = await threeApplications();
    const res = await merge(a.creatorId, { from: b.creatorId, fields: { contact: 'into' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().creator.hasDuplicates).toBe(false);
    expect(await marks(a.id, c.id)).toEqual({ [a.id]: false, [c.id]: false });
  });

  it('keeps it, and marks the record that stays, when the contact they share is the one kept', async () => {
    const { a, b, c } = await threeApplications();
    const res = await merge(a.creatorId, { from: b.creatorId, fields: { contact: 'from' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().creator).toMatchObject({ contactInfo: b.contactInfo, hasDuplicates: true });
    expect(await marks(a.id, c.id)).toEqual({ [a.id]: true, [c.id]: true });
    const detail = await t.app.inject({ method: 'GET', url: `/api/admin/creators/${a.creatorId}`, headers });
    expect(detail.json().duplicates).toEqual([
      { creatorId: c.creatorId, name: c.name, status: 'pending', reasons: ['contact'] },
    ]);
  });
});
