import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activityLog, creators, outboxEvents } from '#server/db/schema.ts';
import type { CancelReason } from '#shared/replies/cancel-reasons.ts';
import { insertCreator } from '#tests/factories.ts';
import { type AdminHeaders, setUpTestApp, type TestApp } from '#tests/setup/test-app.ts';

const URL = '/api/admin/cancel-reasons';

async function reasonsOf(t: TestApp, headers: AdminHeaders): Promise<CancelReason[]> {
  const res = await t.app.inject({ method: 'GET', url: URL, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().reasons;
}

const byCode = (reasons: CancelReason[], code: string) => {
  const reason = reasons.find((r) => r.code === code);
  if (!reason) throw new Error(`no ${code} reason`);
  return reason;
};

const patchStatus = (t: TestApp, headers: AdminHeaders, creatorId: string, payload: object) =>
  t.app.inject({ method: 'PATCH', url: `/api/admin/creators/${creatorId}/status`, headers, payload });

async function stateOf(t: TestApp, id: string) {
  const [row] = await t.database.db
    .select({ status: creators.status, reasonId: creators.cancelReasonId, note: creators.cancelNote })
    .from(creators)
    .where(eq(creators.id, id));
  const entries = await t.database.db.select().from(activityLog).where(eq(activityLog.creatorId, id));
  const events = await t.database.db.select().from(outboxEvents).where(eq(outboxEvents.creatorId, id));
  return { ...row, entries, events };
}

describe('/api/admin/cancel-reasons', () => {
  const t = setUpTestApp();
  const owner = t.headers;
  const reviewer = t.signedInAs({ username: 'rafael-reviewer', password: 'a long test password', role: 'reviewer' });

  it('ships six reasons, translated by code, in order, with how many cancelled creators give each', async () => {
    const reasons = await reasonsOf(t, reviewer);
    expect(reasons.map((r) => r.code)).toEqual([
      'no_response',
      'other_agency',
      'not_a_fit',
      'creator_declined',
      'withdrawn',
      'other',
    ]);
    expect(reasons.map((r) => r.english)).toContain('Chose another agency');
    expect(reasons.every((r) => r.label === null && !r.removed && r.inUse === 0)).toBe(true);
  });

  it('lets owners add, reword and remove reasons; Other stays; names stay unique whatever their case', async () => {
    const added = await t.app.inject({ method: 'POST', url: URL, headers: owner, payload: { label: 'Moved abroad' } });
    expect(added.statusCode, added.body).toBe(201);
    const id = added.json().id;
    expect(added.json()).toMatchObject({ code: null, label: 'Moved abroad', english: 'Moved abroad' });

    const twin = await t.app.inject({ method: 'POST', url: URL, headers: owner, payload: { label: 'moved ABROAD' } });
    expect(twin.statusCode).toBe(400);
    expect(twin.json().fields).toEqual({ label: 'A reason with this name already exists' });
    const shippedTwin = await t.app.inject({
      method: 'POST',
      url: URL,
      headers: owner,
      payload: { label: 'not a fit' },
    });
    expect(shippedTwin.statusCode).toBe(400);

    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `${URL}/${id}`,
      headers: owner,
      payload: { label: 'Moved to another country' },
    });
    expect(renamed.json()).toMatchObject({ label: 'Moved to another country', english: 'Moved to another country' });

    const other = byCode(await reasonsOf(t, owner), 'other');
    const keepOther = await t.app.inject({ method: 'DELETE', url: `${URL}/${other.id}`, headers: owner });
    expect(keepOther.statusCode).toBe(409);
    expect(keepOther.json().message).toBe('Other cannot be removed: every cancellation must find a reason that fits');

    expect((await t.app.inject({ method: 'DELETE', url: `${URL}/${id}`, headers: owner })).statusCode).toBe(204);
    const after = await reasonsOf(t, owner);
    expect(after.find((r) => r.id === id)).toMatchObject({ removed: true });
    expect(byCode(after, 'other').removed).toBe(false);
  });

  it('refuses reviewers every change of the list, and a blank name, changing nothing', async () => {
    const before = await reasonsOf(t, owner);
    const add = await t.app.inject({ method: 'POST', url: URL, headers: reviewer, payload: { label: 'Ghosted' } });
    expect(add.statusCode).toBe(403);
    const id = before[0]?.id;
    const rename = await t.app.inject({
      method: 'PATCH',
      url: `${URL}/${id}`,
      headers: reviewer,
      payload: { label: 'X' },
    });
    expect(rename.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `${URL}/${id}`, headers: reviewer })).statusCode).toBe(403);
    const blank = await t.app.inject({ method: 'POST', url: URL, headers: owner, payload: { label: '   ' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Please name the reason');
    expect(await reasonsOf(t, owner)).toEqual(before);
  });
});

