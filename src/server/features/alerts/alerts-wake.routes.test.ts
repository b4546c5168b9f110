import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { onCommitNotice } from '#server/db/commit-notices.ts';
import { outboxEvents } from '#server/db/schema.ts';
import { insertCreator } from '#tests/factories.ts';
import { signIn } from '#tests/setup/test-app.ts';
import { type AlertRig, startRig, startTestDeliveryWorker } from './alerts.test-support.ts';
import { OUTBOX_NOTICE, recordEvent } from './outbox.ts';

/** Far longer than any test: whatever is delivered was delivered because a commit woke the worker. */
const HOUR_POLL = { pollMs: 3_600_000 };

let rig: AlertRig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

describe('the delivery worker wakes when an outbox event commits', () => {
  it('delivers the alerts of a bulk status change at once, without waiting for the next poll', async () => {
    rig = await startRig({ channels: { mail: false }, alerts: HOUR_POLL });
    const { t } = rig;
    const owner = await signIn(t);
    const listed = [
      await insertCreator(t.database.db, { status: 'listed', name: 'Zoë Lefèvre' }),
      await insertCreator(t.database.db, { status: 'listed', name: 'João Araújo' }),
    ];
    // The start-up pass is over: the worker now sleeps until the hour is up or a commit wakes it.
    await t.app.deliveries.idle();

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/creators/bulk',
      headers: owner,
      payload: { action: 'status', status: 'matched', creatorIds: listed.map((c) => c.creatorId) },
    });
    expect(res.statusCode).toBe(200);

    const hooks = await rig.hook.requests.waitFor(2);
    const told = hooks.map((hook) => JSON.parse(hook.body) as { type: string; data: { creatorId: string } });
    expect(told.map((body) => body.type)).toEqual(['creator.status_changed', 'creator.status_changed']);
    expect(told.map((body) => body.data.creatorId).sort()).toEqual(listed.map((c) => c.creatorId).sort());
  });

  it('is not woken by a change that rolls back after writing its event', async () => {
    rig = await startRig({ alerts: HOUR_POLL });
    const { t } = rig;
    const owner = await signIn(t);
    let notices = 0;
    const stop = onCommitNotice(t.database.db, OUTBOX_NOTICE, () => {
      notices += 1;
    });
    const sendLinkByEmail = (creatorId: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/creators/${creatorId}/send-stage2`,
        headers: owner,
        payload: { email: true },
      });

    // The status change's event is written first; the refusal of the e-mail then rolls the whole change back.
    const telegram = await insertCreator(t.database.db, { contactMethod: 'Telegram', contactInfo: '@sam_k' });
    expect((await sendLinkByEmail(telegram.creatorId)).statusCode).toBe(409);
    expect(notices).toBe(0);
    expect(await t.database.db.select().from(outboxEvents).where(eq(outboxEvents.creatorId, telegram.id))).toEqual([]);

    const email = await insertCreator(t.database.db, { contactInfo: 'ines.garcia@example.com', name: 'Inés García' });
    expect((await sendLinkByEmail(email.creatorId)).statusCode).toBe(200);
    expect(notices).toBe(1);
    stop();
  });
});

describe('the delivery worker gathers commits that come close together', () => {
  it('fans out the events of commits made within its wait in one pass, not one pass each', async () => {
    rig = await startRig({ channels: { mail: false }, alerts: HOUR_POLL, shouldDeliverAlerts: false });
    const { t } = rig;
    // Long enough that nothing but idle() starts the pass, however slow the machine.
    const worker = startTestDeliveryWorker(t, { gatherMs: 60_000 });
    try {
      await worker.idle();
      const applicants = [
        await insertCreator(t.database.db, { name: 'Zoë Lefèvre', contactInfo: 'zoe.lefevre@example.fr' }),
        await insertCreator(t.database.db, { name: 'João Araújo', contactInfo: 'joao.araujo@example.com.br' }),
      ];
      const submitted = async (creator: (typeof applicants)[number]) => {
        await t.database.db.transaction((tx) => recordEvent(tx, 'creator.submitted', creator));
        // Time enough for a pass that started at the commit to be over before the next one.
        await new Promise((resolve) => setTimeout(resolve, 150));
      };
      for (const applicant of applicants) await submitted(applicant);
      const waiting = await t.database.db.select().from(outboxEvents);
      expect(waiting.map((event) => event.fannedOutAt)).toEqual([null, null]);

      await worker.idle();
      const fannedOut = await t.database.db.select().from(outboxEvents);
      expect(fannedOut).toHaveLength(2);
      expect(new Set(fannedOut.map((event) => event.fannedOutAt?.toISOString())).size).toBe(1);
      expect(fannedOut[0]?.fannedOutAt).not.toBeNull();
      await rig.hook.requests.waitFor(2);
    } finally {
      await worker.stop();
    }
  });
});
