import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Creator } from '#shared/replies/creators.ts';
import { launchBrowser, newPage, pickOption } from './support/browser.ts';
import { pressRowAction } from './support/rows.ts';
import { type AdminSession, createRecruiter, signInAdmin, signInOnPage, submitApplication } from './support/seed.ts';
import { type RunningServer, startServer } from './support/server.ts';

let server: RunningServer;
let browser: Browser;
let adminApi: AdminSession;

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  adminApi = await signInAdmin(server);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

let applicants = 0;

/** An application through the public form's call (product §7 POST /api/submissions), naming the recruiter. */
async function applyFor(recruiter: string, name: string): Promise<string> {
  applicants += 1;
  return submitApplication(server, {
    name,
    language: 'English',
    gender: 'Female',
    contactMethod: 'Email',
    contactInfo: `applicant${applicants}@example.com`,
    hasOnlyFans: 'no',
    age: '25',
    agencyGoals: 'Grow my audience with a good agency',
    recruiter,
  });
}

/** The one toast on screen (product §4: a new one replaces the current one). */
function toast(page: Page, text: string) {
  return page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true });
}

function rowOf(page: Page, name: string) {
  // The row header is the name with the Creator ID beneath it.
  return page.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });
}

async function chooseStatus(page: Page, option: string): Promise<void> {
  await pickOption(page.getByRole('combobox', { name: 'Status' }), option);
}

