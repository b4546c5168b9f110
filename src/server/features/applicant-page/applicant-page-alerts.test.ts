import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { outboxEvents } from '#server/db/schema.ts';
import { type AlertRig, deliveryRows, STAFF, startRig } from '../alerts/alerts.test-support.ts';
import { submit, validApplication } from '../submissions/submissions.test-support.ts';
import { tokenOf, withdraw } from './applicant-page.test-support.ts';

/** Each test starts its own database, app, mail server and webhook receiver, inside the test's time. */
const RIG_TEST = { timeout: 60_000 };

let rig: AlertRig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

describe('her own page in the e-mails', RIG_TEST, () => {
  it('puts the absolute link to her page in her confirmation, in her language, and nowhere else', async () => {
    rig = await startRig();
    const res = await submit(
      rig.t,
      validApplication({ name: 'Lucía Fernández', contactInfo: 'lucia.fernandez@example.com', locale: 'es' }),
    );
    const { creatorId, pageUrl } = res.json();
    const mails = await rig.mail.mails.waitFor(2);
    const hooks = await rig.hook.requests.waitFor(1);
    await rig.t.app.deliveries.idle();

    const mine = mails.find((mail) => mail.envelopeTo.includes('lucia.fernandez@example.com'));
    const link = `http://localhost:3000${pageUrl}`;
    expect(mine?.subject).toBe('Hemos recibido tu solicitud en Rollick');
    expect(mine?.text).toContain('en tu página personal');
    expect(mine?.text).toContain(link);
    expect(mine?.html).toContain(`href="${link.replaceAll('&', '&amp;')}"`);
    const token = tokenOf(pageUrl);
    const staffMail = mails.find((mail) => mail.envelopeTo.includes(STAFF[0] as string));
    expect(staffMail?.text).toContain(creatorId);
    expect(staffMail?.text).not.toContain(token);
    expect(hooks[0]?.body).not.toContain(token);

    // Once in her mailbox, the outbox forgets the link.
    const [event] = await rig.t.database.db
      .select()
      .from(outboxEvents)
      .where(eq(outboxEvents.type, 'creator.submitted'));
    expect(event?.payload).not.toHaveProperty('link');
  });

  it('forgets the link once no e-mail will carry it: applicant e-mails switched off', async () => {
    rig = await startRig({ alerts: { applicantEmails: false } });
    await submit(rig.t, validApplication({ contactInfo: 'ines.ramos@example.com' }));
    const [staffMail] = await rig.mail.mails.waitFor(1);
    await rig.t.app.deliveries.idle();
    expect(staffMail?.envelopeTo).not.toContain('ines.ramos@example.com');
    const [event] = await rig.t.database.db.select().from(outboxEvents);
    expect(event?.fannedOutAt).not.toBeNull();
    expect(event?.payload).not.toHaveProperty('link');
  });

  it('never stores the link for an applicant no e-mail can reach', async () => {
    rig = await startRig();
    await submit(rig.t, validApplication({ contactMethod: 'Telegram', contactInfo: '@lucia_fdz' }));
    const [event] = await rig.t.database.db.select().from(outboxEvents);
    expect(event?.payload).not.toHaveProperty('link');
  });
});

describe('her withdrawal', RIG_TEST, () => {
  it('alerts staff by e-mail and the webhook, with her Creator ID and no contact details', async () => {
    rig = await startRig({ alerts: { applicantEmails: false } });
    const res = await submit(rig.t, validApplication({ contactMethod: 'Telegram', contactInfo: '@lucia_fdz' }));
    const { creatorId, pageUrl } = res.json();
    await rig.mail.mails.waitFor(1);
    await rig.hook.requests.waitFor(1);

    expect((await withdraw(rig.t, creatorId, tokenOf(pageUrl))).statusCode).toBe(200);
    const mails = await rig.mail.mails.waitFor(2);
    const hooks = await rig.hook.requests.waitFor(2);
    await rig.t.app.deliveries.idle();

    expect(mails[1]?.subject).toBe(`[Rollick] Application withdrawn by the applicant: ${creatorId} Jamie Rivera`);
    expect(mails[1]?.text).toContain('Status: cancelled');
    expect(mails[1]?.text).not.toContain('@lucia_fdz');
    const body = JSON.parse(hooks[1]?.body ?? '{}');
    expect(body).toMatchObject({
      type: 'creator.withdrawn',
      data: { creatorId, status: 'cancelled', previousStatus: 'pending' },
    });
    const withdrawn = (await deliveryRows(rig.t)).filter((row) => row.type === 'creator.withdrawn');
    expect(withdrawn.map((row) => [row.channel, row.status]).sort()).toEqual([
      ['email-staff', 'sent'],
      ['webhook', 'sent'],
    ]);
  });
});
