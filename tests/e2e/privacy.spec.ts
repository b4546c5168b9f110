import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit } from './support/axe.ts';
import { launchBrowser, newPage, waitForHydration } from './support/browser.ts';
import { overflowProblems } from './support/overflow.ts';
import { type RunningServer, startServer } from './support/server.ts';

/** docs/decisions/048: step 5's consent and the privacy notice it links to, as a visitor meets them. */

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the privacy notice page', () => {
  it.each([
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ])('reads well at $width px, styled by the site, in the language asked', async (viewport) => {
    const { context, page } = await newPage(browser, { viewport, locale: 'de-DE' });
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    await page.goto(`${server.baseUrl}/privacy`);
    await page.getByRole('heading', { level: 1, name: 'Datenschutzhinweis' }).waitFor();
    // The site's stylesheet applies: the heading is bold and the page keeps its margins.
    const weight = await page.getByRole('heading', { level: 1 }).evaluate((h) => getComputedStyle(h).fontWeight);
    expect(Number(weight)).toBeGreaterThanOrEqual(700);
    expect(await overflowProblems(page, `privacy ${viewport.width}`)).toEqual([]);
    expect(await audit(page, `privacy ${viewport.width}`)).toEqual([]);

    await page.getByRole('link', { name: 'Español' }).click();
    await page.getByRole('heading', { level: 1, name: 'Aviso de privacidad' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('es');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the way to the notice from the landing page', () => {
  it('is a link in the footer, to the notice in the page’s language', async () => {
    const { context, page } = await newPage(browser, { locale: 'pt-BR' });
    await page.goto(server.baseUrl);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Aviso de privacidade' }).click();
    await page.getByRole('heading', { level: 1, name: 'Aviso de privacidade' }).waitFor();
    expect(new URL(page.url()).search).toBe('?lang=pt');
    await context.close();
  });
});

describe('consent on step 5', () => {
  it('is asked before sending: without it the form stays on step 5 with the message', async () => {
    const { context, page } = await newPage(browser, { locale: 'fr-FR' });
    await page.goto(server.baseUrl);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await waitForHydration(page);
    await page.locator('#apply').scrollIntoViewIfNeeded();
    await page.locator('#application-name').waitFor();
    for (let step = 1; step < 5; step++) await page.getByRole('button', { name: 'Suivant' }).click();
    await page.getByText('Étape 5 sur 5').waitFor();
    const box = page.getByRole('checkbox', { name: /J’ai lu et j’accepte la politique de confidentialité/ });
    expect(await box.getAttribute('aria-checked')).toBe('false');
    const link = page.getByRole('link', { name: /politique de confidentialité/ });
    expect(await link.getAttribute('href')).toBe('/privacy?lang=fr');

    await page.getByRole('button', { name: 'Envoyer ma candidature' }).click();
    // The first problem is on step 1; the consent message waits on step 5 with the others.
    await page.getByText('Étape 1 sur 5').waitFor();
    for (let step = 1; step < 5; step++) await page.getByRole('button', { name: 'Suivant' }).click();
    const message = page.getByText('Veuillez accepter la politique de confidentialité pour postuler', { exact: true });
    await message.waitFor();
    expect(await message.getAttribute('role')).toBe('alert');
    expect(await box.getAttribute('aria-invalid')).toBe('true');
    await box.click();
    expect(await box.getAttribute('aria-checked')).toBe('true');
    await page.waitForFunction(() => !document.body.textContent?.includes('Veuillez accepter la politique'));
    await context.close();
  });
});
