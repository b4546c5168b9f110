import { and, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { activityLog, creators, outboxEvents } from '#server/db/schema.ts';
import { syntheticSelfie } from '#tests/fixtures/images.ts';
import { filePart } from '#tests/setup/multipart.ts';
import { setUpTestApp } from '#tests/setup/test-app.ts';
import { unzip } from '#tests/setup/unzip.ts';
import { getForm, postForm, sendStage2, validStage2 } from '../stage2/stage2.test-support.ts';
import { WITHDRAWN_ACTIVITY, WITHDRAWN_REASON } from './applicant-page.service.ts';
import {
  type Applicant,
  addRecruiter,
  apply,
  download,
  getPage,
  resetApplicants,
  withdraw,
} from './applicant-page.test-support.ts';

const t = setUpTestApp();
const { headers } = t;
beforeAll(() => addRecruiter(t));
beforeEach(() => resetApplicants(t));

const LISTING = 'https://marketplace.rollick.example/creators/valentina-rios';

async function staff(method: 'PATCH' | 'POST', path: string, payload?: object) {
  const res = await t.app.inject({ method, url: `/api/admin/creators/${path}`, headers, payload });
  if (res.statusCode !== 200) throw new Error(`${method} ${path}: ${res.statusCode} ${res.body}`);
}

const moveTo = (creatorId: string, status: string, extra: object = {}) =>
  staff('PATCH', `${creatorId}/status`, { status, ...extra });

async function pageOf(applicant: Applicant) {
  const res = await getPage(t, applicant.creatorId, applicant.token);
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  expect(res.headers['referrer-policy']).toBe('no-referrer');
  return res.json();
}

const statesOf = (page: { timeline: { step: string; state: string }[] }) =>
  Object.fromEntries(page.timeline.map((item) => [item.step, item.state]));

describe('GET /api/me/:creatorId', () => {
  it('shows a new application as applied and in review, and nothing of her contact details', async () => {
    const applicant = await apply(t);
    const page = await pageOf(applicant);
    const [row] = await t.database.db.select().from(creators).where(eq(creators.id, applicant.id));

    expect(page).toEqual({
      creatorId: applicant.creatorId,
      name: 'Valentina Ríos',
      status: 'pending',
      appliedAt: row?.createdAt.toISOString(),
      timeline: [
        { step: 'applied', state: 'current', at: row?.createdAt.toISOString() },
        { step: 'stage2', state: 'upcoming', at: null },
        { step: 'listed', state: 'upcoming', at: null },
        { step: 'matched', state: 'upcoming', at: null },
      ],
      outcome: null,
      asked: { kind: 'nothing' },
      canWithdraw: true,
      linkExpiresAt: row?.pageTokenExpiresAt?.toISOString(),
    });
    expect(JSON.stringify(page)).not.toContain('@example.com');
    // The link works for APPLICANT_PAGE_DAYS (180 by default) from the application.
    const days = ((row?.pageTokenExpiresAt?.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)) / 86_400_000;
    expect(Math.round(days)).toBe(180);
  });

  it('follows her through every status, in steps and dates, and asks for stage 2 while its link is live', async () => {
    const applicant = await apply(t);
    const stage2Token = await sendStage2(t, headers, applicant.creatorId);

    let page = await pageOf(applicant);
    expect(statesOf(page)).toEqual({ applied: 'done', stage2: 'current', listed: 'upcoming', matched: 'upcoming' });
    expect(page.timeline[1].at).toEqual(expect.any(String));
    expect(page.asked).toEqual({ kind: 'stage2', sentBy: 'Email', expiresAt: expect.any(String) });

    const sent = await postForm(t, { creatorId: applicant.creatorId, token: stage2Token }, validStage2());
    expect(sent.statusCode).toBe(200);
    page = await pageOf(applicant);
    expect(page.status).toBe('stage2_submitted');
    expect(statesOf(page)).toEqual({ applied: 'done', stage2: 'current', listed: 'upcoming', matched: 'upcoming' });
    // Answered: nothing more is asked of her.
    expect(page.asked).toEqual({ kind: 'nothing' });

    await moveTo(applicant.creatorId, 'listed', { rollickListingUrl: LISTING });
    page = await pageOf(applicant);
    expect(statesOf(page)).toEqual({ applied: 'done', stage2: 'done', listed: 'current', matched: 'upcoming' });

    await moveTo(applicant.creatorId, 'matched');
    page = await pageOf(applicant);
    expect(statesOf(page)).toEqual({ applied: 'done', stage2: 'done', listed: 'done', matched: 'current' });

    await moveTo(applicant.creatorId, 'finalized');
    page = await pageOf(applicant);
    expect(statesOf(page)).toEqual({ applied: 'done', stage2: 'done', listed: 'done', matched: 'done' });
    expect(page).toMatchObject({ status: 'finalized', outcome: 'finalized', canWithdraw: false });
    expect(page.timeline.every((item: { at: string | null }) => item.at !== null)).toBe(true);
  });

  it('shows stage 2 passed over when staff list her directly, and a staff cancellation as cancelled', async () => {
    const applicant = await apply(t);
    await staff('PATCH', `${applicant.creatorId}/list-directly`, { rollickListingUrl: LISTING });
    let page = await pageOf(applicant);
    expect(statesOf(page)).toEqual({ applied: 'done', stage2: 'skipped', listed: 'current', matched: 'upcoming' });

    await moveTo(applicant.creatorId, 'matched');
    await moveTo(applicant.creatorId, 'cancelled');
    page = await pageOf(applicant);
    expect(statesOf(page)).toEqual({ applied: 'done', stage2: 'skipped', listed: 'done', matched: 'done' });
    expect(page).toMatchObject({ status: 'cancelled', outcome: 'cancelled', canWithdraw: false });
  });
});

describe('POST /api/me/:creatorId/withdraw', () => {
  it('cancels her application in one change: activity entry, staff alert, and her stage-2 link dead', async () => {
    const applicant = await apply(t);
    const stage2Token = await sendStage2(t, headers, applicant.creatorId);

    const res = await withdraw(t, applicant.creatorId, applicant.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, status: 'cancelled' });

    const [row] = await t.database.db.select().from(creators).where(eq(creators.id, applicant.id));
    expect(row).toMatchObject({ status: 'cancelled', stage2TokenHash: null, stage2TokenExpiresAt: null });
    const entries = await t.database.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.creatorId, applicant.id), eq(activityLog.action, WITHDRAWN_ACTIVITY)));
    expect(entries).toEqual([
      expect.objectContaining({
        performedBy: 'own page',
        additionalInfo: { from: 'stage2_sent', to: 'cancelled', reason: WITHDRAWN_REASON },
      }),
    ]);
    const [alert] = await t.database.db
      .select()
      .from(outboxEvents)
      .where(and(eq(outboxEvents.creatorId, applicant.id), eq(outboxEvents.type, 'creator.withdrawn')));
    expect(alert?.payload).toMatchObject({
      creatorId: applicant.creatorId,
      name: 'Valentina Ríos',
      status: 'cancelled',
      previousStatus: 'stage2_sent',
    });
    expect(JSON.stringify(alert?.payload)).not.toContain('@example.com');
    expect((await getForm(t, applicant.creatorId, stage2Token)).statusCode).toBe(404);

    // Her page stays, in words of its own: withdrawn by her, nothing more to withdraw; the second part she
    // was sent but never answered is not shown as completed.
    const page = await pageOf(applicant);
    expect(page).toMatchObject({ status: 'cancelled', outcome: 'withdrawn', canWithdraw: false });
    expect(statesOf(page)).toEqual({ applied: 'done', stage2: 'skipped', listed: 'skipped', matched: 'skipped' });
  });

  it('refuses once the application has ended, and changes nothing', async () => {
    const applicant = await apply(t);
    await staff('PATCH', `${applicant.creatorId}/list-directly`, { rollickListingUrl: LISTING });
    await moveTo(applicant.creatorId, 'matched');
    await moveTo(applicant.creatorId, 'finalized');

    const res = await withdraw(t, applicant.creatorId, applicant.token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: 'This application can no longer be withdrawn' });
    const [row] = await t.database.db.select().from(creators).where(eq(creators.id, applicant.id));
    expect(row?.status).toBe('finalized');

    const first = await apply(t);
    expect((await withdraw(t, first.creatorId, first.token)).statusCode).toBe(200);
    expect((await withdraw(t, first.creatorId, first.token)).statusCode).toBe(409);
    const withdrawals = await t.database.db
      .select()
      .from(outboxEvents)
      .where(and(eq(outboxEvents.creatorId, first.id), eq(outboxEvents.type, 'creator.withdrawn')));
    expect(withdrawals).toHaveLength(1);
  });
});

