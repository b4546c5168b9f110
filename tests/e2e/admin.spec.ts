import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatorDetail } from '#shared/replies/creators.ts';
import { launchBrowser, newPage, refuseClipboard } from './support/browser.ts';
import { pressRowAction } from './support/rows.ts';
import {
  type AdminSession,
  createRecruiter,
  jpegBlob,
  signInAdmin,
  signInOnPage,
  submitApplication,
} from './support/seed.ts';
import { E2E_ADMIN, type RunningServer, startServer } from './support/server.ts';

let server: RunningServer;
let browser: Browser;
let adminApi: AdminSession;
let photo: Blob;

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
const RECRUITER = 'Dana Scout';
const XSS_NAME = '<img src=x onerror=alert(1)>';

beforeAll(async () => {
  // Every test seeds its own applications; the default hourly limit per address would stop the later ones.
  [server, browser] = await Promise.all([
    startServer({ env: { SUBMISSIONS_PER_IP_PER_HOUR: '1000' } }),
    launchBrowser(),
  ]);
  adminApi = await signInAdmin(server);
  await createRecruiter(adminApi, RECRUITER, 'dana@example.com');
  photo = await jpegBlob({ width: 240, height: 320, background: { r: 190, g: 150, b: 120 } });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

let applicants = 0;

/** A real application through the public call (product §7 POST /api/submissions); answers its Creator ID. */
async function apply(name: string, { withPhoto = false } = {}): Promise<string> {
  applicants += 1;
  return submitApplication(
    server,
    {
      name,
      language: 'Spanish',
      gender: 'Female',
      contactMethod: 'Telegram',
      contactInfo: `@applicant_${applicants}`,
      hasOnlyFans: 'no',
      age: '26',
      agencyGoals: 'More reach,\nless admin work.',
      instagram: `@insta_${applicants}`,
      recruiter: RECRUITER,
    },
    withPhoto ? { file: photo, name: 'selfie.jpg' } : undefined,
  );
}

async function statusOf(creatorId: string): Promise<string> {
  const response = await adminApi.fetch(`/api/admin/creators/${creatorId}`);
  return ((await response.json()) as CreatorDetail).creator.status;
}

/** A browser page that records script errors and any alert() (which an injected name would raise). */
async function openPage(options: Parameters<typeof newPage>[1] = {}) {
  const { context, page } = await newPage(browser, { viewport: DESKTOP, ...options });
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('dialog', async (dialog) => {
    problems.push(`unexpected ${dialog.type()}: ${dialog.message()}`);
    await dialog.dismiss();
  });
  return { context, page, problems };
}

/**
 * The toast on screen (product §4: one at a time): sonner's list item, leaving out one still fading away after
 * the next replaced it. Found by its item rather than its region's name, which is translated.
 */
const SHOWN_TOAST = '[data-sonner-toast]:not([data-removed="true"])';

function toast(page: Page, text: string) {
  return page.locator(SHOWN_TOAST).getByText(text, { exact: true });
}

/** Keeps the text of every toast the page puts on screen, however briefly, for `toastsShown`. */
async function recordToasts(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const texts = new Set<string>();
    Object.assign(window, { toastsShown: texts });
    new MutationObserver(() => {
      for (const item of document.querySelectorAll('[data-sonner-toast] [data-description]')) {
        if (item.textContent) texts.add(item.textContent);
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

function toastsShown(page: Page): Promise<string[]> {
  return page.evaluate(() => [...(window as unknown as { toastsShown: Set<string> }).toastsShown]);
}

function rowOf(page: Page, creatorId: string) {
  return page.getByRole('row').filter({ hasText: creatorId });
}

/** Counts dialogs hidden from the accessibility tree too (a dialog beneath another one is). */
async function waitForOpenDialogs(page: Page, count: number): Promise<void> {
  await page.waitForFunction((expected) => document.querySelectorAll('[role="dialog"]').length === expected, count);
}

async function grantClipboard(context: BrowserContext): Promise<void> {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseUrl });
}

function readClipboard(page: Page): Promise<string> {
  return page.evaluate(() => navigator.clipboard.readText());
}

describe('admin sign-in', () => {
  it('sends a signed-out visitor of an admin page to the login page', async () => {
    const { context, page, problems } = await openPage();
    await page.goto(`${server.baseUrl}/admin/dashboard`);
    await page.waitForURL(`${server.baseUrl}/admin`);
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    await page.goto(`${server.baseUrl}/admin/creators/pending`);
    await page.waitForURL(`${server.baseUrl}/admin`);
    expect(await page.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('checks the fields, refuses a wrong password, then signs in and shows the seeded creator on the dashboard', async () => {
    const creatorId = await apply('Dashboard Daisy');
    const { context, page, problems } = await openPage();
    await recordToasts(context);
    await page.goto(`${server.baseUrl}/admin`);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Username is required', { exact: true }).waitFor();
    await page.getByText('Password is required', { exact: true }).waitFor();

    await page.getByLabel('Username').fill(E2E_ADMIN.username);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await toast(page, 'Invalid username or password.').waitFor();
    expect(page.url()).toBe(`${server.baseUrl}/admin`);

    await page.getByLabel('Password').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${server.baseUrl}/admin/dashboard`);
    await page.getByRole('heading', { level: 1, name: 'Creator Submissions Overview' }).waitFor();
    // The welcome shows for the tenth of a second before the dashboard: on a busy machine it can come and go
    // between two looks, so the page's own record of its toasts says whether it was shown.
    expect(await toastsShown(page)).toContain('Welcome back! Redirecting to dashboard...');
    // "Redirecting…" is over once the dashboard is there: the toast does not stay on it.
    await toast(page, 'Welcome back! Redirecting to dashboard...').waitFor({ state: 'detached' });

    const recent = page.getByRole('table', { name: 'Recent Submissions' });
    const row = recent.getByRole('row').filter({ hasText: creatorId });
    await row.waitFor();
    await row.getByText('Dashboard Daisy', { exact: true }).waitFor();
    await row.getByText('pending', { exact: true }).waitFor();
    await row.getByText('Telegram', { exact: true }).waitFor();
    // The cards show the server's counts, each linking to its status page.
    const summary = (await (await adminApi.fetch('/api/admin/creators/summary')).json()) as {
      counts: { pending: number };
    };
    expect(summary.counts.pending).toBeGreaterThanOrEqual(1);
    const pendingCard = page.getByRole('link', { name: /^Pending\s*\d+/ });
    expect((await pendingCard.textContent())?.replace(/\D/g, '')).toBe(String(summary.counts.pending));
    await pendingCard.click();
    await page.waitForURL(`${server.baseUrl}/admin/creators/pending`);
    await page.getByRole('heading', { level: 1, name: 'pending Creators' }).waitFor();

    // Signed in, the login page is skipped.
    await page.goto(`${server.baseUrl}/admin`);
    await page.waitForURL(`${server.baseUrl}/admin/dashboard`);

    // A recent submission's row opens her on her status page.
    await recent.getByRole('row').filter({ hasText: creatorId }).getByText('Dashboard Daisy').click();
    await page.waitForURL(`${server.baseUrl}/admin/creators/pending?q=${creatorId}`);
    await page.locator(`[data-creator-id="${creatorId}"]`).filter({ visible: true }).first().waitFor();

    // An admin address that names no page says so inside the admin, with its menu.
    await page.goto(`${server.baseUrl}/admin/creators/no-such-status`);
    await page.getByRole('heading', { level: 1, name: '404 Page Not Found' }).waitFor();
    await page.getByRole('navigation', { name: 'Admin navigation' }).first().waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('admin pages opened from their address', () => {
  it('go from the session check straight to the page, without a loading screen before or after it', async () => {
    const { context, page, problems } = await openPage();
    const [name = '', value = ''] = adminApi.cookie.split('=');
    await context.addCookies([{ name, value, url: server.baseUrl }]);
    // Counts the loading indicators put on screen while the page comes up.
    await context.addInitScript(() => {
      const shown = { count: 0 };
      Object.assign(window, { loadingShown: shown });
      const seen = new WeakSet<Element>();
      new MutationObserver(() => {
        for (const status of document.querySelectorAll('#root [role="status"]')) {
          if (seen.has(status) || !status.textContent?.includes('Loading')) continue;
          seen.add(status);
          shown.count += 1;
        }
      }).observe(document, { childList: true, subtree: true });
    });
    for (const [path, heading] of [
      ['/admin/dashboard', 'Creator Submissions Overview'],
      ['/admin/creators/pending', 'pending Creators'],
      ['/admin/recruiters', 'Recruiter Management'],
    ]) {
      await page.goto(`${server.baseUrl}${path}`);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      const shown = await page.evaluate(() => (window as unknown as { loadingShown: { count: number } }).loadingShown);
      expect(shown.count, path).toBeLessThanOrEqual(1);
    }
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('creator status journey', () => {
  it('sends a stage 2 link (copied to the clipboard), then lists, matches and finalizes a creator', async () => {
    const first = await apply('Journey Jade');
    const second = await apply('Journey Jules');
    const { context, page, problems } = await openPage();
    await grantClipboard(context);
    await signInOnPage(page, server.baseUrl);
    await page.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: 'Pending' }).click();
    await page.waitForURL(`${server.baseUrl}/admin/creators/pending`);
    const pendingLink = page.getByRole('link', { name: 'Pending', exact: true });
    expect(await pendingLink.getAttribute('aria-current')).toBe('page');

    // pending → stage2_sent: the link lands on the clipboard and is shown with a way to send it; once that
    // dialog is closed the page follows the creator.
    await rowOf(page, first).getByRole('button', { name: 'Send Stage 2' }).click();
    await toast(page, 'Stage 2 link generated').waitFor();
    const shownLink = page.getByRole('dialog', { name: 'Stage 2 Link' });
    const telegram = shownLink.getByRole('link', { name: 'Copy message, open Telegram' });
    expect(await telegram.getAttribute('href')).toMatch(/^https:\/\/t\.me\/applicant_\d+$/);
    await shownLink.getByRole('button', { name: 'Done' }).click();
    await page.waitForURL(`${server.baseUrl}/admin/creators/stage2_sent`);
    await page.getByRole('heading', { level: 1, name: 'stage2 sent Creators' }).waitFor();
    const link = await readClipboard(page);
    expect(link).toMatch(new RegExp(`^${server.baseUrl}/stage2/${first}\\?token=[\\w-]+$`));
    expect(await statusOf(first)).toBe('stage2_sent');

    // Send Again says first that the link she has stops working.
    await rowOf(page, first).getByRole('button', { name: 'Send Again' }).click();
    await page
      .getByRole('alertdialog', { name: 'Send a new link?' })
      .getByRole('button', { name: 'Send new link' })
      .click();
    await toast(page, 'Stage 2 link regenerated').waitFor();
    await page.getByRole('dialog', { name: 'Stage 2 Link' }).getByRole('button', { name: 'Done' }).click();
    const newLink = await readClipboard(page);
    expect(newLink).toMatch(new RegExp(`^${server.baseUrl}/stage2/${first}\\?token=`));
    expect(newLink).not.toBe(link);

    // pending → listed directly, asking for the Listing URL first.
    await page.getByRole('link', { name: 'Pending', exact: true }).click();
    await pressRowAction(page, rowOf(page, second), 'Listed');
    const dialog = page.getByRole('dialog', { name: 'List Creator Directly' });
    await dialog.getByRole('button', { name: 'List Creator' }).click();
    await dialog.getByText('Please provide Listing URL', { exact: true }).waitFor();
    await dialog.getByLabel('Listing URL').fill('https://marketplace.example/creators/jules');
    await dialog.getByLabel(/Creator Hub ID/).fill('HUB-42');
    await dialog.getByRole('button', { name: 'List Creator' }).click();
    await toast(page, 'Creator listed directly').waitFor();
    await page.waitForURL(`${server.baseUrl}/admin/creators/listed`);

    // listed → matched → finalized.
    await rowOf(page, second).getByRole('button', { name: 'Mark as Matched' }).click();
    await toast(page, 'Creator status changed to matched').waitFor();
    await page.getByText('Status updated', { exact: true }).waitFor();
    await page.waitForURL(`${server.baseUrl}/admin/creators/matched`);
    const matchedRow = rowOf(page, second);
    await pressRowAction(page, matchedRow, 'Finalize');
    await toast(page, 'Creator status changed to finalized').waitFor();
    await page.waitForURL(`${server.baseUrl}/admin/creators/finalized`);
    await rowOf(page, second).getByText('Completed', { exact: true }).waitFor();
    expect(
      await rowOf(page, second)
        .getByRole('button', { name: /Finalize|Cancel|Send/ })
        .count(),
    ).toBe(0);
    expect(await statusOf(second)).toBe('finalized');

    // The details show what was recorded on the way.
    await rowOf(page, second)
      .getByRole('button', { name: `View Details for ${second}` })
      .click();
    const details = page.getByRole('dialog', { name: `Creator Details: ${second}` });
    await details.getByRole('heading', { name: 'Rollick Information' }).waitFor();
    await details.getByText('HUB-42', { exact: true }).waitFor();
    const listing = details.getByRole('link', { name: 'https://marketplace.example/creators/jules' });
    expect(await listing.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await listing.getAttribute('target')).toBe('_blank');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows the link to copy by hand when the browser refuses the clipboard', async () => {
    const creatorId = await apply('Clipboard Clara');
    const { context, page, problems } = await openPage();
    await refuseClipboard(context);
    await signInOnPage(page, server.baseUrl);
    await page.goto(`${server.baseUrl}/admin/creators/pending`);
    await rowOf(page, creatorId).getByRole('button', { name: 'Send Stage 2' }).click();
    await toast(page, 'Copy the link below and send it to the creator.').waitFor();
    const dialog = page.getByRole('dialog', { name: 'Stage 2 Link' });
    const link = await dialog.getByLabel('Link for the creator').inputValue();
    expect(link).toMatch(new RegExp(`^${server.baseUrl}/stage2/${creatorId}\\?token=`));
    // The page stays put until the link has been taken, then follows the creator.
    expect(page.url()).toBe(`${server.baseUrl}/admin/creators/pending`);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await page.waitForURL(`${server.baseUrl}/admin/creators/stage2_sent`);
    await rowOf(page, creatorId).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('reports a change another admin made first (409) and shows the current state', async () => {
    const creatorId = await apply('Race Rita');
    const listed = await adminApi.fetch(`/api/admin/creators/${creatorId}/list-directly`, {
      method: 'PATCH',
      body: { rollickListingUrl: 'https://marketplace.example/creators/rita' },
    });
    expect(listed.status).toBe(200);
    const { context, page, problems } = await openPage();
    await signInOnPage(page, server.baseUrl);
    await page.goto(`${server.baseUrl}/admin/creators/listed`);
    await rowOf(page, creatorId).getByRole('button', { name: 'Mark as Matched' }).waitFor();
    // Meanwhile someone else moves the creator on.
    expect(
      (
        await adminApi.fetch(`/api/admin/creators/${creatorId}/status`, {
          method: 'PATCH',
          body: { status: 'matched' },
        })
      ).status,
    ).toBe(200);
    await rowOf(page, creatorId).getByRole('button', { name: 'Mark as Matched' }).click();
    await toast(page, 'Failed to update status').waitFor();
    await page
      .locator(SHOWN_TOAST)
      .getByText(/status has changed|cannot be moved/)
      .waitFor();
    await rowOf(page, creatorId).waitFor({ state: 'detached' });
    expect(page.url()).toBe(`${server.baseUrl}/admin/creators/listed`);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('searches a status page and deletes a pending creator after confirmation', async () => {
    const keep = await apply('Search Sam');
    const doomed = await apply('Delete Dora');
    const { context, page, problems } = await openPage();
    await signInOnPage(page, server.baseUrl);
    await page.goto(`${server.baseUrl}/admin/creators/pending`);
    await rowOf(page, doomed).waitFor();

    await page.getByRole('searchbox', { name: 'Search creators' }).fill('search sam');
    await page.waitForURL(/\?q=search\+sam$/);
    await rowOf(page, doomed).waitFor({ state: 'detached' });
    await rowOf(page, keep).waitFor();
    await page.getByText(/Page 1 of 1/).waitFor();
    await page.getByRole('searchbox', { name: 'Search creators' }).fill('nobody-has-this-name');
    await page.getByText('No creators match "nobody-has-this-name"', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Clear search' }).click();
    await rowOf(page, doomed).waitFor();

    // The applicant's name has the word in it too, so the button is found by its whole name.
    await pressRowAction(page, rowOf(page, doomed), `Delete: Delete Dora (${doomed})`, { exact: true });
    const confirm = page.getByRole('alertdialog', { name: 'Delete Creator' });
    await confirm.getByText(`Delete the application of Delete Dora (${doomed})?`).waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Creator Deleted').waitFor();
    await toast(page, `Creator ${doomed} deleted`).waitFor();
    await rowOf(page, doomed).waitFor({ state: 'detached' });
    expect((await adminApi.fetch(`/api/admin/creators/${doomed}`)).status).toBe(404);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('creator details and activity', () => {
  it('shows applicant text as text, copies values, views the photo and lists the activity', async () => {
    const creatorId = await apply(XSS_NAME, { withPhoto: true });
    const { context, page, problems } = await openPage();
    await grantClipboard(context);
    await signInOnPage(page, server.baseUrl);
    await page.goto(`${server.baseUrl}/admin/creators/pending`);
    const row = rowOf(page, creatorId);
    await row.getByText(XSS_NAME, { exact: true }).waitFor();

    await row.getByRole('button', { name: `View Details for ${creatorId}` }).click();
    const details = page.getByRole('dialog', { name: `Creator Details: ${creatorId}` });
    await details.getByRole('heading', { name: 'Stage 1 Information' }).waitFor();
    await details.getByRole('heading', { name: 'Stage 2 Information' }).waitFor();
    await details.getByText('No Stage 2 information yet').waitFor();
    await details.getByText(XSS_NAME, { exact: true }).waitFor();
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    await details.getByText('Spanish', { exact: true }).waitFor();
    await details.getByText(/More reach,\s+less admin work\./).waitFor();
    // Fields the spec leaves out of Stage 1 are not listed.
    expect(await details.getByText('Status', { exact: true }).count()).toBe(0);

    await details.getByRole('button', { name: 'Copy Name' }).click();
    await toast(page, 'Copied!').waitFor();
    await toast(page, 'Text copied to clipboard').waitFor();
    expect(await readClipboard(page)).toBe(XSS_NAME);

    // Application Details: the recruiter with the e-mail the recruiters list knows.
    await details.getByText(RECRUITER, { exact: true }).waitFor();
    await details.getByText('dana@example.com', { exact: true }).waitFor();

    await details.getByRole('button', { name: 'View Photo' }).click();
    const viewer = page.getByRole('dialog', { name: 'Verification Photo' });
    const image = viewer.getByRole('img', { name: 'Verification Photo' });
    await image.waitFor();
    await page.waitForFunction(
      () => (document.querySelector('img[alt="Verification Photo"]') as HTMLImageElement | null)?.naturalWidth === 240,
    );
    expect(await viewer.getByRole('link', { name: 'Download' }).getAttribute('download')).toBe(`${creatorId}-photo`);
    // Escape closes the viewer and leaves the details beneath it open, with focus back on View Photo.
    await page.keyboard.press('Escape');
    await waitForOpenDialogs(page, 1);
    await page.waitForFunction(() => document.activeElement?.textContent === 'View Photo');
    await details.getByRole('button', { name: 'Close' }).last().click();
    await waitForOpenDialogs(page, 0);

    await row.getByRole('button', { name: `View Log for ${creatorId}` }).click();
    const log = page.getByRole('dialog', { name: `Activity Log: ${creatorId}` });
    const entries = log.getByRole('listitem');
    await entries.first().waitFor();
    expect(await entries.count()).toBeGreaterThanOrEqual(1);
    await log.getByText(/^By: /).first().waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('admin shell on a phone', () => {
  it('opens the menu as a drawer, shows cards with View Details and View Log, and logs out', async () => {
    const creatorId = await apply('Phone Pia');
    const { context, page, problems } = await openPage({ viewport: PHONE, isMobile: true, hasTouch: true });
    await signInOnPage(page, server.baseUrl);
    const nav = page.getByRole('navigation', { name: 'Admin navigation' });
    expect(await nav.count()).toBe(0);

    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Admin Panel' });
    await drawer.waitFor();
    const links = drawer.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link');
    // The drawer's dialog can be on screen a moment before its menu is drawn in it.
    await links.first().waitFor();
    expect(await links.allTextContents()).toEqual([
      'Dashboard',
      'Recruiters',
      'Insights',
      'Admins',
      'Message templates',
      'Reasons & tags',
      'Import creators',
      'Deliveries',
      'Your account',
      'My creators',
      'Board',
      'Pending',
      'Stage 2 Sent',
      'Stage 2 Submitted',
      'Listed',
      'Matched',
      'Finalized',
      'Cancelled',
    ]);
    expect(await drawer.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');
    await drawer.getByRole('button', { name: 'Logout' }).waitFor();
    await drawer.getByRole('link', { name: 'Pending' }).click();
    await page.waitForURL(`${server.baseUrl}/admin/creators/pending`);
    await drawer.waitFor({ state: 'detached' });
    await page.getByRole('heading', { level: 1, name: 'pending Creators' }).waitFor();

    const card = page.getByRole('listitem').filter({ hasText: creatorId });
    await card.getByRole('button', { name: 'View Details' }).waitFor();
    await card.getByRole('button', { name: 'View Log' }).click();
    await page.getByRole('dialog', { name: `Activity Log: ${creatorId}` }).waitFor();
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Admin Panel' }).getByRole('button', { name: 'Logout' }).click();
    await toast(page, 'Logged out').waitFor();
    await toast(page, 'You have been logged out successfully.').waitFor();
    await page.waitForURL(`${server.baseUrl}/admin`);
    await page.goto(`${server.baseUrl}/admin/dashboard`);
    await page.waitForURL(`${server.baseUrl}/admin`);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('admin shell on a phone: toasts and the drawer', () => {
  it('keeps the drawer’s menu and Logout clear of a toast shown at the bottom', async () => {
    const creatorId = await apply('Drawer Dee');
    const { context, page, problems } = await openPage({ viewport: PHONE, isMobile: true, hasTouch: true });
    await grantClipboard(context);
    await signInOnPage(page, server.baseUrl);
    await page.goto(`${server.baseUrl}/admin/creators/pending`);
    await page.getByRole('button', { name: `Send Stage 2: Drawer Dee (${creatorId})` }).click();
    const shown = toast(page, 'Stage 2 link generated');
    await shown.waitFor();
    await page.getByRole('dialog', { name: 'Stage 2 Link' }).getByRole('button', { name: 'Done' }).click();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Admin Panel' });
    await drawer.waitFor();
    const toastBox = await page.locator(SHOWN_TOAST).first().boundingBox();
    expect(toastBox).not.toBeNull();
    // Once the drawer has made room, every control in it is the topmost element at its own centre; the menu
    // scrolls in what room is left, so a link scrolled out of its view is not counted.
    const controls = drawer.locator('a, button');
    await page.waitForFunction(() => {
      const drawerElement = document.querySelector('[role="dialog"]');
      const controls = Array.from(drawerElement?.querySelectorAll('a, button') ?? []);
      return controls.every((control) => {
        const { left, top, width, height } = control.getBoundingClientRect();
        const centre = top + height / 2;
        const menu = control.closest('nav')?.getBoundingClientRect();
        if (menu && (centre < menu.top || centre > menu.bottom)) return true;
        const hit = document.elementFromPoint(left + width / 2, centre);
        return hit !== null && control.contains(hit);
      });
    });
    expect(
      await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--toasts-height')),
    ).not.toBe('');
    const logoutBox = await drawer.getByRole('button', { name: 'Logout' }).boundingBox();
    expect((logoutBox?.y ?? 0) + (logoutBox?.height ?? 0)).toBeLessThanOrEqual(toastBox?.y ?? 0);
    expect(await controls.count()).toBeGreaterThan(10);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('status names in the interface language', () => {
  it.each([
    {
      locale: 'es-ES',
      signIn: { username: 'Usuario', password: 'Contraseña', submit: 'Iniciar sesión' },
      recentTitle: 'Solicitudes recientes',
      pending: 'Pendiente',
      listed: 'Publicado',
      listedTitle: 'Creadores: Publicado',
      markMatched: 'Marcar como emparejado',
      changed: 'El estado del creador cambió a "Emparejado"',
      matchedTitle: 'Creadores: Emparejado',
    },
    {
      locale: 'ru-RU',
      signIn: { username: 'Имя пользователя', password: 'Пароль', submit: 'Войти' },
      recentTitle: 'Последние заявки',
      pending: 'На рассмотрении',
      listed: 'Опубликован',
      listedTitle: 'Авторы: Опубликован',
      markMatched: 'Отметить: агентство подобрано',
      changed: 'Статус автора изменён на «Агентство подобрано»',
      matchedTitle: 'Авторы: Агентство подобрано',
    },
  ])('shows translated status names in pills, titles and the toast ($locale)', async (expected) => {
    const pendingId = await apply('Idioma Inés');
    const listedId = await apply('Idioma Lola');
    const listed = await adminApi.fetch(`/api/admin/creators/${listedId}/list-directly`, {
      method: 'PATCH',
      body: { rollickListingUrl: 'https://marketplace.example/creators/lola' },
    });
    expect(listed.status).toBe(200);
    const { context, page, problems } = await openPage({ locale: expected.locale });
    await page.goto(`${server.baseUrl}/admin`);
    await page.getByLabel(expected.signIn.username).fill(E2E_ADMIN.username);
    await page.getByLabel(expected.signIn.password).fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: expected.signIn.submit }).click();
    await page.waitForURL(`${server.baseUrl}/admin/dashboard`);

    // Dashboard: the recent submissions' pills.
    const recent = page.getByRole('table', { name: expected.recentTitle });
    await recent.getByRole('row').filter({ hasText: pendingId }).getByText(expected.pending, { exact: true }).waitFor();
    await recent.getByRole('row').filter({ hasText: listedId }).getByText(expected.listed, { exact: true }).waitFor();
    expect(await recent.getByText('pending', { exact: true }).count()).toBe(0);

    // The status page's heading and tab title, then the toast after a change.
    await page.goto(`${server.baseUrl}/admin/creators/listed`);
    await page.getByRole('heading', { level: 1, name: expected.listedTitle, exact: true }).waitFor();
    expect(await page.title()).toMatch(new RegExp(`^${expected.listedTitle} · `));
    await rowOf(page, listedId).getByRole('button', { name: expected.markMatched }).click();
    await toast(page, expected.changed).waitFor();
    await page.waitForURL(`${server.baseUrl}/admin/creators/matched`);
    await page.getByRole('heading', { level: 1, name: expected.matchedTitle, exact: true }).waitFor();
    expect(await statusOf(listedId)).toBe('matched');
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('creator cards on a phone', () => {
  it('names the creator on every card button, after the words the button shows', async () => {
    const carla = await apply('Card Carla');
    const cora = await apply('Card Cora');
    const { context, page, problems } = await openPage({ viewport: PHONE, isMobile: true, hasTouch: true });
    await signInOnPage(page, server.baseUrl);
    await page.goto(`${server.baseUrl}/admin/creators/pending`);
    const card = page.getByRole('listitem').filter({ hasText: carla });
    const names = [
      `View Details for ${carla}`,
      `View Log for ${carla}`,
      `Contact: Card Carla (${carla})`,
      `Assign: Card Carla (${carla})`,
      `Send Stage 2: Card Carla (${carla})`,
      `Listed: Card Carla (${carla})`,
      `Delete: Card Carla (${carla})`,
    ];
    for (const name of names) await card.getByRole('button', { name, exact: true }).waitFor();
    expect(await card.getByRole('button').count()).toBe(names.length);
    // Each name belongs to one card only: the next creator's buttons say theirs.
    expect(await page.getByRole('button', { name: `Delete: Card Carla (${carla})`, exact: true }).count()).toBe(1);
    await page.getByRole('button', { name: `Delete: Card Cora (${cora})`, exact: true }).waitFor();

    await page.getByRole('button', { name: `Delete: Card Carla (${carla})`, exact: true }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Creator' });
    await confirm.getByText(`Delete the application of Card Carla (${carla})?`).waitFor();
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'detached' });
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('focus and announcements for keyboard and screen-reader users', () => {
  it('puts focus on the new page’s heading after a status change moves the admin there', async () => {
    const creatorId = await apply('Focus Fran');
    const listed = await adminApi.fetch(`/api/admin/creators/${creatorId}/list-directly`, {
      method: 'PATCH',
      body: { rollickListingUrl: 'https://marketplace.example/creators/fran' },
    });
    expect(listed.status).toBe(200);
    const { context, page, problems } = await openPage();
    await signInOnPage(page, server.baseUrl);
    await page.goto(`${server.baseUrl}/admin/creators/listed`);
    // A page load keeps the browser's own start: the skip link comes first, not the heading.
    await rowOf(page, creatorId).waitFor();
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('BODY');

    await rowOf(page, creatorId).getByRole('button', { name: 'Mark as Matched' }).click();
    await page.waitForURL(`${server.baseUrl}/admin/creators/matched`);
    await page.waitForFunction(() => {
      const focused = document.activeElement;
      return focused?.tagName === 'H1' && focused.textContent === 'matched Creators';
    });
    // From the heading, the next Tab reaches the page's content, not the top of the document.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('header, main')?.tagName)).toBeTruthy();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('announces a toast raised while a dialog is open', async () => {
    const creatorId = await apply('Announce Ana');
    const { context, page, problems } = await openPage();
    await refuseClipboard(context);
    await signInOnPage(page, server.baseUrl);
    await page.goto(`${server.baseUrl}/admin/creators/pending`);
    await rowOf(page, creatorId).getByRole('button', { name: 'Send Stage 2' }).click();
    await page.getByRole('dialog', { name: 'Stage 2 Link' }).waitFor();
    // The dialog hides the rest of the page from screen readers; the toast's words must reach a live region
    // outside that hidden part.
    await page.waitForFunction((text) => {
      const live = document.querySelectorAll('[aria-live], [role="status"], [role="alert"]');
      return Array.from(live).some(
        (region) =>
          region.getAttribute('aria-live') !== 'off' &&
          region.closest('[aria-hidden="true"]') === null &&
          (region.textContent ?? '').includes(text),
      );
    }, 'Copy the link below and send it to the creator.');
    // And the toast itself stays readable and reachable (F8) beside the dialog, not hidden with the page.
    const toastHidden = await page
      .locator(SHOWN_TOAST)
      .first()
      .evaluate((element) => element.closest('[aria-hidden="true"]') !== null);
    expect(toastHidden).toBe(false);
    expect(problems).toEqual([]);
    await context.close();
  });
});
