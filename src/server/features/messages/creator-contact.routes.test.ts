import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { activityLog, creators, outboxEvents } from '#server/db/schema.ts';
import { CONTACT_ACTION, DEFAULT_TEMPLATES } from '#shared/message-templates.ts';
import { MESSAGE_MESSAGES } from '#shared/schemas/message-templates.ts';
import { insertCreator } from '#tests/factories.ts';
import { type AdminHeaders, setUpTestApp, signIn, TEST_ADMIN, type TestApp } from '#tests/setup/test-app.ts';
import { type AlertRig, deliveryRows, startRig } from '../alerts/alerts.test-support.ts';

const contact = (t: TestApp, headers: AdminHeaders, creatorId: string, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/creators/${creatorId}/contact`,
    headers,
    payload: payload as object,
  });

async function detailOf(t: TestApp, headers: AdminHeaders, creatorId: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/admin/creators/${creatorId}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** What a contact leaves behind in the database: its entries, the clock and any e-mail event. */
async function tracesOf(t: TestApp, id: string) {
  const { db } = t.database;
  const entries = await db
    .select()
    .from(activityLog)
    .where(and(eq(activityLog.creatorId, id), eq(activityLog.action, CONTACT_ACTION)));
  const [row] = await db
    .select({ firstStaffActionAt: creators.firstStaffActionAt })
    .from(creators)
    .where(eq(creators.id, id));
  const events = await db.select().from(outboxEvents).where(eq(outboxEvents.creatorId, id));
  return { entries, firstStaffActionAt: row?.firstStaffActionAt ?? null, events };
}

describe('POST /api/admin/creators/:creatorId/contact by a link staff open', () => {
  const t = setUpTestApp();
  const owner = t.headers;
  const REVIEWER = { username: 'rafael-reviewer', password: 'a long test password' };
  const reviewer = t.signedInAs({ ...REVIEWER, role: 'reviewer' });
  /** A contact as the composer sends it: template, language, channel. */
  const send = (creatorId: string, [purpose, language, channel]: readonly string[], headers = owner) =>
    contact(t, headers, creatorId, { purpose, language, channel });

  const lucia = () =>
    insertCreator(t.database.db, {
      name: 'Lucía Fernández',
      language: 'Spanish',
      locale: 'es',
      contactMethod: 'WhatsApp',
      contactInfo: '+34 612 345 678',
      recruiterName: 'Marta Ruiz',
    });

  it('records a WhatsApp message as an entry, starts no e-mail and stops the 24–48 h clock', async () => {
    const creator = await lucia();
    expect((await detailOf(t, owner, creator.creatorId)).creator.firstStaffActionAt).toBeNull();

    const res = await send(creator.creatorId, ['first_contact', 'es', 'whatsapp']);
    expect(res.statusCode, res.body).toBe(201);
    const { entry, message } = res.json();
    expect(entry).toMatchObject({
      action: CONTACT_ACTION,
      performedBy: TEST_ADMIN.username,
      additionalInfo: { channel: 'whatsapp', purpose: 'first_contact', language: 'es' },
    });
    expect(entry.additionalInfo).not.toHaveProperty('eventId');
    expect(message).toEqual({
      subject: 'Tu solicitud en Rollick',
      text: `Hola Lucía Fernández, te escribe el equipo de Rollick. ¡Gracias por tu solicitud (${creator.creatorId})! Nos gustaría hablar contigo de los próximos pasos. ¿Cuándo te viene bien?`,
      language: 'es',
      isFallback: false,
    });

    const detail = await detailOf(t, owner, creator.creatorId);
    expect(detail.creator.firstStaffActionAt).toEqual(expect.any(String));
    expect(detail.activityLog.at(-1)).toEqual(entry);
    expect(detail.messages).toEqual([
      {
        id: entry.id,
        sentAt: entry.timestamp,
        sentBy: TEST_ADMIN.username,
        channel: 'whatsapp',
        purpose: 'first_contact',
        language: 'es',
        delivery: null,
      },
    ]);
    // A chat happens in staff's app: nothing for the delivery worker.
    expect((await tracesOf(t, creator.id)).events).toEqual([]);
  });

  it('keeps the clock where the first action stopped it', async () => {
    const creator = await lucia();
    await send(creator.creatorId, ['first_contact', 'es', 'whatsapp']);
    const first = (await tracesOf(t, creator.id)).firstStaffActionAt;
    expect(first).toBeInstanceOf(Date);
    const again = await send(creator.creatorId, ['listed', 'en', 'whatsapp']);
    expect(again.statusCode).toBe(201);
    const traces = await tracesOf(t, creator.id);
    expect(traces.firstStaffActionAt).toEqual(first);
    expect(traces.entries).toHaveLength(2);
    const { messages } = await detailOf(t, owner, creator.creatorId);
    expect(messages.map((m: { purpose: string; language: string }) => [m.purpose, m.language])).toEqual([
      ['first_contact', 'es'],
      ['listed', 'en'],
    ]);
  });

  it('records a Telegram message sent by a reviewer, in the language staff chose', async () => {
    const olga = await insertCreator(t.database.db, {
      name: 'Olga Petrova',
      language: 'Russian',
      locale: 'ru',
      contactMethod: 'Telegram',
      contactInfo: '@olga_petrova',
      status: 'listed',
    });
    const res = await send(olga.creatorId, ['listed', 'ru', 'telegram'], reviewer);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().entry).toMatchObject({
      performedBy: REVIEWER.username,
      additionalInfo: { channel: 'telegram', purpose: 'listed', language: 'ru' },
    });
    expect(res.json().message.subject).toBe('Ваш профиль опубликован в Rollick');
    expect(res.json().message.text).toMatch(/^Здравствуйте, Olga Petrova! Хорошие новости/);
    const detail = await detailOf(t, owner, olga.creatorId);
    expect(detail.creator.firstStaffActionAt).toEqual(expect.any(String));
    expect(detail.messages).toMatchObject([{ sentBy: REVIEWER.username, channel: 'telegram', delivery: null }]);
  });

  it("records an SMS in the owners' wording, and in English where they removed her translation", async () => {
    const ana = await insertCreator(t.database.db, {
      name: 'Ana Beatriz Souza',
      language: 'Portuguese',
      locale: 'pt',
      contactMethod: 'SMS/Phone',
      contactInfo: '+55 11 98765-4321',
      recruiterName: 'Camila Rocha',
    });
    const templateUrl = '/api/admin/message-templates/first_contact/pt';
    const own = { subject: 'Oi {name}', body: 'Oi {name}! Aqui é {recruiter}, da {brand}. Podemos falar hoje?' };
    expect((await t.app.inject({ method: 'PUT', url: templateUrl, headers: owner, payload: own })).statusCode).toBe(
      200,
    );
    const reworded = await send(ana.creatorId, ['first_contact', 'pt', 'sms']);
    expect(reworded.statusCode, reworded.body).toBe(201);
    expect(reworded.json().message).toEqual({
      subject: 'Oi Ana Beatriz Souza',
      text: 'Oi Ana Beatriz Souza! Aqui é Camila Rocha, da Rollick. Podemos falar hoje?',
      language: 'pt',
      isFallback: false,
    });

    const removed = await t.app.inject({
      method: 'PUT',
      url: templateUrl,
      headers: owner,
      payload: { useEnglish: true },
    });
    expect(removed.statusCode).toBe(200);
    const english = await send(ana.creatorId, ['first_contact', 'pt', 'sms']);
    expect(english.statusCode, english.body).toBe(201);
    expect(english.json().message).toMatchObject({
      subject: 'Your application to Rollick',
      language: 'en',
      isFallback: true,
    });
    // The entry says what she got: the English text.
    expect(english.json().entry.additionalInfo).toMatchObject({ channel: 'sms', language: 'en' });
    expect((await t.app.inject({ method: 'DELETE', url: templateUrl, headers: owner })).statusCode).toBe(200);
  });

  it('refuses a channel other than her method with 409 and writes nothing', async () => {
    const creator = await lucia();
    const res = await send(creator.creatorId, ['first_contact', 'es', 'telegram']);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'CONFLICT',
      message: 'This creator asked to be contacted by WhatsApp, not telegram',
    });
    const mailer = await insertCreator(t.database.db, {
      name: 'Camille Dubois',
      locale: 'fr',
      language: 'French',
      contactMethod: 'Email',
      contactInfo: 'camille.dubois@exemple.fr',
    });
    const sms = await send(mailer.creatorId, ['first_contact', 'fr', 'sms']);
    expect(sms.statusCode).toBe(409);
    for (const id of [creator.id, mailer.id]) {
      expect(await tracesOf(t, id)).toEqual({ entries: [], firstStaffActionAt: null, events: [] });
    }
  });

  it('refuses the server e-mail without SMTP, and records the mail-app link instead', async () => {
    const camille = await insertCreator(t.database.db, {
      name: 'Camille Dubois',
      locale: 'fr',
      language: 'French',
      contactMethod: 'Email',
      contactInfo: 'camille.dubois@exemple.fr',
    });
    const email = await send(camille.creatorId, ['first_contact', 'fr', 'email']);
    expect(email.statusCode).toBe(409);
    expect(email.json().message).toBe(
      'E-mail is not configured on this server (SMTP_URL); send it from your mail app instead',
    );
    expect(await tracesOf(t, camille.id)).toEqual({ entries: [], firstStaffActionAt: null, events: [] });

    const mailto = await send(camille.creatorId, ['first_contact', 'fr', 'mailto']);
    expect(mailto.statusCode, mailto.body).toBe(201);
    expect(mailto.json().message.subject).toBe('Votre candidature chez Rollick');
    const traces = await tracesOf(t, camille.id);
    expect(traces.entries).toHaveLength(1);
    expect(traces.events).toEqual([]);
    expect((await detailOf(t, owner, camille.creatorId)).messages).toMatchObject([
      { channel: 'mailto', delivery: null },
    ]);
  });

  it('refuses a contact that cannot make its link', async () => {
    const creator = await insertCreator(t.database.db, {
      name: 'Priya Sharma',
      contactMethod: 'Telegram',
      contactInfo: 'ask my manager',
    });
    const res = await send(creator.creatorId, ['first_contact', 'en', 'telegram']);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("This creator's contact cannot make a telegram link");
    expect((await tracesOf(t, creator.id)).entries).toEqual([]);
  });

  it('refuses the stage-2 invitation, an unknown channel or template, and an unknown creator', async () => {
    const creator = await lucia();
    const invitation = await send(creator.creatorId, ['stage2_invitation', 'es', 'whatsapp']);
    expect(invitation.statusCode).toBe(400);
    expect(invitation.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message:
        'This template cannot be sent from the record; the stage-2 invitation goes with a new link (Send Stage 2)',
    });
    const fax = await send(creator.creatorId, ['first_contact', 'es', 'fax']);
    expect(fax.statusCode).toBe(400);
    expect(fax.json().message).toBe(MESSAGE_MESSAGES.channel);
    const birthday = await send(creator.creatorId, ['birthday', 'es', 'whatsapp']);
    expect(birthday.statusCode).toBe(400);
    expect(birthday.json().message).toBe(MESSAGE_MESSAGES.purpose);
    const italian = await send(creator.creatorId, ['first_contact', 'it', 'whatsapp']);
    expect(italian.statusCode).toBe(400);
    expect(italian.json().message).toBe(MESSAGE_MESSAGES.language);
    expect(await tracesOf(t, creator.id)).toEqual({ entries: [], firstStaffActionAt: null, events: [] });

    const missing = await send('RC-AAAAAAAA', ['first_contact', 'es', 'whatsapp']);
    expect(missing.statusCode).toBe(404);
  });
});

describe('POST /api/admin/creators/:creatorId/contact by the server e-mail', { timeout: 60_000 }, () => {
  let rig: AlertRig | undefined;
  afterEach(async () => {
    await rig?.close();
    rig = undefined;
  });

  it('reaches her mailbox in her language, escaped in HTML, and the history shows it delivered', async () => {
    rig = await startRig();
    const headers = await signIn(rig.t);
    const sofia = await insertCreator(rig.t.database.db, {
      name: 'Sofía <b>Martínez</b>',
      language: 'Spanish',
      locale: 'es',
      contactMethod: 'Email',
      contactInfo: 'sofia.martinez@correo.example',
      recruiterName: 'Marta Ruiz',
    });
    const res = await contact(rig.t, headers, sofia.creatorId, {
      purpose: 'first_contact',
      language: 'es',
      channel: 'email',
    });
    expect(res.statusCode, res.body).toBe(201);
    const { entry, message } = res.json();
    expect(entry.additionalInfo).toEqual({
      channel: 'email',
      purpose: 'first_contact',
      language: 'es',
      eventId: expect.any(String),
    });

    const [mail] = await rig.mail.mails.waitFor(1);
    await rig.t.app.deliveries.idle();
    expect(mail?.envelopeTo).toEqual(['sofia.martinez@correo.example']);
    expect(mail?.subject).toBe(DEFAULT_TEMPLATES.first_contact.es.subject.replace('{brand}', 'Rollick'));
    expect(mail?.subject).toBe(message.subject);
    expect(mail?.text).toContain(
      `Hola Sofía <b>Martínez</b>, te escribe el equipo de Rollick. ¡Gracias por tu solicitud (${sofia.creatorId})!`,
    );
    expect(mail?.html).toContain('Hola Sofía &lt;b&gt;Martínez&lt;/b&gt;, te escribe el equipo de Rollick.');
    expect(mail?.html).not.toContain('<b>Martínez</b>');
    // Hers alone: no staff alert and no webhook carry her message.
    expect(rig.mail.mails.items).toHaveLength(1);
    expect(rig.hook.requests.items).toHaveLength(0);
    expect((await deliveryRows(rig.t)).map((row) => [row.type, row.channel, row.status])).toEqual([
      ['creator.message', 'email-applicant', 'sent'],
    ]);

    const detail = await detailOf(rig.t, headers, sofia.creatorId);
    expect(detail.creator.firstStaffActionAt).toEqual(expect.any(String));
    expect(detail.messages).toEqual([
      {
        id: entry.id,
        sentAt: entry.timestamp,
        sentBy: TEST_ADMIN.username,
        channel: 'email',
        purpose: 'first_contact',
        language: 'es',
        delivery: { status: 'sent', sentAt: expect.any(String), lastError: null },
      },
    ]);
  });

  it('shows a refused e-mail as failed with the reason, without her address', async () => {
    rig = await startRig({ channels: { webhook: false } });
    const headers = await signIn(rig.t);
    const lena = await insertCreator(rig.t.database.db, {
      name: 'Lena Berg',
      language: 'German',
      locale: 'de',
      contactMethod: 'Email',
      contactInfo: 'lena.berg@posteo.example',
      status: 'matched',
    });
    rig.mail.refuseNext(550);
    const res = await contact(rig.t, headers, lena.creatorId, { purpose: 'matched', language: 'de', channel: 'email' });
    expect(res.statusCode, res.body).toBe(201);
    await rig.t.app.deliveries.idle();
    const { messages } = await detailOf(rig.t, headers, lena.creatorId);
    expect(messages).toMatchObject([
      {
        channel: 'email',
        purpose: 'matched',
        language: 'de',
        delivery: { status: 'failed', sentAt: null, lastError: expect.stringContaining('550') },
      },
    ]);
    expect(messages[0].delivery.lastError).not.toContain('lena.berg@posteo.example');
    expect(rig.mail.mails.items).toHaveLength(0);
  });
});