describe('PATCH /api/admin/creators/:creatorId/status to cancelled, with a reason', () => {
  const t = setUpTestApp();
  const owner = t.headers;
  const matched = () =>
    insertCreator(t.database.db, {
      status: 'matched',
      name: 'Valentina Moreau',
      language: 'French',
      locale: 'fr',
      rollickListingUrl: 'https://rollick.example/creators/valentina-moreau',
    });

  it('keeps the reason on the creator, in the activity entry, the webhook event and the list export', async () => {
    const creator = await matched();
    const reason = byCode(await reasonsOf(t, owner), 'other_agency');
    const res = await patchStatus(t, owner, creator.creatorId, { status: 'cancelled', cancelReasonId: reason.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().creator).toMatchObject({ status: 'cancelled', cancelReasonId: reason.id, cancelNote: null });

    const state = await stateOf(t, creator.id);
    expect(state.entries.at(-1)?.additionalInfo).toMatchObject({
      from: 'matched',
      to: 'cancelled',
      reason: 'Chose another agency',
      reasonId: reason.id,
    });
    const event = state.events.find((e) => e.type === 'creator.status_changed');
    expect(event?.payload).toMatchObject({ status: 'cancelled', cancelReason: 'Chose another agency' });

    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/admin/creators/export.csv?status=cancelled',
      headers: owner,
    });
    const [header, row] = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(header).toContain('Assignee,Tags,Cancel Reason,Cancel Note');
    expect(row).toContain('Valentina Moreau');
    expect(row).toContain(',Chose another agency,');
    expect(byCode(await reasonsOf(t, owner), 'other_agency').inUse).toBe(1);
  });

  it('asks a note for Other and refuses a removed or unknown reason, changing nothing', async () => {
    const creator = await matched();
    const reasons = await reasonsOf(t, owner);
    const other = byCode(reasons, 'other');
    const noNote = await patchStatus(t, owner, creator.creatorId, { status: 'cancelled', cancelReasonId: other.id });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json()).toMatchObject({
      message: 'Please say why in a note when the reason is Other',
      fields: { cancelNote: 'Please say why in a note when the reason is Other' },
    });
    const unknown = await patchStatus(t, owner, creator.creatorId, {
      status: 'cancelled',
      cancelReasonId: '1f0e4a52-9b9d-4c55-8f47-6d1c2f6f7a10',
    });
    expect(unknown.statusCode).toBe(400);
    const notFit = byCode(reasons, 'not_a_fit');
    await t.app.inject({ method: 'DELETE', url: `${URL}/${notFit.id}`, headers: owner });
    const removed = await patchStatus(t, owner, creator.creatorId, { status: 'cancelled', cancelReasonId: notFit.id });
    expect(removed.json().message).toBe('This cancel reason is no longer offered; choose another');
    const notCancelling = await patchStatus(t, owner, creator.creatorId, {
      status: 'finalized',
      cancelReasonId: other.id,
      cancelNote: 'She changed her mind',
    });
    expect(notCancelling.json().message).toBe('A cancel reason can only be given when cancelling');

    const state = await stateOf(t, creator.id);
    expect(state).toMatchObject({ status: 'matched', reasonId: null, note: null });
    expect(state.entries).toHaveLength(1);

    const withNote = await patchStatus(t, owner, creator.creatorId, {
      status: 'cancelled',
      cancelReasonId: other.id,
      cancelNote: 'Her manager asked for 70 % — we could not match it',
    });
    expect(withNote.json().creator.cancelNote).toBe('Her manager asked for 70 % — we could not match it');
  });

  it('clears the reason on a relist and puts it back when the relist is undone', async () => {
    const creator = await matched();
    const reason = byCode(await reasonsOf(t, owner), 'no_response');
    await patchStatus(t, owner, creator.creatorId, { status: 'cancelled', cancelReasonId: reason.id });
    const relisted = await patchStatus(t, owner, creator.creatorId, {
      status: 'listed',
      rollickListingUrl: 'https://rollick.example/creators/valentina-moreau-2',
    });
    expect(relisted.json().creator).toMatchObject({ status: 'listed', cancelReasonId: null });
    const undo = await t.app.inject({
      method: 'POST',
      url: `/api/admin/creators/${creator.creatorId}/status/undo`,
      headers: owner,
      payload: { change: relisted.json().change },
    });
    expect(undo.statusCode, undo.body).toBe(200);
    expect(await stateOf(t, creator.id)).toMatchObject({ status: 'cancelled', reasonId: reason.id });
  });

  it('cancels in bulk with one reason for all, refused before any creator moves when it does not fit', async () => {
    const [a, b] = [await matched(), await matched()];
    const other = byCode(await reasonsOf(t, owner), 'other');
    const bulk = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/admin/creators/bulk', headers: owner, payload });
    const refused = await bulk({
      action: 'status',
      status: 'cancelled',
      creatorIds: [a.creatorId, b.creatorId],
      cancelReasonId: other.id,
    });
    expect(refused.statusCode).toBe(400);
    expect((await stateOf(t, a.id)).status).toBe('matched');

    const done = await bulk({
      action: 'status',
      status: 'cancelled',
      creatorIds: [a.creatorId, b.creatorId],
      cancelReasonId: other.id,
      cancelNote: 'The agency closed its French desk',
    });
    expect(done.statusCode, done.body).toBe(200);
    for (const creator of [a, b]) {
      const state = await stateOf(t, creator.id);
      expect(state).toMatchObject({
        status: 'cancelled',
        reasonId: other.id,
        note: 'The agency closed its French desk',
      });
      expect(state.entries.at(-1)?.additionalInfo).toMatchObject({
        reason: 'Other',
        note: 'The agency closed its French desk',
      });
      expect(state.events.find((e) => e.type === 'creator.status_changed')?.payload).toMatchObject({
        cancelReason: 'Other',
        cancelNote: 'The agency closed its French desk',
      });
    }
  });
});
