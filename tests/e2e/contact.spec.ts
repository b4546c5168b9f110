import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MailServer, startMailServer } from '#tests/setup/alert-receivers.ts';
import { EVENTUALLY, launchBrowser, newPage } from './support/browser.ts';
import { overflowProblems } from './support/overflow.ts';
import { type AdminSession, createRecruiter, signInAdmin, signInOnPage, submitApplication } from './support/seed.ts';
import { freePort, type RunningServer, startServer } from './support/server.ts';
import { textsOf } from './support/texts.ts';

/**
 * Contact from the record (decision 060), as the day goes: staff e-mail a Spanish applicant and open
 * WhatsApp for a Russian one from templates, and both show in each creator's history.
 */

let server: RunningServer;
let browser: Browser;
let mail: MailServer;
let admin: AdminSession;
let recruiter: string;
const en = textsOf('en');
const TOUR_DIR = process.env.TOUR_DIR;

beforeAll(async () => {
  mail = await startMailServer();
  // A known port, so PUBLIC_URL (which e-mails and the origin check use) is the server's own.
  const port = await freePort();
  [server, browser] = await Promise.all([
    startServer({
      port,
      env: {
        SUBMISSIONS_PER_IP_PER_HOUR: '1000',
        SMTP_URL: mail.url,
        MAIL_FROM: 'Rollick <team@rollick.example>',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        APPLICANT_EMAILS: 'false',
      },
    }),
    launchBrowser(),
  ]);
  admin = await signInAdmin(server);
  recruiter = (await createRecruiter(admin, 'Marta Ruiz', 'marta.ruiz@rollick.example')).name;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await mail?.close();
});

async function applicant(fields: Record<string, string>): Promise<string> {
  return submitApplication(server, {
    gender: 'Female',
    hasOnlyFans: 'yes',
    averageMonthlyRange: '$2,500–$5,000',
    age: '27',
    agencyGoals: 'Ayuda con el marketing y los chats',
    recruiter,
    ...fields,
  });
}

async function signedIn(options: { width: number; language?: string }): Promise<Page> {
  const { page } = await newPage(browser, { viewport: { width: options.width, height: 900 } });
  await signInOnPage(page, server.baseUrl);
  if (options.language) {
    await page.evaluate((code: string) => localStorage.setItem('rollick.lang', code), options.language);
  }
  return page;
}

async function openDetails(page: Page, creatorId: string, language = 'en'): Promise<void> {
  await page.goto(`${server.baseUrl}/admin/creators/pending?q=${creatorId}`);
  await page
    .getByRole('button', { name: new RegExp(creatorId) })
    .first()
    .waitFor();
  await page
    .getByRole('button', { name: textsOf(language)('list.viewDetailsOf', 'admin').replace('{{creatorId}}', creatorId) })
    .first()
    .click();
  await page.getByTestId('contact-panel').waitFor();
}

