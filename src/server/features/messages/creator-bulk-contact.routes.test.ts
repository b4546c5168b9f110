import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { activityLog, outboxEvents } from '#server/db/schema.ts';
import { BULK_CONTACT_MAX } from '#shared/limits.ts';
import { CONTACT_ACTION } from '#shared/message-templates.ts';
import { insertCreator } from '#tests/factories.ts';
import { signIn } from '#tests/setup/test-app.ts';
import { type AlertRig, startRig } from '../alerts/alerts.test-support.ts';

/** Each test starts its own database, app and mail server, inside the test's time. */
const RIG_TEST = { timeout: 60_000 };

let rig: AlertRig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

async function team(rigOptions: Parameters<typeof startRig>[0] = {}) {
  rig = await startRig({ channels: { webhook: false }, ...rigOptions });
  const { db } = rig.t.database;
  const camille = await insertCreator(db, {
    name: 'Camille Dubois',
    language: 'French',
    locale: 'fr',
    contactMethod: 'Email',
    contactInfo: 'camille.dubois@exemple.fr',
  });
  const ana = await insertCreator(db, {
    name: 'Ana Beatriz Souza',
    language: 'Portuguese',
    locale: 'pt',
    contactMethod: 'SMS/Phone',
    contactInfo: '+55 11 98765-4321',
  });
  const yuki = await insertCreator(db, {
    name: 'Yuki Tanaka',
    language: 'Japanese',
    contactMethod: 'Telegram',
    contactInfo: 'no handle yet',
  });
  const headers = await signIn(rig.t);
  const post = (payload: unknown) =>
    rig?.t.app.inject({
      method: 'POST',
      url: '/api/admin/creators/bulk-contact',
      headers,
      payload: payload as object,
    });
  return { db, camille, ana, yuki, post };
}

const sentOf = async (db: NonNullable<AlertRig>['t']['database']['db'], creatorId: string) =>
  (await db.select().from(activityLog).where(eq(activityLog.creatorId, creatorId))).filter(
    (entry) => entry.action === CONTACT_ACTION,
  );

describe('POST /api/admin/creators/bulk-contact', RIG_TEST, () => {
  it('prepares without sending: who gets the e-mail, a link in her language for the others, who cannot be reached', async () => {
    const { db, camille, ana, yuki, post } = await team();
    const res = await post({
      creatorIds: [camille.creatorId, ana.creatorId, yuki.creatorId],
      purpose: 'first_contact',
    });
    expect(res?.statusCode, res?.body).toBe(200);
    const result = res?.json();
    expect(result.sent).toBe(false);
    expect(result.emails).toEqual([{ creatorId: camille.creatorId, name: 'Camille Dubois', language: 'fr' }]);
    expect(result.links).toHaveLength(1);
    expect(result.links[0]).toMatchObject({ creatorId: ana.creatorId, channel: 'sms', language: 'pt' });
    expect(result.links[0].href.startsWith('sms:+5511987654321?body=')).toBe(true);
    expect(result.links[0].text).toContain('Olá, Ana Beatriz Souza');
    // Japanese is not one of ours: she is written to in English, and her handle makes no Telegram link.
    expect(result.skipped).toMatchObject([{ creatorId: yuki.creatorId, language: 'en' }]);
    // Preparing wrote nothing and sent nothing.
    expect(await sentOf(db, camille.id)).toEqual([]);
    expect(await db.select().from(outboxEvents).where(eq(outboxEvents.type, 'creator.message'))).toEqual([]);
  });

  it('sends the e-mails on send, each as its own entry, and leaves the links to be opened', async () => {
    const { db, camille, ana, post } = await team();
    const res = await post({ creatorIds: [camille.creatorId, ana.creatorId], purpose: 'listed', send: true });
    expect(res?.statusCode, res?.body).toBe(200);
    expect(res?.json().sent).toBe(true);
    const [received] = (await rig?.mail.mails.waitFor(1)) ?? [];
    expect(received?.envelopeTo).toEqual(['camille.dubois@exemple.fr']);
    expect(received?.subject).toBe('Vous êtes maintenant référencée chez Rollick');
    const [entry] = await sentOf(db, camille.id);
    expect(entry?.additionalInfo).toMatchObject({ channel: 'email', purpose: 'listed', language: 'fr' });
    expect(await sentOf(db, ana.id)).toEqual([]);
  });

  it('offers no server e-mail without SMTP: she is a mailto link instead', async () => {
    const { camille, post } = await team({ channels: { mail: false, webhook: false } });
    const res = await post({ creatorIds: [camille.creatorId], purpose: 'first_contact', send: true });
    expect(res?.json()).toMatchObject({ emails: [], links: [{ channel: 'mailto', creatorId: camille.creatorId }] });
  });

  it('refuses a stage-2 invitation, an empty selection and too many creators, changing nothing', async () => {
    const { db, camille, post } = await team();
    const invitation = await post({ creatorIds: [camille.creatorId], purpose: 'stage2_invitation', send: true });
    expect(invitation?.statusCode).toBe(400);
    expect((await post({ creatorIds: [], purpose: 'first_contact' }))?.statusCode).toBe(400);
    const many = Array.from({ length: BULK_CONTACT_MAX + 1 }, () => camille.creatorId);
    const tooMany = await post({ creatorIds: many, purpose: 'first_contact' });
    expect(tooMany?.statusCode).toBe(400);
    expect(tooMany?.json().message).toBe(`At most ${BULK_CONTACT_MAX} creators can be contacted at once; select fewer`);
    expect(await sentOf(db, camille.id)).toEqual([]);
  });
});
