import { eq, inArray } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { activityLog, creatorRemovals, creators, outboxEvents, stage2Submissions } from '#server/db/schema.ts';
import { insertCompleteCreator } from '#tests/fixtures/creators.ts';
import { setUpTestApp } from '#tests/setup/test-app.ts';
import { addRecruiter, apply, erase, getPage, resetApplicants, tokenOf } from './applicant-page.test-support.ts';

const t = setUpTestApp();
const { headers } = t;
beforeAll(() => addRecruiter(t));
beforeEach(() => resetApplicants(t));

async function fileExists(key: string): Promise<boolean> {
  return (await t.store.get(key)) !== null;
}

/** Staff's real "new page link" call: a creator built by the services gets her page's token from it. */
async function pageTokenFor(creatorId: string): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: `/api/admin/creators/${creatorId}/page-link`, headers });
  expect(res.statusCode).toBe(200);
  return tokenOf(res.json().link);
}

describe('POST /api/me/:creatorId/erase', () => {
  it('removes her as a delete does: row, stage 2, log, events, files and the duplicate badge; one audit row stays', async () => {
    const complete = await insertCompleteCreator(t);
    const { creator, duplicate, files } = complete;
    expect(duplicate.hasDuplicates).toBe(true);
    const token = await pageTokenFor(creator.creatorId);
    const keys = [files.selfie, files.revenueScreenshot, ...files.images];
    for (const key of keys) expect(await fileExists(key)).toBe(true);

    // Typed in her own way: lower case, without the dash.
    const res = await erase(t, creator.creatorId, token, ` ${creator.creatorId.replace('-', '').toLowerCase()} `);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });

    const { db } = t.database;
    expect(await db.select().from(creators).where(eq(creators.id, creator.id))).toEqual([]);
    expect(await db.select().from(stage2Submissions).where(eq(stage2Submissions.creatorId, creator.id))).toEqual([]);
    expect(await db.select().from(activityLog).where(eq(activityLog.creatorId, creator.id))).toEqual([]);
    expect(await db.select().from(outboxEvents).where(eq(outboxEvents.creatorId, creator.id))).toEqual([]);
    for (const key of keys) expect(await fileExists(key)).toBe(false);
    // The one she alone matched is no longer marked a possible duplicate.
    const [other] = await db.select().from(creators).where(eq(creators.id, duplicate.id));
    expect(other?.hasDuplicates).toBe(false);

    const audit = await db.select().from(creatorRemovals).where(eq(creatorRemovals.creatorId, creator.creatorId));
    expect(audit).toEqual([
      {
        id: expect.any(String),
        creatorId: creator.creatorId,
        statusAtRemoval: 'stage2_submitted',
        reason: 'erased_by_applicant',
        removedAt: expect.any(Date),
      },
    ]);
    const written = JSON.stringify(audit);
    for (const personal of [creator.name, creator.contactInfo, files.selfie]) expect(written).not.toContain(personal);

    // Her link is as dead as any other now.
    const after = await getPage(t, creator.creatorId, token);
    expect(after.statusCode).toBe(404);
    expect(after.json()).toMatchObject({ message: 'This link is not valid', code: 'NOT_FOUND' });
  });

  it('refuses without her typed Creator ID, and removes nothing', async () => {
    const applicant = await apply(t);
    const [before] = await t.database.db.select().from(creators).where(eq(creators.id, applicant.id));

    for (const typed of ['', 'RC-00000000', 'yes, erase everything']) {
      const res = await erase(t, applicant.creatorId, applicant.token, typed);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        message: 'Please type your Creator ID exactly as shown',
        fields: { confirmation: 'Please type your Creator ID exactly as shown' },
      });
    }
    const missing = await t.app.inject({
      method: 'POST',
      url: `/api/me/${applicant.creatorId}/erase?token=${applicant.token}`,
      payload: {},
    });
    expect(missing.statusCode).toBe(400);

    const rows = await t.database.db
      .select()
      .from(creators)
      .where(inArray(creators.id, [applicant.id]));
    expect(rows).toHaveLength(1);
    expect(before?.photoKey && (await fileExists(before.photoKey))).toBe(true);
    expect(await t.database.db.select().from(creatorRemovals)).toEqual([]);
  });
});