describe('/admin/recruiters', () => {
  it('adds a recruiter, edits its e-mail inline, shows and filters its listings, and deletes it', async () => {
    const { context, page } = await newPage(browser, { viewport: DESKTOP });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await signInOnPage(page, server.baseUrl);
    await page.goto(`${server.baseUrl}/admin/recruiters`);
    await page.getByRole('heading', { level: 1, name: 'Recruiter Management' }).waitFor();
    // A first start has the house entry, so the form's required recruiter is never an empty list; the only
    // recruiter cannot be deleted, and the dialog says why instead of offering Delete.
    await pressRowAction(page, page.getByRole('row').filter({ hasText: 'Rollick team' }), 'Delete Rollick team');
    const onlyOne = page.getByRole('alertdialog', { name: 'Delete Rollick team?' });
    await onlyOne.getByText(/This is the only recruiter, and applicants must choose one on the form\./).waitFor();
    expect(await onlyOne.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await onlyOne.getByRole('button', { name: 'Close', exact: true }).first().click();
    await onlyOne.waitFor({ state: 'detached' });

    // Add Recruiter: the shared schema's messages, then a valid recruiter without an e-mail.
    await page.getByRole('button', { name: 'Add Recruiter' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Recruiter' });
    await dialog.getByRole('button', { name: 'Add Recruiter' }).click();
    await dialog.getByText('Name is required').waitFor();
    await dialog.getByLabel('Name').fill('Robin Hale');
    await dialog.getByLabel(/^Email/).fill('robin@');
    await dialog.getByRole('button', { name: 'Add Recruiter' }).click();
    await dialog.getByText('Invalid email').waitFor();
    expect(await dialog.getByText('Name is required').count()).toBe(0);
    await dialog.getByLabel(/^Email/).fill('');
    await dialog.getByRole('button', { name: 'Add Recruiter' }).click();
    await toast(page, 'Recruiter added successfully').waitFor();
    await dialog.waitFor({ state: 'detached' });
    const added = (
      (await (await adminApi.fetch('/api/admin/recruiters')).json()) as { id: string; name: string; email: null }[]
    ).find((r) => r.name === 'Robin Hale');
    expect(added?.email).toBeNull();

    // A name taken in another letter case is refused with the server's reason.
    await page.getByRole('button', { name: 'Add Recruiter' }).click();
    await dialog.getByLabel('Name').fill('robin hale');
    await dialog.getByRole('button', { name: 'Add Recruiter' }).click();
    await dialog.getByText('A recruiter with this name already exists').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    // 'Add Email' opens the inline editor; Enter saves, a bad address is refused first.
    const row = rowOf(page, 'Robin Hale');
    await row.getByRole('button', { name: 'Add Email' }).click();
    const editor = row.getByRole('textbox', { name: 'Email for Robin Hale' });
    await editor.fill('robin.hale');
    await editor.press('Enter');
    await row.getByText('Invalid email').waitFor();
    await editor.fill('robin@example.com');
    await editor.press('Enter');
    await toast(page, 'Email updated successfully').waitFor();
    await row.getByRole('link', { name: 'robin@example.com' }).waitFor();

    // The pencil edits; Escape cancels without saving, Save saves.
    await row.getByRole('button', { name: 'Edit email for Robin Hale' }).click();
    await editor.fill('nobody@example.com');
    await editor.press('Escape');
    await row.getByRole('link', { name: 'robin@example.com' }).waitFor();
    await row.getByRole('button', { name: 'Edit email for Robin Hale' }).click();
    await editor.fill('robin.hale@example.com');
    await row.getByRole('button', { name: 'Save' }).click();
    await row.getByRole('link', { name: 'robin.hale@example.com' }).waitFor();
    const edited = (
      (await (await adminApi.fetch('/api/admin/recruiters')).json()) as { name: string; email: string }[]
    ).find((r) => r.name === 'Robin Hale');
    expect(edited?.email).toBe('robin.hale@example.com');

    // Two applications name the recruiter; one is listed.
    const first = await applyFor('Robin Hale', 'Ava Stone');
    await applyFor('Robin Hale', 'Bea Quinn');
    const listed = await adminApi.fetch(`/api/admin/creators/${first}/list-directly`, {
      method: 'PATCH',
      body: { rollickListingUrl: 'https://example.com/listing/ava' },
    });
    expect(listed.status).toBe(200);
    await page.reload();
    await rowOf(page, 'Robin Hale').getByText('2 applications').waitFor();

    // The listings view: its own address, 'Showing: N of M', the status pill and the filter.
    await rowOf(page, 'Robin Hale').getByRole('link', { name: 'View Listings' }).click();
    await page.getByRole('heading', { name: 'Listings — Robin Hale' }).waitFor();
    expect(new URL(page.url()).searchParams.get('recruiter')).toBe(added?.id);
    await page.getByText('Showing: 2 of 2 applications').waitFor();
    expect(await rowOf(page, 'Ava Stone').getByText(first).count()).toBe(1);
    await rowOf(page, 'Ava Stone').getByText('listed', { exact: true }).waitFor();
    await rowOf(page, 'Bea Quinn').getByText('pending', { exact: true }).waitFor();

    await chooseStatus(page, 'Listed');
    await page.getByText('Showing: 1 of 2 applications').waitFor();
    await rowOf(page, 'Ava Stone').waitFor();
    expect(await rowOf(page, 'Bea Quinn').count()).toBe(0);
    await chooseStatus(page, 'Cancelled');
    await page.getByText('Showing: 0 of 2 applications').waitFor();

    // A reload keeps the recruiter and the filter.
    await chooseStatus(page, 'Pending');
    await page.getByText('Showing: 1 of 2 applications').waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Listings — Robin Hale' }).waitFor();
    await rowOf(page, 'Bea Quinn').waitFor();
    expect(await page.getByRole('combobox', { name: 'Status' }).textContent()).toBe('Pending');
    await chooseStatus(page, 'All');
    await page.getByText('Showing: 2 of 2 applications').waitFor();

    // The creator dialogs and row actions; a status change keeps the admin on this list.
    await page.getByRole('button', { name: `View Details for ${first}` }).click();
    await page.getByRole('dialog', { name: `Creator Details: ${first}` }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: `View Log for ${first}` }).click();
    await page.getByRole('dialog', { name: `Activity Log: ${first}` }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await rowOf(page, 'Ava Stone').getByRole('button', { name: 'Mark as Matched' }).click();
    await rowOf(page, 'Ava Stone').getByText('matched', { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/recruiters');

    // Delete: the dialog states the count; the applications keep the recruiter's name.
    await page.getByRole('link', { name: 'Back to Recruiters' }).click();
    await pressRowAction(page, page.getByRole('row').filter({ hasText: 'Robin Hale' }), 'Delete Robin Hale');
    const confirm = page.getByRole('alertdialog', { name: 'Delete Robin Hale?' });
    await confirm.getByText(/2 associated applications name this recruiter\. They stay unchanged/).waitFor();
    await confirm.getByText('only removed from future selection', { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Recruiter deleted successfully. 2 associated applications remain unchanged.').waitFor();
    await page.getByRole('row').filter({ hasText: 'Robin Hale' }).waitFor({ state: 'detached' });
    await page.getByRole('row').filter({ hasText: 'Rollick team' }).first().waitFor();

    const detail = await adminApi.fetch(`/api/admin/creators/${first}`);
    expect(detail.status).toBe(200);
    const { creator } = (await detail.json()) as { creator: Creator };
    expect(creator.recruiter).toBe('Robin Hale');
    expect(creator.recruiterId).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows applicant text as text and lays the listings out as cards on a phone', async () => {
    const recruiter = await createRecruiter(adminApi, 'Sam Ortiz', 'sam@example.com');
    const hostile = '<img src=x onerror="window.__pwned=1">';
    const creatorId = await applyFor('Sam Ortiz', hostile);

    const { context, page } = await newPage(browser, { viewport: PHONE, isMobile: true, hasTouch: true });
    await signInOnPage(page, server.baseUrl);
    await page.goto(`${server.baseUrl}/admin/recruiters?recruiter=${recruiter.id}`);
    await page.getByRole('heading', { name: 'Listings — Sam Ortiz' }).waitFor();
    await page.getByText('Showing: 1 of 1 application').waitFor();
    const card = page.getByRole('listitem').filter({ hasText: creatorId });
    await card.getByText(hostile, { exact: true }).waitFor();
    await card.getByText('pending', { exact: true }).waitFor();
    // Every listing has the same buttons; each one's name says whose it is.
    await card.getByRole('button', { name: `View Details for ${creatorId}`, exact: true }).waitFor();
    await card.getByRole('button', { name: `View Log for ${creatorId}`, exact: true }).waitFor();
    await card.getByRole('button', { name: `Delete: ${hostile} (${creatorId})`, exact: true }).waitFor();
    expect(
      await page.evaluate(() => 'window.__pwned' in window || document.querySelector('img[src="x"]') !== null),
    ).toBe(false);
    // The table is for wider screens; nothing on the page scrolls sideways.
    expect(await page.getByRole('table').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    await page.getByRole('link', { name: 'Back to Recruiters' }).click();
    const recruiterCard = page.getByRole('listitem').filter({ hasText: 'Sam Ortiz' });
    await recruiterCard.getByText('1 application', { exact: true }).waitFor();
    await recruiterCard.getByRole('link', { name: 'View Listings' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await context.close();
  });
});

describe('recruiter listings at 1280 px', () => {
  it('keeps each row’s buttons on one line in English and in the longer Russian, folding what does not fit into a menu, the table never scrolling sideways', async () => {
    const recruiter = await createRecruiter(adminApi, 'Wide Wendy');
    // A pending creator has the most buttons: view, log, send stage 2, list directly, delete.
    const creatorId = await applyFor('Wide Wendy', 'Paloma Alejandra Fernández-Castellanos');
    for (const locale of ['en-US', 'ru-RU']) {
      const { context, page } = await newPage(browser, { viewport: { width: 1280, height: 800 }, locale });
      const [name = '', value = ''] = adminApi.cookie.split('=');
      await context.addCookies([{ name, value, url: server.baseUrl }]);
      await page.goto(`${server.baseUrl}/admin/recruiters?recruiter=${recruiter.id}`);
      const row = page.getByRole('row').filter({ hasText: creatorId });
      await row.waitFor();
      const tops = await row
        .getByRole('button')
        .evaluateAll((buttons) => buttons.map((button) => Math.round(button.getBoundingClientRect().top)));
      // View and log, then the actions, or those that do not fit folded into "More actions".
      expect(tops.length, locale).toBeGreaterThanOrEqual(3);
      expect(new Set(tops).size, `${locale}: ${tops.join(', ')}`).toBe(1);
      const container = page.locator('[data-slot="table-container"]');
      const overflow = await container.evaluate((box) => box.scrollWidth - box.clientWidth);
      expect(overflow, locale).toBeLessThanOrEqual(1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), locale).toBeLessThanOrEqual(1280);
      await context.close();
    }
  });
});