describe('GET /api/me/:creatorId/data.zip', () => {
  it('is the zip staff export: every stored field, her selfie, stage 2 with its images and notes, no token', async () => {
    const applicant = await apply(t);
    // A creator with everything: stage 2 with an image, a staff note, and a possible duplicate by contact.
    const stage2Token = await sendStage2(t, headers, applicant.creatorId);
    const stage2 = validStage2({
      country: 'Spain',
      hasExistingContent: 'yes',
      contentType: 'solo',
      imageFiles: filePart(await syntheticSelfie(77, { width: 900, height: 1200 }), 'beach-set-01.jpg'),
    });
    expect((await postForm(t, { creatorId: applicant.creatorId, token: stage2Token }, stage2)).statusCode).toBe(200);
    const note = await t.app.inject({
      method: 'POST',
      url: `/api/admin/creators/${applicant.creatorId}/notes`,
      headers,
      payload: { text: 'Called her, prefers mornings.' },
    });
    expect(note.statusCode, note.body).toBe(201);
    const [row] = await t.database.db.select().from(creators).where(eq(creators.id, applicant.id));
    await apply(t, { name: 'Valentina R.', contactInfo: row?.contactInfo ?? '' });

    const res = await download(t, applicant.creatorId, applicant.token);

    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain(`filename="${applicant.creatorId}-data.zip"`);
    expect(res.headers['cache-control']).toBe('no-store');
    const entries = await unzip(res.rawPayload);
    const json = JSON.parse(entries.get('creator.json')?.toString('utf8') ?? 'null');
    expect(json.creator).toMatchObject({ creatorId: applicant.creatorId, name: 'Valentina Ríos' });
    expect(json.creator.contactInfo).toMatch(/^valentina\.rios\d+@example\.com$/);
    expect(json.creator).not.toHaveProperty('pageTokenHash');
    expect(json.creator).not.toHaveProperty('stage2TokenHash');
    expect(entries.get('files/verification-photo.jpg')?.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect(json.creator.hasDuplicates).toBe(true);
    expect(json.stage2).toMatchObject({ country: 'Spain', contentType: ['solo'] });
    expect(json.stage2.imageKeys).toHaveLength(1);
    expect(JSON.stringify(json.activityLog)).toContain('Called her, prefers mornings.');
    expect([...entries.keys()].filter((name) => name.startsWith('files/stage2-image'))).toHaveLength(1);

    const staffZip = await t.app.inject({
      method: 'GET',
      url: `/api/admin/creators/${applicant.creatorId}/export.zip`,
      headers,
    });
    expect([...(await unzip(staffZip.rawPayload)).keys()]).toEqual([...entries.keys()]);
  });
});
