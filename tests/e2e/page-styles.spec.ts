import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, waitForHydration } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

/**
 * A page rendered ahead of time carries only its own markup's styles and links the whole stylesheet for print
 * (scripts/critical-css.mjs, decision 059). Before any script runs it must look exactly as it does with the
 * whole stylesheet: each page is drawn with scripts off twice, as served and with the link made to apply, at a
 * phone's width and a laptop's, in English and in Russian, and the two pictures must be the same to the pixel.
 */
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const PAGES = [
  ['landing', '/'],
  ['admin login', '/admin'],
] as const;
const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

/** The page as drawn without scripts; with `wholeStylesheet`, the print-only link applies to the screen too. */
async function picture(address: string, viewport: { width: number; height: number }, wholeStylesheet: boolean) {
  const { context, page } = await newPage(browser, { javaScriptEnabled: false, viewport });
  try {
    let served = '';
    await page.route(address, async (route) => {
      const response = await route.fetch();
      served = await response.text();
      const body = wholeStylesheet ? served.replace(/ media="print" data-full-stylesheet/, '') : served;
      await route.fulfill({ response, body });
    });
    await page.goto(address, { waitUntil: 'networkidle' });
    await page.evaluate(() => document.fonts.ready);
    return { served, image: await page.screenshot({ fullPage: true, animations: 'disabled' }) };
  } finally {
    await context.close();
  }
}

describe('the styles carried by the pages rendered ahead of time (decision 059)', () => {
  for (const [name, path] of PAGES) {
    it(`the ${name} looks the same before its whole stylesheet applies, at 390 and 1280 px, in English and Russian`, async () => {
      for (const language of ['en', 'ru']) {
        for (const viewport of WIDTHS) {
          const address = `${server.baseUrl}${path}?lang=${language}`;
          const [carried, whole] = await Promise.all([
            picture(address, viewport, false),
            picture(address, viewport, true),
          ]);
          const where = `${name} ${language} ${viewport.width}px`;
          // The page as served carries a cut-down sheet and the whole one for print, so the two differ in what
          // they ask of the browser, not in what it draws.
          expect(carried.served, where).toMatch(/<style>[\s\S]+?<\/style>/);
          expect(carried.served, where).toContain('media="print" data-full-stylesheet');
          expect(carried.image.equals(whole.image), where).toBe(true);
        }
      }
    });
  }

  it('the start-up makes the whole stylesheet apply, so what the markup lacks (the language menu) is styled', async () => {
    const { context, page } = await newPage(browser, { viewport: { width: 390, height: 844 } });
    try {
      await page.goto(`${server.baseUrl}/admin`);
      await waitForHydration(page);
      expect(await media(page)).toBe('all');
      await page.locator('header button').first().click();
      const menu = page.getByRole('menu');
      await menu.waitFor();
      // The menu's panel is drawn by classes the page's markup did not have: with the whole sheet it has a
      // background and a border, not the transparent box of an unstyled element.
      const style = await menu.evaluate((element) => {
        const computed = getComputedStyle(element);
        return { background: computed.backgroundColor, border: computed.borderTopWidth };
      });
      expect(style.background).not.toBe('rgba(0, 0, 0, 0)');
      expect(style.border).not.toBe('0px');
    } finally {
      await context.close();
    }
  });
});

const media = (page: Page) =>
  page.evaluate(() => document.querySelector('link[data-full-stylesheet]')?.getAttribute('media'));