describe('contact from the record', () => {
  it('e-mails a Spanish applicant in Spanish through the server, and shows its delivery in her history', async () => {
    const creatorId = await applicant({
      name: 'Lucía Fernández',
      language: 'Spanish',
      contactMethod: 'Email',
      contactInfo: 'lucia.fernandez@correo.example',
      locale: 'es',
    });
    const page = await signedIn({ width: 1280 });
    await openDetails(page, creatorId);
    const panel = page.getByTestId('contact-panel');
    await expect
      .poll(() => panel.getByTestId('contact-preview').textContent(), EVENTUALLY)
      .toContain('Hola Lucía Fernández');
    const before = mail.mails.items.length;
    await panel.getByRole('button', { name: en('contact.sendEmail', 'admin') }).click();
    const received = (await mail.mails.waitFor(before + 1)).at(-1);
    expect(received?.envelopeTo).toEqual(['lucia.fernandez@correo.example']);
    expect(received?.subject).toBe('Tu solicitud en Rollick');
    expect(received?.text).toContain('Hola Lucía Fernández, te escribe el equipo de Rollick');
    expect(received?.text).toContain(creatorId);
    const history = page.getByTestId('creator-message').first();
    await expect.poll(() => history.textContent(), EVENTUALLY).toContain(en('contact.purposes.first_contact', 'admin'));
    await expect.poll(() => history.textContent(), EVENTUALLY).toMatch(/Delivered/);
    await page.close();
  });

  it('opens WhatsApp for a Russian applicant with the Russian text, and records it', async () => {
    const creatorId = await applicant({
      name: 'Анастасия Волкова',
      language: 'Russian',
      contactMethod: 'WhatsApp',
      contactInfo: '+7 (916) 555-12-34',
      locale: 'ru',
    });
    const page = await signedIn({ width: 1280 });
    await openDetails(page, creatorId);
    const open = page.getByRole('link', { name: en('contact.open.whatsapp', 'admin') });
    const href = (await open.getAttribute('href')) ?? '';
    expect(href.startsWith('https://wa.me/79165551234?text=')).toBe(true);
    expect(decodeURIComponent(href.split('?text=')[1] ?? '')).toContain(
      'Здравствуйте, Анастасия Волкова! Это команда Rollick.',
    );
    // The chat opens in a tab of its own; the page records it as it goes.
    const popup = page.waitForEvent('popup').catch(() => null);
    await open.click();
    await (await popup)?.close();
    const history = page.getByTestId('creator-message').first();
    await expect.poll(() => history.textContent(), EVENTUALLY).toContain(en('contact.channels.whatsapp', 'admin'));
    const detail = (await (await admin.fetch(`/api/admin/creators/${creatorId}`)).json()) as {
      creator: { firstStaffActionAt: string | null };
      messages: { channel: string; language: string; sentBy: string }[];
    };
    expect(detail.messages).toMatchObject([{ channel: 'whatsapp', language: 'ru', sentBy: 'e2e-admin' }]);
    expect(detail.creator.firstStaffActionAt).not.toBeNull();
    await page.close();
  });

  it('contacts a selection at once: the server e-mails who chose e-mail, links for the others', async () => {
    const emailed = await applicant({
      name: 'Camille Dubois',
      language: 'French',
      contactMethod: 'Email',
      contactInfo: 'camille.dubois@exemple.fr',
      locale: 'fr',
    });
    const chatting = await applicant({
      name: 'Ana Beatriz Souza',
      language: 'Portuguese',
      contactMethod: 'SMS/Phone',
      contactInfo: '+55 11 98765-4321',
      locale: 'pt',
    });
    const page = await signedIn({ width: 1280 });
    await page.goto(`${server.baseUrl}/admin/creators/pending`);
    await page.getByRole('checkbox', { name: `Select ${emailed}` }).click();
    await page.getByRole('checkbox', { name: `Select ${chatting}` }).click();
    await page.getByRole('button', { name: en('contact.bulk.action', 'admin'), exact: true }).click();
    await page.getByRole('button', { name: en('contact.bulk.prepare', 'admin') }).click();
    const result = page.getByTestId('bulk-contact-result');
    await result.waitFor();
    const sms = result.getByRole('link', { name: `${en('contact.open.sms', 'admin')}: Ana Beatriz Souza` });
    const href = (await sms.getAttribute('href')) ?? '';
    expect(href.startsWith('sms:+5511987654321?body=')).toBe(true);
    expect(decodeURIComponent(href.split('?body=')[1] ?? '')).toContain(
      'Olá, Ana Beatriz Souza, aqui é a equipe da Rollick.',
    );
    expect(await overflowProblems(page, 'bulk contact 1280 en')).toEqual([]);
    if (TOUR_DIR) await page.screenshot({ path: `${TOUR_DIR}/contact-bulk-1280-en.png` });
    // Nothing went out on preparing; the e-mails go on the second click.
    const before = mail.mails.items.length;
    await page.getByRole('button', { name: /Send e-mails/ }).click();
    const received = (await mail.mails.waitFor(before + 1)).at(-1);
    expect(received?.envelopeTo).toEqual(['camille.dubois@exemple.fr']);
    expect(received?.subject).toBe('Votre candidature chez Rollick');
    // An sms: address opens no tab in a browser without a phone app; the click is what is recorded.
    await sms.click();
    await expect
      .poll(async () => {
        const reply = await admin.fetch(`/api/admin/creators/${chatting}`);
        return ((await reply.json()) as { messages: { channel: string }[] }).messages.map((m) => m.channel);
      }, EVENTUALLY)
      .toEqual(['sms']);
    await page.close();
  });

  for (const { width, language } of [
    { width: 390, language: 'en' },
    { width: 390, language: 'ru' },
    { width: 1280, language: 'en' },
    { width: 1280, language: 'ru' },
    { width: 1280, language: 'de' },
  ]) {
    it(`fits a ${width} px screen in ${language}, from the details and from a row`, async () => {
      const creatorId = await applicant({
        name: 'Maximiliane Katharina von Hohenstein-Löwenberg',
        language: 'German',
        contactMethod: 'Telegram',
        contactInfo: '@maxi_hohenstein_loewenberg',
        locale: 'de',
      });
      const page = await signedIn({ width, language });
      await openDetails(page, creatorId, language);
      await page.getByTestId('contact-panel').scrollIntoViewIfNeeded();
      expect(await overflowProblems(page, `details ${width} ${language}`)).toEqual([]);
      if (TOUR_DIR)
        await page.screenshot({ path: `${TOUR_DIR}/contact-details-${width}-${language}.png`, fullPage: true });
      await page.keyboard.press('Escape');
      const t = textsOf(language);
      await page
        .getByRole('button', {
          name: t('actions.forCreator', 'admin')
            .replace('{{action}}', t('contact.action', 'admin'))
            .replace('{{name}}', 'Maximiliane Katharina von Hohenstein-Löwenberg')
            .replace('{{creatorId}}', creatorId),
        })
        .first()
        .click();
      await page.getByTestId('contact-panel').waitFor();
      expect(await overflowProblems(page, `contact dialog ${width} ${language}`)).toEqual([]);
      if (TOUR_DIR) await page.screenshot({ path: `${TOUR_DIR}/contact-dialog-${width}-${language}.png` });
      await page.close();
    });
  }
});
