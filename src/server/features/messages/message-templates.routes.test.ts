import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '#shared/languages.ts';
import { DEFAULT_TEMPLATES, MESSAGE_PURPOSES } from '#shared/message-templates.ts';
import { tooLong } from '#shared/schemas/fields.ts';
import { MESSAGE_MESSAGES } from '#shared/schemas/message-templates.ts';
import { type AdminHeaders, setUpTestApp, TEST_ADMIN } from '#tests/setup/test-app.ts';

const t = setUpTestApp();
const owner = t.headers;
const reviewer = t.signedInAs({ username: 'rosa-reviewer', password: 'a long test password', role: 'reviewer' });

const URL = '/api/admin/message-templates';

interface Item {
  purpose: string;
  language: string;
  source: string;
  subject: string | null;
  body: string | null;
  updatedBy: string | null;
  updatedAt: string | null;
}

async function list(headers: AdminHeaders = owner): Promise<Item[]> {
  const res = await t.app.inject({ method: 'GET', url: URL, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().templates;
}

const itemOf = async (purpose: string, language: string) =>
  (await list()).find((item) => item.purpose === purpose && item.language === language);

const put = (path: string, payload: unknown, headers: AdminHeaders = owner) =>
  t.app.inject({ method: 'PUT', url: `${URL}/${path}`, headers, payload: payload as object });

const remove = (path: string, headers: AdminHeaders = owner) =>
  t.app.inject({ method: 'DELETE', url: `${URL}/${path}`, headers });

/** Puts every template back as shipped, so each test starts from the defaults. */
async function resetAll() {
  for (const item of await list()) {
    if (item.source !== 'default') expect((await remove(`${item.purpose}/${item.language}`)).statusCode).toBe(200);
  }
}

const PORTUGUESE = {
  subject: '{name}, sua candidatura na {brand}',
  body: 'Oi {name}! Aqui é {recruiter}, da {brand}.\nPodemos conversar hoje sobre a candidatura {creatorId}?',
};

describe('GET /api/admin/message-templates', () => {
  it('lists every purpose in all six languages as shipped, to every admin', async () => {
    await resetAll();
    const res = await t.app.inject({ method: 'GET', url: URL, headers: reviewer });
    expect(res.statusCode, res.body).toBe(200);
    const { templates, canEmail } = res.json() as { templates: Item[]; canEmail: boolean };
    // The test app has no SMTP_URL: contact by e-mail goes through staff's mail app.
    expect(canEmail).toBe(false);
    expect(templates).toHaveLength(MESSAGE_PURPOSES.length * LANGUAGE_CODES.length);
    // Six purposes in six languages, each once.
    expect(new Set(templates.map((item) => `${item.purpose}/${item.language}`)).size).toBe(36);
    for (const item of templates) {
      const shipped = DEFAULT_TEMPLATES[item.purpose as (typeof MESSAGE_PURPOSES)[number]];
      expect(item).toEqual({
        purpose: item.purpose,
        language: item.language,
        source: 'default',
        ...shipped[item.language as (typeof LANGUAGE_CODES)[number]],
        updatedBy: null,
        updatedAt: null,
      });
    }
  });

  it('needs a signed-in admin', async () => {
    const res = await t.app.inject({ method: 'GET', url: URL });
    expect(res.statusCode).toBe(401);
  });
});

describe('PUT and DELETE /api/admin/message-templates/:purpose/:language', () => {
  it("saves an owner's wording for one language, shows it in the list, and puts the shipped one back", async () => {
    await resetAll();
    const saved = await put('first_contact/pt', { subject: `  ${PORTUGUESE.subject}  `, body: PORTUGUESE.body });
    expect(saved.statusCode, saved.body).toBe(200);
    const item = saved.json();
    expect(item).toEqual({
      purpose: 'first_contact',
      language: 'pt',
      source: 'custom',
      ...PORTUGUESE,
      updatedBy: TEST_ADMIN.username,
      updatedAt: expect.any(String),
    });
    expect(await itemOf('first_contact', 'pt')).toEqual(item);
    // Only that one: the other languages and purposes keep the shipped text.
    const others = (await list()).filter((entry) => !(entry.purpose === 'first_contact' && entry.language === 'pt'));
    expect(new Set(others.map((entry) => entry.source))).toEqual(new Set(['default']));

    const reworded = await put('first_contact/pt', { subject: 'Olá de novo, {name}', body: 'Tudo bem, {name}?' });
    expect(reworded.statusCode, reworded.body).toBe(200);
    expect(await itemOf('first_contact', 'pt')).toMatchObject({
      source: 'custom',
      subject: 'Olá de novo, {name}',
      body: 'Tudo bem, {name}?',
    });

    const reset = await remove('first_contact/pt');
    expect(reset.statusCode, reset.body).toBe(200);
    const shipped = { ...DEFAULT_TEMPLATES.first_contact.pt, updatedBy: null, updatedAt: null };
    expect(reset.json()).toEqual({ purpose: 'first_contact', language: 'pt', source: 'default', ...shipped });
    expect(await itemOf('first_contact', 'pt')).toEqual(reset.json());
    // Putting back what is already shipped is no error.
    expect((await remove('first_contact/pt')).statusCode).toBe(200);
  });

  it('lets a reviewer read the templates but neither change nor reset them', async () => {
    await resetAll();
    expect((await put('listed/de', PORTUGUESE)).statusCode).toBe(200);
    const before = await list();

    const changed = await put('listed/de', { subject: 'Gelistet', body: 'Hallo {name}' }, reviewer);
    expect(changed.statusCode).toBe(403);
    expect(changed.json().code).toBe('FORBIDDEN');
    expect((await put('listed/fr', { useEnglish: true }, reviewer)).statusCode).toBe(403);
    expect((await remove('listed/de', reviewer)).statusCode).toBe(403);
    expect(await list(reviewer)).toEqual(before);
  });

  it('refuses a variable the purpose cannot fill, naming what it may use, and changes nothing', async () => {
    await resetAll();
    expect((await put('stage2_reminder/es', PORTUGUESE)).statusCode).toBe(200);
    const before = await itemOf('stage2_reminder', 'es');

    const res = await put('stage2_reminder/es', {
      subject: 'Hola {firstName}',
      body: 'Hola {name}, tu enlace: {stage2Link}',
    });
    expect(res.statusCode, res.body).toBe(400);
    const allowed = '{name}, {creatorId}, {brand}, {recruiter}';
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: `This template cannot use {firstName}; it may use ${allowed}`,
      fields: {
        subject: `This template cannot use {firstName}; it may use ${allowed}`,
        body: `This template cannot use {stage2Link}; it may use ${allowed}`,
      },
    });
    expect(await itemOf('stage2_reminder', 'es')).toEqual(before);

    // The invitation may carry the link; an unknown name there lists the link among those allowed.
    const invitation = await put('stage2_invitation/fr', {
      subject: 'Votre lien',
      body: 'Bonjour {prenom}, voici {stage2Link}',
    });
    expect(invitation.statusCode).toBe(400);
    expect(invitation.json().fields).toEqual({
      body: 'This template cannot use {prenom}; it may use {name}, {creatorId}, {brand}, {stage2Link}, {recruiter}',
    });
    expect((await itemOf('stage2_invitation', 'fr'))?.source).toBe('default');
  });

  it('sends English in place of a removed translation, and puts the translation back on reset', async () => {
    await resetAll();
    const res = await put('matched/ru', { useEnglish: true });
    expect(res.statusCode, res.body).toBe(200);
    const removed = {
      purpose: 'matched',
      language: 'ru',
      source: 'english',
      subject: null,
      body: null,
      updatedBy: TEST_ADMIN.username,
      updatedAt: expect.any(String),
    };
    expect(res.json()).toEqual(removed);
    expect(await itemOf('matched', 'ru')).toEqual(removed);
    expect((await itemOf('matched', 'en'))?.source).toBe('default');

    expect((await remove('matched/ru')).statusCode).toBe(200);
    expect(await itemOf('matched', 'ru')).toMatchObject({ source: 'default', ...DEFAULT_TEMPLATES.matched.ru });
  });

  it('refuses to remove English, which the other languages fall back to', async () => {
    await resetAll();
    const res = await put('first_contact/en', { useEnglish: true });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'CONFLICT',
      message: 'English is what other languages fall back to; it cannot be removed',
    });
    expect((await itemOf('first_contact', 'en'))?.source).toBe('default');
  });

  it('refuses an unknown purpose or language with the choices', async () => {
    const purpose = await put('welcome_back/es', PORTUGUESE);
    expect(purpose.statusCode).toBe(400);
    expect(purpose.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: MESSAGE_MESSAGES.purpose });
    const language = await put('first_contact/it', PORTUGUESE);
    expect(language.statusCode).toBe(400);
    expect(language.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: MESSAGE_MESSAGES.language });
    expect((await remove('first_contact/pl')).statusCode).toBe(400);
    expect((await remove('birthday/en')).statusCode).toBe(400);
  });

  it('refuses a subject or message too long, or left blank, and changes nothing', async () => {
    await resetAll();
    const longSubject = await put('cancelled/de', { subject: 'Ä'.repeat(201), body: 'Hallo {name}' });
    expect(longSubject.statusCode).toBe(400);
    expect(longSubject.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { subject: tooLong(200) } });
    const longBody = await put('cancelled/de', {
      subject: 'Deine Bewerbung',
      body: `Hallo {name}, ${'x'.repeat(2000)}`,
    });
    expect(longBody.statusCode).toBe(400);
    expect(longBody.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { body: tooLong(2000) } });
    const blank = await put('cancelled/de', { subject: '   ', body: 'Hallo {name}' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ fields: { subject: MESSAGE_MESSAGES.subject } });
    expect((await put('cancelled/de', {})).statusCode).toBe(400);
    expect((await itemOf('cancelled', 'de'))?.source).toBe('default');
    // At the limits it is accepted.
    const atLimit = await put('cancelled/de', { subject: 'Ä'.repeat(200), body: 'y'.repeat(2000) });
    expect(atLimit.statusCode, atLimit.body).toBe(200);
  });
});
