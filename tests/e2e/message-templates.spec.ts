import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageTemplateList } from '#shared/replies/message-templates.ts';
import { AuditLog } from './support/axe.ts';
import { EVENTUALLY, launchBrowser, newPage } from './support/browser.ts';
import { type AdminSession, signInAdmin, signInOnPage } from './support/seed.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { textsOf } from './support/texts.ts';

/**
 * The owners' message templates (decision 060) in the browser: the screen fits a phone and a laptop in English
 * and Russian (and German on a laptop) with an edited template, one whose translation was removed, the
 * confirmation and a refused variable; and an owner edits, previews and saves from the sidebar's link.
 */

let server: RunningServer;
let browser: Browser;
let admin: AdminSession;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  admin = await signInAdmin(server);
  // An owner's wording in German and a removed Russian translation, so each language shows all three kinds.
  const put = (path: string, body: object) =>
    admin.fetch(`/api/admin/message-templates/${path}`, { method: 'PUT', body }).then((reply) => reply.status);
  expect(
    await put('first_contact/de', {
      subject: 'Deine Bewerbung bei {brand} – wir möchten dich kennenlernen',
      body: 'Hallo {name},\n\nschön, dass du dich beworben hast ({creatorId}).\n\nViele Grüße\n{recruiter}',
    }),
  ).toBe(200);
  expect(await put('first_contact/ru', { useEnglish: true })).toBe(200);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A signed-in owner's page (the API sign-in's cookie) in a language and a window size. */
async function openAs(
  options: Parameters<typeof newPage>[1],
): Promise<{ context: BrowserContext; page: Page; log: AuditLog }> {
  const opened = await newPage(browser, options);
  const [name = '', value = ''] = admin.cookie.split('=');
  await opened.context.addCookies([{ name, value, url: server.baseUrl }]);
  return { ...opened, log: new AuditLog(opened.page) };
}

const VIEWS = [
  { language: 'en', locale: 'en-US', width: 390, height: 844 },
  { language: 'en', locale: 'en-US', width: 1280, height: 800 },
  { language: 'ru', locale: 'ru-RU', width: 390, height: 844 },
  { language: 'ru', locale: 'ru-RU', width: 1280, height: 800 },
  { language: 'de', locale: 'de-DE', width: 1280, height: 800 },
] as const;

describe.each(VIEWS)('/admin/templates in $language at $width px', ({ language, locale, ...viewport }) => {
  const text = textsOf(language);
  const templates = (key: string) => text(key, 'templates');

  it('fits, with nothing clipped, no raw key and no console error, in every state', async () => {
    const { context, page, log } = await openAs({ locale, viewport });
    await page.goto(`${server.baseUrl}/admin/templates?purpose=first_contact&language=de`);
    const body = page.getByLabel(templates('editor.body'), { exact: true });
    await body.waitFor();
    expect(await body.inputValue()).toContain('schön, dass du dich beworben hast');
    await log.check(page, 'templates, edited German');

    await page.getByRole('button', { name: /^Русский/ }).click();
    await page.getByTestId('english-notice').waitFor();
    await log.check(page, 'templates, Russian sent in English');

    await page.getByRole('button', { name: templates('purposes.stage2_invitation') }).click();
    await page.getByRole('button', { name: /^Français/ }).click();
    await body.fill('Bonjour {name}, voici votre code : {discount}');
    await page.getByRole('button', { name: templates('editor.save'), exact: true }).click();
    await page.locator('[aria-invalid=true]').first().waitFor();
    await log.check(page, 'templates, a refused variable');

    await page.getByRole('button', { name: templates('remove.action') }).click();
    await page.getByRole('alertdialog').waitFor();
    await log.check(page, 'templates, remove translation dialog');
    await page.getByRole('button', { name: templates('cancel') }).click();

    await page.getByRole('button', { name: templates('purposes.listed') }).click();
    await page.getByRole('alertdialog').waitFor();
    await log.check(page, 'templates, unsaved changes dialog');
    expect(log.violations).toEqual([]);
    await context.close();
  });
});

describe('an owner edits a template in the browser', () => {
  it('finds it in the menu, watches the preview follow the typing, saves, and finds it saved after a reload', async () => {
    const en = textsOf('en');
    const templates = (key: string) => en(key, 'templates');
    const { page } = await newPage(browser, { viewport: { width: 1280, height: 800 } });
    const log = new AuditLog(page);
    await signInOnPage(page, server.baseUrl);
    await page.getByRole('link', { name: en('nav.templates', 'admin') }).click();
    await page.waitForURL(`${server.baseUrl}/admin/templates`);

    await page.getByRole('button', { name: templates('purposes.matched') }).click();
    await page.getByRole('button', { name: /^Español/ }).click();
    const subject = page.getByLabel(templates('editor.subject'), { exact: true });
    const body = page.getByLabel(templates('editor.body'), { exact: true });
    expect(await body.inputValue()).toContain('una agencia de {brand}');

    await subject.fill('¡Buenas noticias, ');
    await subject.press('End');
    await page.getByRole('button', { name: /^\{name\}/ }).click();
    await subject.press('End');
    await subject.pressSequentially('!');
    await body.fill('Hola:\n\n    una agencia quiere trabajar contigo ({creatorId}).');
    const previewSubject = page.getByTestId('template-preview-subject');
    const previewBody = page.getByTestId('template-preview-body');
    await expect.poll(() => previewSubject.textContent(), EVENTUALLY).toBe('¡Buenas noticias, Anna Kowalska!');
    expect(await previewBody.textContent()).toBe('Hola:\n\n    una agencia quiere trabajar contigo (RC-7Q4M2KXH).');
    // Line breaks and the indent show as typed.
    expect(await previewBody.evaluate((element) => getComputedStyle(element).whiteSpace)).toBe('pre-wrap');
    expect((await previewBody.boundingBox())?.height ?? 0).toBeGreaterThan(50);

    await page.getByRole('button', { name: templates('editor.save'), exact: true }).click();
    await page.getByText(templates('saved')).waitFor();
    const list = (await (await admin.fetch('/api/admin/message-templates')).json()) as MessageTemplateList;
    expect(
      list.templates.find((template) => template.purpose === 'matched' && template.language === 'es'),
    ).toMatchObject({
      source: 'custom',
      subject: '¡Buenas noticias, {name}!',
      body: 'Hola:\n\n    una agencia quiere trabajar contigo ({creatorId}).',
    });

    await page.reload();
    await body.waitFor();
    expect(await subject.inputValue()).toBe('¡Buenas noticias, {name}!');
    expect(await page.getByRole('button', { name: /^Español/ }).textContent()).toContain(templates('sources.custom'));
    await log.checkLayout(page, 'templates after a save');
    expect(log.violations).toEqual([]);
    await page.context().close();
  });
});
