import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it } from 'vitest';
import { insertRecruiter } from '#tests/factories.ts';
import { startMailServer, startWebhookReceiver } from '#tests/setup/alert-receivers.ts';
import { buildTestApp, signIn } from '#tests/setup/test-app.ts';
import { createTestDatabase } from '#tests/setup/test-db.ts';
import { postForm, sendStage2, validStage2 } from '../stage2/stage2.test-support.ts';
import { RECRUITER_NAME, submit, validApplication } from '../submissions/submissions.test-support.ts';
import { type AlertRig, alertSettings, deliveryRows, STAFF, startRig, WEBHOOK_SECRET } from './alerts.test-support.ts';

/** Each test starts its own database, app, mail server and webhook receiver, inside the test's time. */
const RIG_TEST = { timeout: 60_000 };

let rig: AlertRig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

describe('alerts for a new application', RIG_TEST, () => {
  it('sends one staff e-mail and one signed webhook that verifies with the secret', async () => {
    rig = await startRig();
    const res = await submit(rig.t, validApplication({ contactMethod: 'Telegram', contactInfo: '@jamie_r' }));
    expect(res.statusCode).toBe(201);
    const { creatorId } = res.json();

    const [mail] = await rig.mail.mails.waitFor(1);
    const [hook] = await rig.hook.requests.waitFor(1);
    await rig.t.app.deliveries.idle();

    expect(mail?.envelopeTo.sort()).toEqual([...STAFF].sort());
    expect(mail?.subject).toContain(creatorId);
    expect(mail?.text).toContain('Jamie Rivera');
    expect(mail?.text).toContain('Telegram');
    expect(mail?.text).toContain(RECRUITER_NAME);
    const adminUrl = `http://localhost:3000/admin/creators/pending?q=${creatorId}`;
    expect(mail?.text).toContain(adminUrl);
    expect(mail?.html).toContain(`href="${adminUrl}"`);
    expect(mail?.messageId).toMatch(/@rollick\.test>?$/);

    if (!hook) throw new Error('no webhook');
    const payload = new Webhook(WEBHOOK_SECRET).verify(hook.body, hook.headers as Record<string, string>);
    expect(payload).toEqual({
      type: 'creator.submitted',
      timestamp: expect.any(String),
      data: { creatorId, status: 'pending', name: 'Jamie Rivera', recruiter: RECRUITER_NAME, adminUrl },
    });
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`).verify(
        hook.body,
        hook.headers as Record<string, string>,
      ),
    ).toThrow();

    // Telegram applicants get no e-mail of their own; exactly two deliveries, both sent.
    expect(rig.mail.mails.items).toHaveLength(1);
    expect(rig.hook.requests.items).toHaveLength(1);
    const rows = await deliveryRows(rig.t);
    expect(rows.map((row) => [row.channel, row.status, row.attempts])).toEqual([
      ['email-staff', 'sent', 1],
      ['webhook', 'sent', 1],
    ]);
    expect(hook.headers['webhook-id']).toBe(rows[0]?.eventId);
  });

  it('retries a receiver that fails twice and delivers on the third try, with the same webhook-id', async () => {
    rig = await startRig({ channels: { mail: false } });
    rig.hook.answerNext(500, 503);
    const res = await submit(rig.t, validApplication());
    expect(res.statusCode).toBe(201);

    const attempts = await rig.hook.requests.waitFor(3);
    await rig.t.app.deliveries.idle();
    expect(attempts.map((request) => request.status)).toEqual([500, 503, 204]);
    expect(new Set(attempts.map((request) => request.headers['webhook-id'])).size).toBe(1);
    const [row] = await deliveryRows(rig.t);
    expect(row).toMatchObject({ channel: 'webhook', status: 'sent', attempts: 3, lastError: null });
  });

  it('retries a temporary SMTP refusal and marks a permanent one failed at once', async () => {
    rig = await startRig({ channels: { webhook: false }, alerts: { applicantEmails: false } });
    rig.mail.refuseNext(451);
    await submit(rig.t, validApplication());
    await rig.mail.mails.waitFor(1);
    await rig.t.app.deliveries.idle();
    expect((await deliveryRows(rig.t))[0]).toMatchObject({ status: 'sent', attempts: 2 });

    rig.mail.refuseNext(550);
    await submit(rig.t, validApplication({ name: 'Robin Vale' }));
    await rig.t.app.deliveries.idle();
    const rows = await deliveryRows(rig.t);
    expect(rows[1]).toMatchObject({ status: 'failed', attempts: 1, lastError: expect.stringContaining('550') });
  });

  it('marks a delivery failed once the retry window has passed', async () => {
    let now = new Date('2026-03-01T10:00:00Z');
    rig = await startRig({
      channels: { mail: false },
      alerts: { retryBaseMs: 60_000, retryMaxMs: 60_000 },
      deliveryClock: () => now,
    });
    rig.hook.answerNext(500, 500, 500);
    await submit(rig.t, validApplication());
    await rig.hook.requests.waitFor(1);
    await rig.t.app.deliveries.idle();
    expect((await deliveryRows(rig.t))[0]).toMatchObject({ status: 'pending', attempts: 1 });

    now = new Date(now.getTime() + 23 * 3_600_000);
    rig.t.app.deliveries.wake();
    await rig.hook.requests.waitFor(2);
    await rig.t.app.deliveries.idle();
    expect((await deliveryRows(rig.t))[0]).toMatchObject({ status: 'pending', attempts: 2 });

    now = new Date(now.getTime() + 2 * 3_600_000);
    rig.t.app.deliveries.wake();
    await rig.hook.requests.waitFor(3);
    await rig.t.app.deliveries.idle();
    expect((await deliveryRows(rig.t))[0]).toMatchObject({
      status: 'failed',
      attempts: 3,
      lastError: 'receiver answered 500',
    });
  });
});

describe('at-least-once delivery across a crash', RIG_TEST, () => {
  it('delivers after a restart what an app that stopped right after the 201 never sent', async () => {
    const mail = await startMailServer();
    const hook = await startWebhookReceiver();
    const database = await createTestDatabase();
    const config = { alerts: alertSettings(mail, hook) };
    try {
      // The first app commits the application and its event, then goes away without delivering anything.
      const first = await buildTestApp({ database, config, shouldDeliverAlerts: false });
      await insertRecruiter(database.db, { name: RECRUITER_NAME });
      const res = await submit(first, validApplication({ contactMethod: 'Telegram', contactInfo: '@jamie_r' }));
      expect(res.statusCode).toBe(201);
      await first.close();
      expect(mail.mails.items).toHaveLength(0);
      expect(hook.requests.items).toHaveLength(0);

      const second = await buildTestApp({ database, config });
      try {
        const [alert] = await mail.mails.waitFor(1);
        await hook.requests.waitFor(1);
        await second.app.deliveries.idle();
        expect(alert?.subject).toContain(res.json().creatorId);
        expect((await deliveryRows(second)).map((row) => row.status)).toEqual(['sent', 'sent']);
      } finally {
        await second.close();
      }
    } finally {
      await database.close();
      await Promise.all([mail.close(), hook.close()]);
    }
  });
});

describe('channels switched off by configuration', RIG_TEST, () => {
  it('sends no e-mail when SMTP is not configured, and only the webhook', async () => {
    rig = await startRig({ channels: { mail: false } });
    await submit(rig.t, validApplication());
    await rig.hook.requests.waitFor(1);
    await rig.t.app.deliveries.idle();
    expect(rig.mail.mails.items).toHaveLength(0);
    expect((await deliveryRows(rig.t)).map((row) => row.channel)).toEqual(['webhook']);
  });

  it('sends no webhook and no staff alert when only applicant e-mails are on', async () => {
    rig = await startRig({ channels: { webhook: false }, alerts: { staffEmails: [] } });
    await submit(rig.t, validApplication({ contactInfo: 'jamie@example.com' }));
    const [mail] = await rig.mail.mails.waitFor(1);
    await rig.t.app.deliveries.idle();
    expect(mail?.envelopeTo).toEqual(['jamie@example.com']);
    expect(rig.mail.mails.items).toHaveLength(1);
    expect(rig.hook.requests.items).toHaveLength(0);
    expect((await deliveryRows(rig.t)).map((row) => row.channel)).toEqual(['email-applicant']);
  });

  it('records events but makes no deliveries when nothing is configured', async () => {
    rig = await startRig({ channels: { mail: false, webhook: false } });
    await submit(rig.t, validApplication());
    await rig.t.app.deliveries.idle();
    expect(await deliveryRows(rig.t)).toEqual([]);
    expect(rig.mail.mails.items).toHaveLength(0);
    expect(rig.hook.requests.items).toHaveLength(0);
  });
});

describe('e-mails to applicants who chose Email', RIG_TEST, () => {
  it('confirms the application in the language the form was filled in', async () => {
    rig = await startRig({ channels: { webhook: false }, alerts: { staffEmails: [] } });
    await submit(rig.t, validApplication({ contactInfo: 'lena@example.com', name: 'Lena Berg', locale: 'de' }));
    await submit(
      rig.t,
      validApplication({ contactInfo: 'ana@example.com', name: 'Ana Souza', language: 'Portuguese' }),
    );
    const mails = await rig.mail.mails.waitFor(2);
    const byRecipient = (address: string) => mails.find((mail) => mail.envelopeTo.includes(address));
    const german = byRecipient('lena@example.com');
    expect(german?.subject).toBe('Deine Bewerbung bei Rollick ist eingegangen');
    expect(german?.text).toContain('Hallo Lena Berg');
    expect(german?.text).toContain('24-48 Stunden');
    // No interface language sent: the preferred language decides.
    expect(byRecipient('ana@example.com')?.subject).toBe('Recebemos sua candidatura na Rollick');
  });

  it('escapes what the applicant wrote in the HTML part', async () => {
    rig = await startRig({ channels: { webhook: false } });
    await submit(
      rig.t,
      validApplication({ name: 'Jamie <b>Bold</b>', contactMethod: 'Telegram', contactInfo: '@jamie_r' }),
    );
    const [mail] = await rig.mail.mails.waitFor(1);
    expect(mail?.html).toContain('Jamie &lt;b&gt;Bold&lt;/b&gt;');
    expect(mail?.html).not.toContain('<b>Bold</b>');
  });
});

describe('alerts for stage 2 and status changes', RIG_TEST, () => {
  it('alerts staff and the webhook on a stage-2 submission, and the webhook on a status change', async () => {
    rig = await startRig({ alerts: { applicantEmails: false } });
    const headers = await signIn(rig.t);
    const res = await submit(rig.t, validApplication({ contactMethod: 'Telegram', contactInfo: '@jamie_r' }));
    const { creatorId } = res.json();
    await rig.mail.mails.waitFor(1);
    const token = await sendStage2(rig.t, headers, creatorId);
    expect((await postForm(rig.t, { creatorId, token }, validStage2())).statusCode).toBe(200);

    const mails = await rig.mail.mails.waitFor(2);
    const hooks = await rig.hook.requests.waitFor(3);
    await rig.t.app.deliveries.idle();
    expect(mails[1]?.subject).toContain('Stage 2 submitted');
    expect(mails[1]?.subject).toContain(creatorId);
    const bodies = hooks.map((hook) => JSON.parse(hook.body));
    expect(bodies.map((body) => [body.type, body.data.status])).toEqual([
      ['creator.submitted', 'pending'],
      ['creator.status_changed', 'stage2_sent'],
      ['creator.stage2_submitted', 'stage2_submitted'],
    ]);
    expect(bodies[1].data.previousStatus).toBe('pending');
  });
});
