import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, waitForHydration } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { textsOf, translationKeys } from './support/texts.ts';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Sums the page's layout shifts (CLS without the session windows) from the first paint on. */
async function recordLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    Object.assign(window, { __layoutShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return () =>
    page.evaluate(() =>
      ((window as unknown as { __layoutShifts: number[] }).__layoutShifts ?? []).reduce((sum, value) => sum + value, 0),
    );
}

/**
 * How far the #apply section's top is from where scrolling to it puts it: just below the sticky header
 * (its scroll margin). Zero means the form is in place.
 */
const applyOffset = (page: Page) =>
  page.evaluate(() => {
    const section = document.getElementById('apply');
    if (!section) return Number.POSITIVE_INFINITY;
    return Math.abs(section.getBoundingClientRect().top - Number.parseFloat(getComputedStyle(section).scrollMarginTop));
  });

const waitUntilAtApply = (page: Page) =>
  page.waitForFunction(() => {
    const section = document.getElementById('apply');
    if (!section) return false;
    return (
      Math.abs(section.getBoundingClientRect().top - Number.parseFloat(getComputedStyle(section).scrollMarginTop)) < 2
    );
  });

describe('landing page (product §1)', () => {
  it('shows the hero, the pitch with its four cards and claims, both Apply Now buttons and the footer', async () => {
    const { context, page } = await newPage(browser);
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    await page.goto(server.baseUrl);

    await page.getByRole('banner').getByText('Agency Network').waitFor();
    await page.getByRole('button', { name: /language/i }).waitFor();
    await page.getByRole('heading', { level: 1, name: 'Partnership that Elevates Your Success' }).waitFor();
    await page.getByText('We match you with the right agency using AI and human review.').waitFor();
    await page.getByText('No cost, no catch — just the support you need to grow.').waitFor();

    await page.getByRole('heading', { level: 2, name: 'Why Rollick Network?' }).waitFor();
    for (const card of ['Perfect Agency Match', 'Signing Bonus', 'Elite Treatment', 'Easy Onboarding']) {
      await page.getByRole('heading', { level: 3, name: card }).waitFor();
    }
    const text = (await page.getByRole('main').textContent()) ?? '';
    for (const claim of [
      'over 50 top agencies',
      'AI with human review',
      'within 24–48 hours',
      'within 72 hours',
      'No cost, no catch',
      'For a limited time',
      'signing bonus',
      'Hands-on support',
      'goals and preferences',
      'market you to the agencies',
    ]) {
      expect(text).toContain(claim);
    }
    expect(await page.getByRole('link', { name: 'Apply Now' }).count()).toBe(2);
    await page.locator('#apply').getByRole('heading', { name: 'Start Your Application' }).waitFor();

    const footer = page.getByRole('contentinfo');
    await footer.getByText('The world’s largest agency network for creators').waitFor();
    await footer.getByText(`© ${new Date().getFullYear()} Rollick. All rights reserved.`).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('is German for a German browser', async () => {
    const { context, page } = await newPage(browser, { locale: 'de-DE' });
    await page.goto(server.baseUrl);
    await page.getByRole('heading', { level: 1, name: 'Partnerschaft, die deinen Erfolg beflügelt' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Warum Rollick Network?' }).waitFor();
    await page.getByRole('heading', { level: 3, name: 'Startbonus' }).waitFor();
    expect(await page.getByRole('link', { name: 'Jetzt bewerben' }).count()).toBe(2);
    await page.getByText('Alle Rechte vorbehalten.', { exact: false }).waitFor();
    expect(await page.getByText('Apply Now').count()).toBe(0);
    await context.close();
  });
});

describe('Apply Now (product §1)', () => {
  it('scrolls the hero button smoothly to the form and moves focus to it', async () => {
    const { context, page } = await newPage(browser, { viewport: { width: 390, height: 844 } });
    await page.goto(server.baseUrl);
    await waitForHydration(page);
    // Every scroll position the page passes through: a smooth scroll stops at several on its way, a jump at
    // one. Recorded in the page, so a busy machine reading it late cannot miss the way there.
    await page.evaluate(() => {
      const positions: number[] = [];
      (window as unknown as { __scrollPositions: number[] }).__scrollPositions = positions;
      window.addEventListener('scroll', () => positions.push(window.scrollY), { passive: true });
    });
    await page.getByRole('link', { name: 'Apply Now' }).first().click();
    await waitUntilAtApply(page);
    const positions = await page.evaluate(
      () => (window as unknown as { __scrollPositions: number[] }).__scrollPositions,
    );
    const end = positions.at(-1) ?? 0;
    const onTheWay = new Set(positions.filter((position) => position > 0 && end - position > 100));
    expect(onTheWay.size, `positions: ${positions.join(', ')}`).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Start Your Application');
    await context.close();
  });

  it('takes the visitor to the form section even before the page script has run', async () => {
    const { context, page } = await newPage(browser, { javaScriptEnabled: false, reducedMotion: 'reduce' });
    await page.goto(server.baseUrl);
    await page.getByRole('heading', { level: 1, name: 'Partnership that Elevates Your Success' }).waitFor();
    await page.getByRole('link', { name: 'Apply Now' }).first().click();
    await page.waitForURL(/#apply$/);
    expect(await applyOffset(page)).toBeLessThan(2);
    await context.close();
  });

  /** The #apply section's words: real labels and placeholders in the page's language, and not one raw key. */
  async function expectFormWords(page: Page, language: string): Promise<void> {
    const text = textsOf(language);
    const words = (await page.locator('#apply').textContent()) ?? '';
    for (const field of ['name', 'language', 'gender']) {
      expect(words).toContain(text(`application.fields.${field}`));
      expect(words).toContain(text(`application.fields.${field}Placeholder`));
    }
    const keys = [...translationKeys()].filter((key) => words.includes(key));
    expect(keys, `raw keys in the ${language} form`).toEqual([]);
  }

  it.each(['en', 'es', 'pt', 'de', 'ru', 'fr'])(
    'shows the form’s labels and placeholders in %s, never a key, with the script blocked or held back',
    async (language) => {
      const blocked = await newPage(browser, { javaScriptEnabled: false, locale: language });
      await blocked.page.goto(`${server.baseUrl}/#apply`);
      await expectFormWords(blocked.page, language);
      await blocked.context.close();

      // With script on, the form's own code and texts held back: the visitor who taps "Apply now" on a slow
      // connection meets the same words while they load.
      const slow = await newPage(browser, { locale: language });
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await slow.page.route('**/assets/application-form-*.js', async (route) => {
        await held;
        await route.continue();
      });
      await slow.page.goto(server.baseUrl);
      await waitForHydration(slow.page);
      await slow.page.locator('a[href="#apply"]').first().click();
      await slow.page.locator('#apply [role="status"][aria-busy="true"]').waitFor();
      await expectFormWords(slow.page, language);
      release();
      const name = slow.page.locator('#application-name');
      await name.waitFor();
      expect(await name.getAttribute('placeholder')).toBe(textsOf(language)('application.fields.namePlaceholder'));
      const loaded = (await slow.page.locator('#apply').textContent()) ?? '';
      expect([...translationKeys()].filter((key) => loaded.includes(key))).toEqual([]);
      await slow.context.close();
    },
  );

  it('jumps without animation when the reader asks for reduced motion, from the closing button too', async () => {
    const { context, page } = await newPage(browser, { reducedMotion: 'reduce' });
    await page.goto(server.baseUrl);
    await waitForHydration(page);
    await page.getByRole('link', { name: 'Apply Now' }).last().click();
    expect(await applyOffset(page)).toBeLessThan(2);
    await context.close();
  });

  it.each([
    ['phone', { width: 390, height: 844 }],
    ['desktop', { width: 1366, height: 900 }],
  ])(
    'lands on the form even when clicked before it has loaded, and nothing shifts when it arrives (%s)',
    async (_, viewport) => {
      const { context, page } = await newPage(browser, { viewport });
      const cls = await recordLayoutShifts(page);
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route('**/assets/application-form-*.js', async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(server.baseUrl);
      await page.getByRole('status', { name: 'Loading the application form…' }).waitFor();
      await waitForHydration(page);
      await page.getByRole('link', { name: 'Apply Now' }).first().click();
      await waitUntilAtApply(page);
      const placeholderHeight = await page
        .locator('#apply')
        .evaluate((element) => (element as HTMLElement).offsetHeight);

      release();
      await page.locator('#application-name').waitFor();
      expect(await page.locator('#apply').evaluate((element) => (element as HTMLElement).offsetHeight)).toBe(
        placeholderHeight,
      );
      expect(await applyOffset(page)).toBeLessThan(2);
      expect(await cls()).toBeLessThan(0.01);
      await context.close();
    },
  );
});
