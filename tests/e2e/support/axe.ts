import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { overflowProblems } from './overflow.ts';
import { translationKeys } from './texts.ts';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/**
 * Waits until nothing on the page moves: a dialog fading in is measured for contrast at its final colours,
 * not half-way through. Endless ones (a spinner) are left to spin.
 */
async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
}

/**
 * Runs axe-core (every rule it ships but the experimental ones) on the page as it is now and answers each
 * violation as one line: `screen: rule (impact) help — targets`. An empty list is a clean screen.
 */
export async function audit(page: Page, screen: string): Promise<string[]> {
  await settle(page);
  // Evaluated through the debugging protocol, so the page's Content-Security-Policy does not refuse it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (context: Document, options: object) => Promise<{ violations: unknown[] }> };
      }
    ).axe;
    // Only violations are read: axe then skips the details of every passing node, most of its work.
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  });
  return (violations as AxeViolation[]).map(
    ({ id, impact, help, nodes }) =>
      `${screen}: ${id} (${impact ?? 'n/a'}) ${help} — ${nodes
        .slice(0, 4)
        .map(({ target }) => target.join(' '))
        .join(' | ')}`,
  );
}

const KEYS = translationKeys();

/**
 * What a reader would see is wrong beyond axe's rules: a translation key instead of its text (in the page's
 * text or in a name, label, placeholder or title), a page wider than the window (it scrolls sideways), and any
 * element cut off by its box or the window, or a table that scrolls sideways on a laptop or without saying so
 * on a phone (support/overflow.ts).
 */
export async function looksBroken(page: Page, screen: string): Promise<string[]> {
  const { texts, pageWidth, windowWidth } = await page.evaluate(() => {
    const found = new Set<string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      if (text) found.add(text);
    }
    for (const element of document.querySelectorAll('[aria-label], [placeholder], [title], [alt]')) {
      for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
        const value = element.getAttribute(name)?.trim();
        if (value) found.add(value);
      }
    }
    return {
      texts: [...found],
      pageWidth: document.documentElement.scrollWidth,
      windowWidth: document.documentElement.clientWidth,
    };
  });
  const problems = texts.filter((text) => KEYS.has(text)).map((key) => `${screen}: raw translation key "${key}"`);
  if (pageWidth > windowWidth)
    problems.push(`${screen}: the page is ${pageWidth} px wide in a ${windowWidth} px window`);
  problems.push(...(await overflowProblems(page, screen)));
  return problems;
}

/**
 * With TOUR_DIR set, each checked screen is also saved as a picture there, named by its view and screen
 * (`npm run tour`): the screens as a reader sees them, to look at.
 */
async function photograph(page: Page, screen: string): Promise<void> {
  const folder = process.env.TOUR_DIR;
  if (!folder) return;
  const { width } = page.viewportSize() ?? { width: 0 };
  const language = await page.evaluate(() => document.documentElement.lang);
  const name = `${language}-${width}-${screen.replaceAll(/[^a-z0-9]+/gi, '-').toLowerCase()}.png`;
  await mkdir(folder, { recursive: true });
  await page.screenshot({ path: path.join(folder, name), fullPage: true });
}

/**
 * What the browser reports as the page's own failure: an uncaught error, or a `console.error`. A 4xx answer
 * the screen expects and shows (a wrong password, a refused form) is logged by Chromium as "Failed to load
 * resource"; that is the network's report of a handled answer, not an error of the page.
 */
function isPageError(text: string): boolean {
  return !/^Failed to load resource: the server responded with a status of 4\d\d/.test(text);
}

/**
 * Collects the violations of several screens, so one failing test lists them all at once. Given the page when
 * it is made (before it loads anything), it also collects the page's console errors, each reported with the
 * screen checked next.
 */
export class AuditLog {
  readonly violations: string[] = [];
  readonly #consoleErrors: string[] = [];

  constructor(page?: Page) {
    if (!page) return;
    page.on('console', (message) => {
      if (message.type() === 'error' && isPageError(message.text())) this.#consoleErrors.push(message.text());
    });
    page.on('pageerror', (error) => this.#consoleErrors.push(`uncaught ${error.name}: ${error.message}`));
  }

  async check(page: Page, screen: string): Promise<void> {
    this.violations.push(...(await audit(page, screen)));
    await this.checkLayout(page, screen);
  }

  /** The checks but axe's: raw keys, overflow and console errors, and the picture (the tables' many views). */
  async checkLayout(page: Page, screen: string): Promise<void> {
    this.violations.push(...(await looksBroken(page, screen)));
    this.violations.push(...this.#consoleErrors.splice(0).map((error) => `${screen}: console error: ${error}`));
    await photograph(page, screen);
  }
}

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 800 };
const DESKTOP = { width: 1440, height: 900 };

const LOCALES = { en: 'en-US', es: 'es-ES', pt: 'pt-BR', de: 'de-DE', ru: 'ru-RU', fr: 'fr-FR' } as const;

/**
 * The views the admin tables are checked in, laptop and desktop: every language on the tour; German and
 * Russian, the longest, in the normal run.
 */
export const TABLE_VIEWS = (
  process.env.TOUR_DIR ? (Object.keys(LOCALES) as (keyof typeof LOCALES)[]) : (['de', 'ru'] as const)
).flatMap((language) => [
  { language, locale: LOCALES[language], ...LAPTOP },
  { language, locale: LOCALES[language], ...DESKTOP },
]);

/**
 * The audits' views: a phone and a laptop, in English and in Russian (the longest texts, another script); the
 * tour adds German, whose long compound words break lines where the others do not.
 */
export const AUDITED_SCREENS = [
  { language: 'en', locale: 'en-US', ...PHONE },
  { language: 'en', locale: 'en-US', ...LAPTOP },
  { language: 'ru', locale: 'ru-RU', ...PHONE },
  { language: 'ru', locale: 'ru-RU', ...LAPTOP },
  ...(process.env.TOUR_DIR
    ? [
        { language: 'de', locale: 'de-DE', ...PHONE },
        { language: 'de', locale: 'de-DE', ...LAPTOP },
      ]
    : []),
];
