import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, waitForHydration } from './support/browser.ts';
import { packagedChromium } from './support/chromium-path.ts';
import { type RunningServer, startServer } from './support/server.ts';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), packagedChromium().then((path) => launchBrowser(path))]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** What the journeys run on where the system has no Chromium (tests/setup/e2e-chromium.ts). */
describe('the Chromium shipped in an npm package', () => {
  it('opens the landing page in Russian on a phone, hydrated, without sideways scrolling', async () => {
    const { context, page } = await newPage(browser, { locale: 'ru-RU', viewport: { width: 390, height: 844 } });
    await page.goto(`${server.baseUrl}/`);
    await waitForHydration(page);
    const heading = await page.getByRole('heading', { level: 1 }).textContent();
    expect(heading).toMatch(/[А-Яа-яЁё]/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await context.close();
  });
});
