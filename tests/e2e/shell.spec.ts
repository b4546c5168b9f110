import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, waitForHydration } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

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
