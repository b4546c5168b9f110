import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, waitForHydration } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { textsOf } from './support/texts.ts';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('not-found page', () => {
  it('shows 404 Page Not Found for an unknown path, with a 404 status', async () => {
    const { context, page } = await newPage(browser);
    const response = await page.goto(`${server.baseUrl}/no/such/page`);
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await context.close();
  });

  it('treats an unknown creator status as not found', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${server.baseUrl}/admin/creators/archived`);
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await context.close();
  });
});

describe('language menu', () => {
  it('switches the language, sets <html lang> and keeps the choice after a reload', async () => {
    const { context, page } = await newPage(browser);
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    await page.goto(server.baseUrl);
    await page.getByRole('heading', { level: 1, name: 'Partnership that Elevates Your Success' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('en');

    await waitForHydration(page);
    await page.getByRole('button', { name: /language/i }).click();
    const english = page.getByRole('menuitemradio', { name: /English/ });
    expect(await english.getAttribute('aria-checked')).toBe('true');
    await page.getByRole('menuitemradio', { name: /Deutsch/ }).click();

    await page.waitForFunction(() => document.documentElement.lang === 'de');
    await page.getByRole('menu').waitFor({ state: 'detached', timeout: 2000 });
    await page.getByRole('heading', { level: 1 }).filter({ hasNotText: 'Partnership that Elevates' }).waitFor();

    await page.reload();
    await page.waitForFunction(() => document.documentElement.lang === 'de');
    const heading = await page.getByRole('heading', { level: 1 }).textContent();
    expect(heading).not.toBe('Partnership that Elevates Your Success');
    await waitForHydration(page);
    await page.getByRole('button', { name: /Sprache|language/i }).click();
    expect(await page.getByRole('menuitemradio', { name: /Deutsch/ }).getAttribute('aria-checked')).toBe('true');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('follows the browser language on a first visit', async () => {
    const { context, page } = await newPage(browser, { locale: 'fr-FR' });
    await page.goto(server.baseUrl);
    await page.waitForFunction(() => document.documentElement.lang === 'fr');
    expect(await page.getAttribute('html', 'dir')).toBe('ltr');
    await context.close();
  });

  it('falls back to English for an unsupported or malicious stored value', async () => {
    const { context, page } = await newPage(browser, { locale: 'ja-JP' });
    await context.addInitScript(() => localStorage.setItem('rollick.lang', '"><img src=x onerror=alert(1)>'));
    await page.goto(server.baseUrl);
    await page.getByRole('heading', { level: 1, name: 'Partnership that Elevates Your Success' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    await context.close();
  });
});

describe('Content-Security-Policy', () => {
  it('is never violated on the public form or the admin login, not even by a probe that fails quietly', async () => {
    const { context, page } = await newPage(browser);
    await page.addInitScript(() => {
      const seen: string[] = [];
      Object.assign(window, { __violations: seen });
      document.addEventListener('securitypolicyviolation', (event) => seen.push(event.violatedDirective));
    });
    const violations = () => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);
    await page.goto(`${server.baseUrl}/admin`);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Username is required').waitFor();
    expect(await violations()).toEqual([]);
    await page.goto(server.baseUrl);
    await waitForHydration(page);
    await page.locator('#apply').scrollIntoViewIfNeeded();
    await page.locator('#application-name').waitFor();
    expect(await violations()).toEqual([]);
    await context.close();
  });
});

describe('brand', () => {
  it('shows the configured brand without a rebuild', async () => {
    const branded = await startServer({ env: { BRAND_NAME: 'Acme' } });
    const { context, page } = await newPage(browser);
    try {
      await page.goto(branded.baseUrl);
      expect(await page.title()).toContain('Acme');
      await page.getByRole('banner').getByText('Acme').first().waitFor();
    } finally {
      await context.close();
      await branded.stop();
    }
  });
});

describe('pages rendered ahead of time, in the visitor’s language', () => {
  /** The page as the server sends it, before any script runs. */
  async function pageHtml(pathname: string, headers: Record<string, string>) {
    const response = await fetch(`${server.baseUrl}${pathname}`, { headers });
    expect(response.status).toBe(200);
    return { html: await response.text(), language: response.headers.get('content-language') };
  }

  const attribute = (html: string, pattern: RegExp) => html.match(pattern)?.[1];

  it('sends the stored language first, then the browser’s, with its own title, description and Open Graph tags', async () => {
    const cases: { headers: Record<string, string>; expected: string }[] = [
      { headers: { cookie: 'rollick_lang=ru', 'accept-language': 'es-ES,es;q=0.9' }, expected: 'ru' },
      { headers: { 'accept-language': 'es-ES,es;q=0.9,en;q=0.5' }, expected: 'es' },
      { headers: { 'accept-language': 'pt-BR' }, expected: 'pt' },
      { headers: { cookie: 'rollick_lang=xx', 'accept-language': 'ja, zh' }, expected: 'en' },
    ];
    for (const { headers, expected } of cases) {
      const text = textsOf(expected);
      const title = text('meta.title').replace('{{brand}}', 'Rollick');
      const { html, language } = await pageHtml('/', headers);
      expect(language, JSON.stringify(headers)).toBe(expected);
      expect(html).toContain(`<html lang="${expected}"`);
      expect(html).toContain(`<title>${title}</title>`);
      expect(attribute(html, /<meta name="description" content="([^"]*)"/)).toBe(text('meta.description'));
      expect(attribute(html, /<meta property="og:title" content="([^"]*)"/)).toBe(title);
      expect(html).toContain(`>${text('landing.hero.title')}</h1>`);
      expect(attribute(html, /<link rel="canonical" href="([^"]*)"/)).toBe(`${server.baseUrl}/?lang=${expected}`);
      for (const code of ['en', 'es', 'pt', 'de', 'ru', 'fr']) {
        expect(html).toContain(`<link rel="alternate" hreflang="${code}" href="${server.baseUrl}/?lang=${code}" />`);
      }
    }
    const login = await pageHtml('/admin', { cookie: 'rollick_lang=de' });
    expect(login.language).toBe('de');
    expect(login.html).toContain(`>${textsOf('de')('login.title', 'admin')}</h1>`);
  });

  it('shows the page in the visitor’s language without JavaScript, and hydration keeps every word', async () => {
    const { context, page } = await newPage(browser, { locale: 'ru-RU', javaScriptEnabled: false });
    await page.goto(server.baseUrl);
    const heading = textsOf('ru')('landing.hero.title');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(heading);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ru');
    await context.close();

    // With scripts, the stored choice (French) wins over the browser's Russian, and the first paint is already
    // French: the text the server sent is the text React keeps.
    const live = await newPage(browser, { locale: 'ru-RU' });
    await live.context.addCookies([{ name: 'rollick_lang', value: 'fr', url: server.baseUrl }]);
    await live.page.addInitScript(() => localStorage.setItem('rollick.lang', 'fr'));
    const response = await live.page.goto(server.baseUrl);
    const sent = await response?.text();
    const french = textsOf('fr')('landing.hero.title');
    expect(sent).toContain(`>${french}</h1>`);
    await waitForHydration(live.page);
    expect(await live.page.getByRole('heading', { level: 1 }).textContent()).toBe(french);
    expect(await live.page.evaluate(() => document.documentElement.lang)).toBe('fr');
    await live.context.close();
  });
});

describe('one header', () => {
  it('puts the brand and the language menu at the same places on the landing page and the admin login', async () => {
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1280, height: 800 },
      { width: 1600, height: 900 },
    ]) {
      const { context, page } = await newPage(browser, { viewport });
      const edges = async (pathname: string) => {
        await page.goto(`${server.baseUrl}${pathname}`);
        const header = page.getByRole('banner');
        const brand = await header.getByRole('link').first().boundingBox();
        const menu = await header.getByRole('button').last().boundingBox();
        return [brand?.x, brand?.y, menu && menu.x + menu.width, menu?.y].map((value) => Math.round(value ?? -1));
      };
      expect(await edges('/admin'), `${viewport.width} px`).toEqual(await edges('/'));
      await context.close();
    }
  });
});
