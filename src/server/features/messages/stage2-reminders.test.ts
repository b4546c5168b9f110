import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { AlertSettings } from '#server/config.ts';
import { creators } from '#server/db/schema.ts';
import { signIn } from '#tests/setup/test-app.ts';
import { type AlertRig, startRig } from '../alerts/alerts.test-support.ts';
import { postForm, validStage2 } from '../stage2/stage2.test-support.ts';
import { applicant, REMINDERS, remindersOf, SOFIA, sendLink, testClock } from './stage2-reminders.test-support.ts';

/** Each test starts its own database, app and mail server, inside the test's time. */
const RIG_TEST = { timeout: 60_000 };

let rig: AlertRig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

async function reminderRig(alerts: Partial<AlertSettings> = REMINDERS) {
  const clock = testClock();
  rig = await startRig({ channels: { webhook: false }, alerts, deliveryClock: clock.now });
  const { t, mail } = rig;
  const headers = await signIn(t);
  /** One pass of the worker at the clock's time, finished (and whatever it woke itself for). */
  const pass = async (days: number, hours = 0) => {
    clock.set(days, hours);
    t.app.deliveries.wake();
    await t.app.deliveries.idle();
  };
  return { t, mail, headers, clock, pass };
}

describe('stage-2 reminders (STAGE2_REMINDER_DAYS=2,5)', RIG_TEST, () => {
  it('e-mails one reminder past each mark in her language, by the system, and never twice', async () => {
    const { t, mail, headers, pass } = await reminderRig();
    const sofia = await applicant(t.database.db, SOFIA);
    const token = await sendLink(t, headers, sofia.creatorId);
    expect(mail.mails.items[0]?.subject).toBe('Tu siguiente paso con Rollick');

    await pass(1, 23);
    expect(mail.mails.items).toHaveLength(1);
    expect((await remindersOf(t.database.db, sofia.id)).rows).toEqual([]);

    await pass(2, 1);
    expect(mail.mails.items).toHaveLength(2);
    const reminder = mail.mails.items[1];
    expect(reminder?.envelopeTo).toEqual([SOFIA[3]]);
    expect(reminder?.subject).toBe('Un recordatorio de Rollick');
    expect(reminder?.text).toContain(
      `Hola Sofía Martínez, la segunda parte de tu solicitud en Rollick (${sofia.creatorId}) sigue pendiente.`,
    );
    // The server keeps no usable link (only its hash): a reminder cannot carry the token.
    expect(reminder?.text).not.toContain(token);
    const afterFirst = await remindersOf(t.database.db, sofia.id);
    expect(afterFirst.entries).toHaveLength(1);
    expect(afterFirst.entries[0]).toMatchObject({
      performedBy: 'system',
      additionalInfo: {
        channel: 'email',
        purpose: 'stage2_reminder',
        language: 'es',
        eventId: afterFirst.events[0]?.id,
        reminderDay: 2,
      },
    });
    expect(afterFirst.rows.map((row) => row.markDays)).toEqual([2]);

    // Waking again, however often, sends nothing more before the next mark.
    await pass(2, 2);
    await pass(4, 23);
    expect(mail.mails.items).toHaveLength(2);

    await pass(5, 1);
    expect(mail.mails.items).toHaveLength(3);
    expect(mail.mails.items[2]?.subject).toBe('Un recordatorio de Rollick');
    await pass(5, 2);
    await pass(12);
    expect(mail.mails.items).toHaveLength(3);
    const all = await remindersOf(t.database.db, sofia.id);
    expect(all.entries.map((entry) => entry.additionalInfo?.reminderDay)).toEqual([2, 5]);
    expect(all.rows.map((row) => row.markDays).sort()).toEqual([2, 5]);
    expect(all.events).toHaveLength(2);

    // The history shows both, sent by the system and delivered.
    const detail = await t.app.inject({ method: 'GET', url: `/api/admin/creators/${sofia.creatorId}`, headers });
    expect(detail.json().messages).toMatchObject([
      { sentBy: 'system', channel: 'email', purpose: 'stage2_reminder', language: 'es', delivery: { status: 'sent' } },
      { sentBy: 'system', channel: 'email', purpose: 'stage2_reminder', language: 'es', delivery: { status: 'sent' } },
    ]);
  });

  it('sends only the latest mark that passed while no pass ran, in the wording owners gave it', async () => {
    const { t, mail, headers, pass } = await reminderRig();
    const lena = await applicant(
      t.database.db,
      ['Lena Berg', 'de', 'Email', 'lena.berg@posteo.example'],
      'Jonas Weber',
    );
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/message-templates/stage2_reminder/de',
      headers,
      payload: {
        subject: 'Kurze Erinnerung, {name}',
        body: 'Hallo {name}, {recruiter} wartet auf Teil 2 ({creatorId}).',
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await sendLink(t, headers, lena.creatorId);

    await pass(6);
    expect(mail.mails.items).toHaveLength(2);
    expect(mail.mails.items[1]?.subject).toBe('Kurze Erinnerung, Lena Berg');
    expect(mail.mails.items[1]?.text).toContain(`Hallo Lena Berg, Jonas Weber wartet auf Teil 2 (${lena.creatorId}).`);
    await pass(7);
    expect(mail.mails.items).toHaveLength(2);
    const { entries, rows } = await remindersOf(t.database.db, lena.id);
    expect(entries.map((entry) => entry.additionalInfo?.reminderDay)).toEqual([5]);
    expect(rows.map((row) => row.markDays)).toEqual([5]);
  });

  it('stops once she submits stage 2', async () => {
    const { t, mail, headers, pass } = await reminderRig();
    const sofia = await applicant(t.database.db, SOFIA);
    const token = await sendLink(t, headers, sofia.creatorId);
    await pass(2, 1);
    expect(mail.mails.items).toHaveLength(2);

    const submitted = await postForm(t, { creatorId: sofia.creatorId, token }, validStage2({ country: 'Spain' }));
    expect(submitted.statusCode, submitted.body).toBe(200);
    const [row] = await t.database.db.select().from(creators).where(eq(creators.id, sofia.id));
    expect(row?.status).toBe('stage2_submitted');

    await pass(5, 1);
    await pass(9);
    expect(mail.mails.items.filter((item) => item.envelopeTo.includes(SOFIA[3]))).toHaveLength(2);
    expect((await remindersOf(t.database.db, sofia.id)).rows.map((r) => r.markDays)).toEqual([2]);
  });

  it('counts the marks again from a new link', async () => {
    const { t, mail, headers, clock, pass } = await reminderRig();
    const sofia = await applicant(t.database.db, SOFIA);
    await sendLink(t, headers, sofia.creatorId);
    await pass(2, 1);
    expect(mail.mails.items).toHaveLength(2);
    const [first] = await t.database.db
      .select({ at: creators.stage2LinkSentAt })
      .from(creators)
      .where(eq(creators.id, sofia.id));

    // The database stamps the new link with its real clock: the worker's clock goes back to it.
    clock.set(0);
    await sendLink(t, headers, sofia.creatorId);
    expect(mail.mails.items[2]?.subject).toBe('Tu siguiente paso con Rollick');
    const [second] = await t.database.db
      .select({ at: creators.stage2LinkSentAt })
      .from(creators)
      .where(eq(creators.id, sofia.id));
    expect(second?.at?.getTime()).toBeGreaterThan(first?.at?.getTime() ?? Number.POSITIVE_INFINITY);

    // The old link's day 2 is gone with it; the new one's comes two days after the new link.
    await pass(1, 23);
    expect(mail.mails.items).toHaveLength(3);
    await pass(2, 1);
    expect(mail.mails.items).toHaveLength(4);
    expect(mail.mails.items[3]?.subject).toBe('Un recordatorio de Rollick');
    await pass(5, 1);
    expect(mail.mails.items).toHaveLength(5);
    const { rows } = await remindersOf(t.database.db, sofia.id);
    expect(rows.map((row) => [row.linkSentAt.getTime(), row.markDays]).sort()).toEqual(
      [
        [first?.at?.getTime(), 2],
        [second?.at?.getTime(), 2],
        [second?.at?.getTime(), 5],
      ].sort(),
    );
  });

  it('keeps the marks of a link an undo puts back: no mark is sent twice for it', async () => {
    const { t, mail, headers, clock, pass } = await reminderRig();
    const sofia = await applicant(t.database.db, SOFIA);
    await sendLink(t, headers, sofia.creatorId);
    await pass(2, 1);
    expect(mail.mails.items).toHaveLength(2);

    // Send Again makes a new link; taking it back puts the first link back, with the time it was made.
    clock.set(0);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/admin/creators/${sofia.creatorId}/send-stage2`,
      headers,
    });
    expect(again.statusCode, again.body).toBe(200);
    const undone = await t.app.inject({
      method: 'POST',
      url: `/api/admin/creators/${sofia.creatorId}/status/undo`,
      headers,
      payload: { change: again.json().change },
    });
    expect(undone.statusCode, undone.body).toBe(200);

    // Its day 2 went out already; its day 5 is still to come.
    await pass(2, 2);
    expect(mail.mails.items).toHaveLength(2);
    await pass(5, 1);
    expect(mail.mails.items).toHaveLength(3);
    const { rows } = await remindersOf(t.database.db, sofia.id);
    expect(rows.map((row) => row.markDays).sort()).toEqual([2, 5]);
    expect(new Set(rows.map((row) => row.linkSentAt.getTime())).size).toBe(1);
  });

  it('reminds nobody who chose a chat or a phone, and nobody whose link expired', async () => {
    const { t, mail, headers, pass } = await reminderRig();
    const { db } = t.database;
    const sofia = await applicant(db, SOFIA);
    const lucia = await applicant(db, ['Lucía Fernández', 'es', 'WhatsApp', '+34 612 345 678']);
    const olga = await applicant(db, ['Olga Petrova', 'ru', 'Telegram', '@olga_petrova']);
    await sendLink(t, headers, sofia.creatorId);
    for (const creator of [lucia, olga]) await sendLink(t, headers, creator.creatorId, false);

    await pass(2, 1);
    expect(mail.mails.items.map((item) => item.envelopeTo)).toEqual([[SOFIA[3]], [SOFIA[3]]]);
    for (const creator of [lucia, olga]) {
      expect(await remindersOf(db, creator.id)).toEqual({ entries: [], rows: [], events: [] });
    }

    // Her link has expired (STAGE2_LINK_DAYS, 30) before day 5's reminder went: no reminder for a dead link.
    await pass(31);
    expect(mail.mails.items).toHaveLength(2);
    expect((await remindersOf(db, sofia.id)).rows.map((row) => row.markDays)).toEqual([2]);
  });

  it('sends none when STAGE2_REMINDER_DAYS is unset or there is no SMTP', async () => {
    const { t, mail, headers, pass } = await reminderRig({ ...REMINDERS, stage2ReminderDays: [] });
    const sofia = await applicant(t.database.db, SOFIA);
    await sendLink(t, headers, sofia.creatorId);
    await pass(6);
    expect(mail.mails.items).toHaveLength(1);
    expect((await remindersOf(t.database.db, sofia.id)).rows).toEqual([]);
    await rig?.close();
    rig = undefined;

    // Without SMTP the link is handed over by staff; the marks pass without a reminder.
    const clock = testClock();
    rig = await startRig({ channels: { mail: false, webhook: false }, alerts: REMINDERS, deliveryClock: clock.now });
    const ana = await applicant(rig.t.database.db, ['Ana Beatriz Souza', 'pt', 'Email', 'ana.souza@exemplo.com.br']);
    await sendLink(rig.t, await signIn(rig.t), ana.creatorId, false);
    clock.set(6);
    rig.t.app.deliveries.wake();
    await rig.t.app.deliveries.idle();
    expect(await remindersOf(rig.t.database.db, ana.id)).toEqual({ entries: [], rows: [], events: [] });
  });
});
