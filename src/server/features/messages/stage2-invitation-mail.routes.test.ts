import { afterEach, describe, expect, it } from 'vitest';
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

async function invitationMail(template: { language: string; change: object } | null) {
  rig = await startRig({ channels: { webhook: false } });
  const headers = await signIn(rig.t);
  const sofia = await insertCreator(rig.t.database.db, {
    name: 'Sofía Martínez',
    language: 'Spanish',
    locale: 'es',
    contactMethod: 'Email',
    contactInfo: 'sofia.martinez@correo.example',
    recruiterName: 'Marta Ruiz',
  });
  if (template) {
    const saved = await rig.t.app.inject({
      method: 'PUT',
      url: `/api/admin/message-templates/stage2_invitation/${template.language}`,
      headers,
      payload: template.change,
    });
    expect(saved.statusCode, saved.body).toBe(200);
  }
  const sent = await rig.t.app.inject({
    method: 'POST',
    url: `/api/admin/creators/${sofia.creatorId}/send-stage2`,
    headers,
    payload: { email: true },
  });
  expect(sent.statusCode, sent.body).toBe(200);
  const link = `http://localhost:3000${sent.json().link}`;
  const [mail] = await rig.mail.mails.waitFor(1);
  return { mail, link, creatorId: sofia.creatorId };
}

describe("the stage-2 link's e-mail and the owners' invitation", RIG_TEST, () => {
  it('says what the owners wrote in her language, with her link clickable where they put it', async () => {
    const { mail, link, creatorId } = await invitationMail({
      language: 'es',
      change: {
        subject: '{name}, tu segundo paso en {brand}',
        body: 'Hola {name}:\n\nMarta ({recruiter}) te invita a la segunda parte: {stage2Link}\n\n¡Gracias!',
      },
    });
    expect(mail?.subject).toBe('Sofía Martínez, tu segundo paso en Rollick');
    expect(mail?.text).toContain(`Marta (Marta Ruiz) te invita a la segunda parte: ${link}`);
    expect(mail?.text).toContain(creatorId);
    expect(mail?.html).toContain(`<a href="${link.replaceAll('&', '&amp;')}">`);
  });

  it('keeps the built-in e-mail while her language keeps the shipped wording', async () => {
    const { mail, link } = await invitationMail({
      language: 'de',
      change: { subject: 'Dein nächster Schritt', body: 'Hallo {name}, hier: {stage2Link}' },
    });
    expect(mail?.subject).toBe('Tu siguiente paso con Rollick');
    expect(mail?.text).toContain(link);
  });

  it('writes in English when the owners removed her translation', async () => {
    const { mail, link } = await invitationMail({ language: 'es', change: { useEnglish: true } });
    expect(mail?.subject).toBe('Your next step with Rollick');
    expect(mail?.text).toContain(`please complete the second part of your Rollick application here: ${link}`);
  });
});
