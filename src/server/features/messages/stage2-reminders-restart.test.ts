import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client.ts';
import { type MailServer, startMailServer } from '#tests/setup/alert-receivers.ts';
import { buildTestApp, signIn, type TestApp } from '#tests/setup/test-app.ts';
import { createTestDatabase } from '#tests/setup/test-db.ts';
import { type AlertRig, alertSettings, startRig } from '../alerts/alerts.test-support.ts';
import { applicant, DAY, HOUR, REMINDERS, remindersOf, sendLink, testClock } from './stage2-reminders.test-support.ts';
import { sendDueReminders } from './stage2-reminders.ts';

/** Each test starts its own database, app and mail server, inside the test's time. */
const RIG_TEST = { timeout: 60_000 };

let rig: AlertRig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

/**
 * One install restarted: servers started one after another on one database and one mail server, all with the
 * same worker clock; whatever is still running at the end is closed.
 */
async function restartedInstall(
  work: (install: {
    database: Database;
    mail: MailServer;
    clock: ReturnType<typeof testClock>;
    start(options?: { shouldDeliverAlerts?: boolean }): Promise<TestApp>;
    stop(app: TestApp): Promise<void>;
  }) => Promise<void>,
) {
  const mail = await startMailServer();
  const database = await createTestDatabase();
  const clock = testClock();
  const config = { alerts: alertSettings(mail, null, REMINDERS) };
  const running = new Set<TestApp>();
  try {
    await work({
      database,
      mail,
      clock,
      start: async (options = {}) => {
        const app = await buildTestApp({ database, config, deliveryClock: clock.now, ...options });
        running.add(app);
        return app;
      },
      stop: async (app) => {
        running.delete(app);
        await app.close();
      },
    });
  } finally {
    for (const app of running) await app.close();
    await database.close();
    await mail.close();
  }
}

/** A pass of the worker on demand, finished. */
async function passNow(t: TestApp) {
  await t.app.deliveries.idle();
  t.app.deliveries.wake();
  await t.app.deliveries.idle();
}

describe('stage-2 reminders exactly once across restarts and instances', RIG_TEST, () => {
  it('sends the mark that passed while the server was down once after the restart, and not again after another', () =>
    restartedInstall(async ({ database, mail, clock, start, stop }) => {
      const first = await start();
      const camille = await applicant(database.db, ['Camille Dubois', 'fr', 'Email', 'camille.dubois@exemple.fr']);
      await sendLink(first, await signIn(first), camille.creatorId);
      expect(mail.mails.items).toHaveLength(1);
      await stop(first);

      // Day 2 passes with no server running; the next one to start sends it, on its first pass.
      clock.set(2, 3);
      const second = await start();
      const [, reminder] = await mail.mails.waitFor(2);
      expect(reminder?.subject).toBe('Un rappel de Rollick');
      expect(reminder?.envelopeTo).toEqual(['camille.dubois@exemple.fr']);
      await passNow(second);
      await stop(second);

      await passNow(await start());
      expect(mail.mails.items).toHaveLength(2);
      const { entries, rows, events } = await remindersOf(database.db, camille.id);
      expect([entries.length, rows.length, events.length]).toEqual([1, 1, 1]);
    }));

  it('delivers once a reminder committed by a server that stopped before sending it', () =>
    restartedInstall(async ({ database, mail, clock, start, stop }) => {
      const first = await start({ shouldDeliverAlerts: false });
      const ana = await applicant(database.db, ['Ana Beatriz Souza', 'pt', 'Email', 'ana.souza@exemplo.com.br']);
      await sendLink(first, await signIn(first), ana.creatorId);
      // A pass made the reminder and its e-mail's event, then the server went away before delivering either.
      clock.set(2, 1);
      expect(await sendDueReminders(database.db, { marks: [2, 5], now: clock.now(), brand: 'Rollick' })).toBe(1);
      await stop(first);
      expect(mail.mails.items).toHaveLength(0);

      const second = await start();
      const mails = await mail.mails.waitFor(2);
      await passNow(second);
      expect(mails.map((item) => item.subject).sort()).toEqual(
        ['Seu próximo passo com a Rollick', 'Um lembrete da Rollick'].sort(),
      );
      expect(mail.mails.items).toHaveLength(2);
      const { entries, rows, events } = await remindersOf(database.db, ana.id);
      expect([entries.length, rows.length, events.length]).toEqual([1, 1, 1]);
    }));

  it('makes one reminder when two passes race for the same mark', async () => {
    // No SMTP, so the worker makes no pass of its own: only the racing calls below make reminders.
    rig = await startRig({ channels: { mail: false, webhook: false }, alerts: REMINDERS });
    const { db } = rig.t.database;
    const headers = await signIn(rig.t);
    const applicants = [];
    for (const who of [
      ['Mariana Costa', 'pt', 'Email', 'mariana.costa@exemplo.com.br'],
      ['Natalia Ivanova', 'ru', 'Email', 'natalia.ivanova@yandex.example'],
      ['Chloé Martin', 'fr', 'Email', 'chloe.martin@exemple.fr'],
    ] as const) {
      const creator = await applicant(db, who);
      await sendLink(rig.t, headers, creator.creatorId, false);
      applicants.push(creator);
    }
    const due = { marks: [2, 5], now: new Date(Date.now() + 2 * DAY + HOUR), brand: 'Rollick' };
    const counts = await Promise.all([sendDueReminders(db, due), sendDueReminders(db, due)]);
    expect(counts[0] + counts[1]).toBe(3);
    expect(await Promise.all([sendDueReminders(db, due), sendDueReminders(db, due)])).toEqual([0, 0]);
    for (const creator of applicants) {
      const { entries, rows, events } = await remindersOf(db, creator.id);
      expect([entries.length, rows.length, events.length], creator.name).toEqual([1, 1, 1]);
      expect(events[0]?.payload).toMatchObject({ message: { purpose: 'stage2_reminder', language: creator.locale } });
    }
  });
});
