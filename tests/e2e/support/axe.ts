import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

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

/** Collects the violations of several screens, so one failing test lists them all at once. */
export class AuditLog {
  readonly violations: string[] = [];

  async check(page: Page, screen: string): Promise<void> {
    this.violations.push(...(await audit(page, screen)));
  }
}

/** The audits' four views: a phone and a laptop, in English and in Russian (the longest texts, another script). */
export const AUDITED_SCREENS = [
  { language: 'en', locale: 'en-US', width: 390, height: 844 },
  { language: 'en', locale: 'en-US', width: 1280, height: 800 },
  { language: 'ru', locale: 'ru-RU', width: 390, height: 844 },
  { language: 'ru', locale: 'ru-RU', width: 1280, height: 800 },
] as const;
