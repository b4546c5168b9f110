import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { stage2Submissions } from '#server/db/schema.ts';
import { setUpTestApp } from '#tests/setup/test-app.ts';
import { creatorState, getForm, linkedCreator, postForm, resetStage2, validStage2 } from './stage2.test-support.ts';

const t = setUpTestApp();
const { headers } = t;
beforeEach(() => resetStage2(t));

/**
 * A link opened again says when it was used (decision 050): GET /api/stage2/:creatorId answers the moment of
 * the latest submission as existingData.submittedAt, and the link keeps working while stage2_submitted.
 */
describe('GET /api/stage2/:creatorId: when the form was sent', () => {
  it('has no moment before the first submission, then the moment it was sent', async () => {
    const creator = await linkedCreator(t, headers, { name: 'Lucía Fernández', age: 26, hasOnlyFans: 'no' });
    expect((await getForm(t, creator.creatorId, creator.token)).json().existingData).toBeNull();

    const before = Date.now();
    expect((await postForm(t, creator, validStage2({ country: 'Mexico', age: '26' }))).statusCode).toBe(200);
    const after = Date.now();

    const res = await getForm(t, creator.creatorId, creator.token);
    expect(res.statusCode).toBe(200);
    expect(await creatorState(t, creator.id)).toMatchObject({ status: 'stage2_submitted' });
    const { submittedAt, country } = res.json().existingData;
    expect(country).toBe('Mexico');
    expect(submittedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    // The database's clock and this one agree to within a second.
    expect(Date.parse(submittedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(submittedAt)).toBeLessThanOrEqual(after + 1000);
  });

  it('moves to the latest submission when she sends the form again', async () => {
    const creator = await linkedCreator(t, headers, { name: 'Valeria Gómez', age: 31, hasOnlyFans: 'yes' });
    expect((await postForm(t, creator, validStage2())).statusCode).toBe(200);
    // Sent three days ago.
    const sentEarlier = new Date('2026-11-25T18:40:00.000Z');
    await t.database.db
      .update(stage2Submissions)
      .set({ updatedAt: sentEarlier })
      .where(eq(stage2Submissions.creatorId, creator.id));
    const earlier = await getForm(t, creator.creatorId, creator.token);
    expect(earlier.json().existingData.submittedAt).toBe(sentEarlier.toISOString());

    const before = Date.now();
    const again = await postForm(t, creator, validStage2({ agencyPitch: 'I film every week and reply within hours.' }));
    expect(again.statusCode).toBe(200);
    const { submittedAt, agencyPitch } = (await getForm(t, creator.creatorId, creator.token)).json().existingData;
    expect(agencyPitch).toBe('I film every week and reply within hours.');
    expect(Date.parse(submittedAt)).toBeGreaterThanOrEqual(before - 1000);
  });
});
