import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog, creators, outboxEvents } from '#server/db/schema.ts';
import { insertCreator } from '#tests/factories.ts';
import { buildTestApp, signIn } from '#tests/setup/test-app.ts';
import { createAdmin } from '../admins/admins.service.ts';
import { tokenOf } from '../stage2/stage2.test-support.ts';
import { submit, validApplication } from '../submissions/submissions.test-support.ts';
import { type AlertRig, deliveryRows, startRig } from './alerts.test-support.ts';

let rig: AlertRig;
let owner: Record<string, string>;
let reviewer: Record<string, string>;

beforeAll(async () => {
  rig = await startRig({ alerts: { applicantEmails: true } });
  owner = await signIn(rig.t);
  await createAdmin(rig.t.database.db, { username: 'rita', password: 'reviewer password 1', role: 'reviewer' });
  reviewer = await signIn(rig.t, { username: 'rita', password: 'reviewer password 1' });
});
afterAll(() => rig.close());

const list = (headers: Record<string, string>, query = '') =>
  rig.t.app.inject({ method: 'GET', url: `/api/admin/deliveries${query}`, headers });
const retry = (headers: Record<string, string>, id: string) =>
  rig.t.app.inject({ method: 'POST', url: `/api/admin/deliveries/${id}/retry`, headers });

describe('GET /api/admin/deliveries and POST …/:id/retry', () => {
  it('lists sent and failed deliveries with the last error, and a retry sends the failed one', async () => {
    rig.mail.refuseNext(550, 550);
    const res = await submit(rig.t, validApplication({ contactInfo: 'jamie@example.com' }));
    const { creatorId } = res.json();
    await rig.hook.requests.waitFor(1);
    await rig.t.app.deliveries.idle();

    const listed = await list(reviewer);
    expect(listed.statusCode).toBe(200);
    const body = listed.json();
    expect(body.channels).toEqual(['email-staff', 'webhook', 'email-applicant']);
    expect(body.counts).toEqual({ pending: 0, failed: 2 });
    const failed = body.items.filter((item: { status: string }) => item.status === 'failed');
    expect(failed).toHaveLength(2);
    expect(failed[0]).toMatchObject({
      type: 'creator.submitted',
      creatorId,
      name: 'Jamie Rivera',
      attempts: 1,
      lastError: expect.stringMatching(/550.*refused by the test: <<address>>/),
      nextAttemptAt: null,
    });
    expect(body.items.find((item: { channel: string }) => item.channel === 'webhook')).toMatchObject({
      status: 'sent',
      sentAt: expect.any(String),
    });
    // The list never shows the applicant's address, not even in a mail server's refusal.
    expect(listed.body).not.toContain('jamie@example.com');
    expect(listed.body).not.toMatch(/[\w.]+@rollick\.test/);

    const onlyFailed = (await list(owner, '?status=failed')).json();
    expect(onlyFailed.items).toHaveLength(2);
    expect((await list(owner, '?status=lost')).statusCode).toBe(400);

    // Reviewers may retry too (docs/decisions/024).
    const [first, second] = failed;
    expect((await retry(reviewer, first.id)).statusCode).toBe(200);
    expect((await retry(owner, second.id)).statusCode).toBe(200);
    await rig.mail.mails.waitFor(2);
    await rig.t.app.deliveries.idle();
    const rows = await deliveryRows(rig.t);
    expect(rows.every((row) => row.status === 'sent')).toBe(true);
    expect(rows.find((row) => row.id === first.id)?.attempts).toBe(2);
  });

  it('refuses to retry a delivery that did not fail, or one that does not exist', async () => {
    const [sent] = await deliveryRows(rig.t);
    if (!sent) throw new Error('no delivery');
    const again = await retry(owner, sent.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Only a failed delivery can be retried');
    expect((await retry(owner, '3f1e2d4c-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await retry(owner, 'not-an-id')).statusCode).toBe(404);
  });
});

describe('POST /api/admin/creators/:creatorId/send-stage2 with { "email": true }', () => {
  const send = (creatorId: string, payload?: object) =>
    rig.t.app.inject({
      method: 'POST',
      url: `/api/admin/creators/${creatorId}/send-stage2`,
      headers: owner,
      ...(payload ? { payload } : {}),
    });

  it('e-mails the link to an applicant who chose Email, in their language, and forgets it once sent', async () => {
    const creator = await insertCreator(rig.t.database.db, {
      contactInfo: 'ines@example.com',
      locale: 'es',
      name: 'Inés',
    });
    const before = rig.mail.mails.items.length;
    const res = await send(creator.creatorId, { email: true });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(['change', 'expiresAt', 'link']);
    const mails = await rig.mail.mails.waitFor(before + 1);
    await rig.t.app.deliveries.idle();
    const mail = mails.at(-1);
    expect(mail?.envelopeTo).toEqual(['ines@example.com']);
    expect(mail?.subject).toBe('Tu siguiente paso con Rollick');
    expect(mail?.text).toContain(`http://localhost:3000${res.json().link}`);
    expect(tokenOf(res.json().link)).not.toBe('');

    const [event] = await rig.t.database.db
      .select({ payload: outboxEvents.payload })
      .from(outboxEvents)
      .where(eq(outboxEvents.type, 'creator.stage2_link'));
    expect(event?.payload).not.toHaveProperty('link');
    const entries = await rig.t.database.db.select().from(activityLog).where(eq(activityLog.creatorId, creator.id));
    expect(entries.at(-1)?.additionalInfo).toMatchObject({ emailed: true });
  });

  it('refuses for an applicant who chose another contact method, and changes nothing', async () => {
    const creator = await insertCreator(rig.t.database.db, { contactMethod: 'Telegram', contactInfo: '@sam_k' });
    const res = await send(creator.creatorId, { email: true });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('chose Email');
    const [row] = await rig.t.database.db.select().from(creators).where(eq(creators.id, creator.id));
    expect(row?.status).toBe('pending');
    expect(row?.stage2TokenHash).toBeNull();
  });

  it('refuses a body that is not a yes or no', async () => {
    const creator = await insertCreator(rig.t.database.db);
    expect((await send(creator.creatorId, { email: 'yes' })).statusCode).toBe(400);
    expect((await send(creator.creatorId, {})).statusCode).toBe(200);
  });

  it('refuses when the server has no SMTP configured', async () => {
    const t = await buildTestApp();
    try {
      const headers = await signIn(t);
      const creator = await insertCreator(t.database.db);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/admin/creators/${creator.creatorId}/send-stage2`,
        headers,
        payload: { email: true },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toContain('SMTP_URL');
      const listed = await t.app.inject({ method: 'GET', url: '/api/admin/deliveries', headers });
      expect(listed.json()).toEqual({ items: [], counts: { pending: 0, failed: 0 }, channels: [] });
    } finally {
      await t.close();
    }
  });
});
