import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveries, outboxEvents } from '#server/db/schema.ts';
import { insertCreator } from '#tests/factories.ts';
import { type MailServer, startMailServer } from '#tests/setup/alert-receivers.ts';
import { buildTestApp, signIn, type TestApp } from '#tests/setup/test-app.ts';
import { alertSettings, startTestDeliveryWorker } from '../alerts/alerts.test-support.ts';
import { fanOutEvents } from '../alerts/deliveries.service.ts';

/**
 * The app records alerts but delivers none by itself: each test runs the delivery worker when an admin's
 * instance would, so "undo at once" really comes before the e-mail.
 */
let t: TestApp;
let mail: MailServer;
let owner: Record<string, string>;

beforeAll(async () => {
  mail = await startMailServer();
  t = await buildTestApp({ config: { alerts: alertSettings(mail, null) }, shouldDeliverAlerts: false });
  owner = await signIn(t);
});
afterAll(async () => {
  await t.close();
  await mail.close();
});

/** One pass of the delivery worker, as the running app makes after each commit. */
async function deliverNow(): Promise<void> {
  const worker = startTestDeliveryWorker(t);
  await worker.idle();
  await worker.stop();
}

const sendByEmail = (creatorId: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/creators/${creatorId}/send-stage2`,
    headers: owner,
    payload: { email: true },
  });
const undo = (creatorId: string, change: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/creators/${creatorId}/status/undo`,
    headers: owner,
    payload: { change },
  });

async function linkEvent(creatorId: string) {
  const [event] = await t.database.db
    .select({ id: outboxEvents.id, payload: outboxEvents.payload })
    .from(outboxEvents)
    .where(and(eq(outboxEvents.creatorId, creatorId), eq(outboxEvents.type, 'creator.stage2_link')));
  if (!event) throw new Error('no stage-2 link event');
  const rows = await t.database.db
    .select({ status: deliveries.status })
    .from(deliveries)
    .where(eq(deliveries.eventId, event.id));
  return { payload: event.payload, deliveries: rows.map((row) => row.status) };
}

const mailsTo = (address: string) => mail.mails.items.filter((item) => item.envelopeTo.includes(address));

describe('POST /api/admin/creators/:creatorId/status/undo of a stage-2 link sent by e-mail', () => {
  it('drops the e-mail still waiting in the outbox: she never receives the dead link', async () => {
    const creator = await insertCreator(t.database.db, { contactInfo: 'ines@example.com' });
    const sent = await sendByEmail(creator.creatorId);
    expect(sent.statusCode).toBe(200);
    // The worker has already turned the event into a due delivery, as it does at once after the commit.
    await fanOutEvents(t.database.db, t.config.alerts, new Date());
    expect((await linkEvent(creator.id)).deliveries).toEqual(['pending']);

    const res = await undo(creator.creatorId, sent.json().change);
    await deliverNow();

    expect(res.statusCode).toBe(200);
    expect(mailsTo('ines@example.com')).toEqual([]);
    const event = await linkEvent(creator.id);
    expect(event.payload).toMatchObject({ creatorId: creator.creatorId, cancelledAt: expect.any(String) });
    expect(event.payload).not.toHaveProperty('link');
    expect(event.deliveries).toEqual([]);
  });

  it('drops it too when the worker had not even seen the event yet', async () => {
    const creator = await insertCreator(t.database.db, { contactInfo: 'noor@example.com' });
    const sent = await sendByEmail(creator.creatorId);

    expect((await undo(creator.creatorId, sent.json().change)).statusCode).toBe(200);
    await deliverNow();

    expect(mailsTo('noor@example.com')).toEqual([]);
    expect((await linkEvent(creator.id)).payload).toHaveProperty('cancelledAt');
  });

  it('still undoes once the e-mail went out, with nothing to cancel', async () => {
    const creator = await insertCreator(t.database.db, { contactInfo: 'jo@example.com' });
    const sent = await sendByEmail(creator.creatorId);
    await deliverNow();
    expect(mailsTo('jo@example.com')).toHaveLength(1);

    const res = await undo(creator.creatorId, sent.json().change);

    expect(res.statusCode).toBe(200);
    expect(res.json().creator).toMatchObject({ status: 'pending' });
    const event = await linkEvent(creator.id);
    expect(event.payload).not.toHaveProperty('cancelledAt');
    expect(event.deliveries).toEqual(['sent']);
  });

  it('leaves the e-mail of an earlier link alone when only Send Again is undone', async () => {
    const creator = await insertCreator(t.database.db, { contactInfo: 'ada@example.com' });
    await sendByEmail(creator.creatorId);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/admin/creators/${creator.creatorId}/send-stage2`,
      headers: owner,
    });

    expect((await undo(creator.creatorId, again.json().change)).statusCode).toBe(200);
    await deliverNow();

    // The first link works again after the undo, so its e-mail still goes out.
    expect(mailsTo('ada@example.com')).toHaveLength(1);
  });
});
