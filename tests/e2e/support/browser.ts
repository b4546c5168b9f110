import { existsSync } from 'node:fs';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Locator,
  type Page,
} from 'playwright-core';
import { SYSTEM_CHROMIUM, systemChromium } from './chromium-path.ts';

function chromePath(): string {
  const path = systemChromium();
  if (path === undefined || !existsSync(path)) {
    throw new Error(
      `Chromium not found at ${path ?? SYSTEM_CHROMIUM.join(' or ')}: the browser project's global setup ` +
        '(tests/setup/e2e-chromium.ts) unpacks the packaged one, or install it (apt-get install ' +
        'chromium-headless-shell) or set CHROME_PATH.',
    );
  }
  return path;
}

/**
 * How long `expect.poll` waits for what a page does in the background (a beacon sent once its chunk has loaded,
 * a delivery retried): vitest's one second is too short on a machine busy with the rest of the suite.
 */
export const EVENTUALLY = { timeout: 15_000, interval: 100 };

/**
 * The system's Chromium (or the packaged one, tests/setup/e2e-chromium.ts), driven by playwright-core, which
 * never downloads a browser. The flags keep it from reaching for the network this machine does not have.
 */
export async function launchBrowser(executablePath = chromePath()): Promise<Browser> {
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
    ],
  });
}

export async function newPage(browser: Browser, options: BrowserContextOptions = {}) {
  const context = await browser.newContext({ locale: 'en-US', ...options });
  const page = await context.newPage();
  return { context, page };
}

/**
 * Waits until React has taken over the page rendered ahead of time: its content shows before the script has
 * run, and a test that clicks a control only its script drives must wait for that, as a fast user may not.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const button = document.querySelector('header button');
    return button !== null && Object.keys(button).some((key) => key.startsWith('__reactProps$'));
  });
}

/** How long a form's reply may take on a machine busy with the rest of the suite: its proof of work and upload. */
const SUBMITTED_WITHIN_MS = 45_000;

/**
 * Waits for the screen a submitted form leads to. When it does not come, the error says what the page shows
 * instead (its alerts, its toasts, the submit button's state), so a failure on a busy machine can be read.
 */
export async function waitForSubmitted(page: Page, outcome: Locator): Promise<void> {
  try {
    await outcome.waitFor({ timeout: SUBMITTED_WITHIN_MS });
  } catch (error) {
    const shown = await page
      .evaluate(() => {
        const texts = (selector: string) =>
          [...document.querySelectorAll<HTMLElement>(selector)]
            .map((element) => (element.textContent ?? '').trim())
            .filter(Boolean);
        return {
          alerts: texts('[role=alert]'),
          toasts: texts('[aria-live] li, [data-sonner-toast]'),
          buttons: [...document.querySelectorAll<HTMLButtonElement>('button[type=submit]')].map(
            (button) => `${(button.textContent ?? '').trim()}${button.disabled ? ' (disabled)' : ''}`,
          ),
        };
      })
      .catch((reason: unknown) => ({ unreadable: String(reason) }));
    throw new Error(`${(error as Error).message}\nthe page shows instead: ${JSON.stringify(shown)}`);
  }
}

/** Makes the context's pages refuse to write to the clipboard, as a browser without the permission does. */
export async function refuseClipboard(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: () => Promise.reject(new DOMException('Denied', 'NotAllowedError')) },
    });
  });
}

/**
 * Opens a Radix select from the keyboard. Opened by the mouse, Radix ignores the first pointer-up it
 * sees while the pointer is within 10 px of where it pressed; on a busy machine that pointer-up can be
 * the click on an option drawn over the trigger (the first one, with nothing chosen) rather than the
 * trigger's own, and the list stays open.
 */
export async function openSelect(combobox: Locator): Promise<void> {
  await combobox.focus();
  await combobox.press('Enter');
}

/**
 * Picks an option of a Radix select as a keyboard user does: opens it, types the start of the option's words,
 * which moves to the first option starting with them, and presses Enter. A click on an option of a long list
 * could miss on a busy machine: the list scrolls itself while the pointer rests on its scroll arrow, and
 * an option pressed and released over different rows is not chosen.
 */
export async function pickOption(combobox: Locator, option: string | RegExp): Promise<void> {
  const page = combobox.page();
  await openSelect(combobox);
  const listbox = page.getByRole('listbox');
  const label =
    typeof option === 'string'
      ? option
      : ((await listbox.getByRole('option', { name: option }).first().textContent()) ?? '').trim();
  // Keys beyond a US keyboard's reach are inserted as text, not pressed, and the list never sees them.
  const typed = /^[\x20-\x7e]*/.exec(label)?.[0] ?? '';
  if (typed.trim() === '') throw new Error(`pickOption cannot type "${label}" on a US keyboard`);
  // Typed once the list has the focus, so no key lands on the trigger.
  await page.waitForFunction(() => document.activeElement?.closest('[role="listbox"]') != null);
  for (let attempt = 1; ; attempt++) {
    await page.keyboard.type(typed);
    const isFocused = await page
      .waitForFunction(
        (text) =>
          document.activeElement?.getAttribute('role') === 'option' &&
          document.activeElement.textContent?.trim() === text,
        label,
        { timeout: 5_000 },
      )
      .then(
        () => true,
        () => false,
      );
    if (isFocused) break;
    if (attempt === 3) throw new Error(`pickOption: typing "${typed}" never reached the option "${label}"`);
    // The list forgets what was typed after a second without a key: a busy machine may have paused mid-word,
    // and the rest of it was read as a new search. Typed again once the list has forgotten.
    await page.waitForTimeout(1_100);
  }
  await page.keyboard.press('Enter');
  await listbox.waitFor({ state: 'detached' });
}

/**
 * Picks an option of a combobox one types into (components/ui/combobox.tsx) as she does on a phone or a
 * keyboard: types part of its name, moves to the option with the arrow keys if it is not the first match,
 * and presses Enter. Checks the input then shows the option's name and the list is closed.
 */
export async function typeAndPick(combobox: Locator, typed: string, option: string): Promise<void> {
  const page = combobox.page();
  await combobox.click();
  await combobox.fill('');
  await combobox.pressSequentially(typed);
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).waitFor();
  for (let moves = 0; moves < 30; moves++) {
    const activeId = await combobox.getAttribute('aria-activedescendant');
    const activeText = activeId ? await page.locator(`[id="${activeId}"]`).textContent() : null;
    if (activeText?.trim() === option) break;
    await combobox.press('ArrowDown');
  }
  await combobox.press('Enter');
  await page.waitForFunction(
    ({ element, name }) =>
      element instanceof HTMLInputElement &&
      element.getAttribute('aria-expanded') === 'false' &&
      element.value === name,
    { element: await combobox.elementHandle(), name: option },
  );
}
