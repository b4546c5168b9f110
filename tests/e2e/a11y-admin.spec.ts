import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREATOR_STATUSES } from '#shared/creator-status.ts';
import { AUDITED_SCREENS, AuditLog } from './support/axe.ts';
import { launchBrowser, newPage, refuseClipboard } from './support/browser.ts';
import {
  type AdminSession,
  createRecruiter,
  jpegBlob,
  sendStage2Link,
  signInAdmin,
  submitApplication,
  submitStage2,
} from './support/seed.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { textsOf } from './support/texts.ts';

/**
 * Every admin screen, audited by axe-core at a phone's and a laptop's width, in English and in Russian: the
 * dashboard, each status page, the drawer, the details with their image viewer, the activity log, every creator
 * dialog, the recruiters with their dialogs, and a recruiter's listings.
 */

let server: RunningServer;
let browser: Browser;
let adminApi: AdminSession;
let recruiter: { id: string; name: string };
/** One creator in each status, by status; the stage2_submitted one has answers and images. */
const creatorIn: Record<string, string> = {};

async function apply(name: string): Promise<string> {
  return submitApplication(server, {
    name,
    language: 'English',
    gender: 'Female',
    contactMethod: 'Email',
    contactInfo: `${name.toLowerCase().replaceAll(' ', '.')}@example.com`,
    hasOnlyFans: 'no',
    age: '26',
    agencyGoals: 'More reach, less admin work.',
    recruiter: recruiter.name,
  });
}

async function changeStatus(creatorId: string, body: Record<string, string>): Promise<void> {
  const response = await adminApi.fetch(`/api/admin/creators/${creatorId}/status`, { method: 'PATCH', body });
  expect(response.status).toBe(200);
}

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ env: { SUBMISSIONS_PER_IP_PER_HOUR: '1000' } }),
    launchBrowser(),
  ]);
  adminApi = await signInAdmin(server);
  recruiter = await createRecruiter(adminApi, 'Audit Scout', 'scout@example.com');
  const images = await Promise.all(
    [0, 1, 2, 3].map((index) =>
      jpegBlob({ width: 300, height: 400, background: { r: 220 - index * 40, g: 160, b: 110 + index * 40 } }),
    ),
  );
  const listing = { rollickListingUrl: 'https://marketplace.example/creators/audit' };
  for (const status of CREATOR_STATUSES) {
    const creatorId = await apply(`Audit ${status.replace('_', ' ')}`);
    creatorIn[status] = creatorId;
    if (status === 'pending') continue;
    const link = await sendStage2Link(adminApi, creatorId);
    if (status === 'stage2_sent') continue;
    await submitStage2(link, images);
    if (status === 'stage2_submitted') continue;
    await changeStatus(creatorId, { status: 'listed', ...listing });
    if (status === 'listed') continue;
    await changeStatus(creatorId, { status: 'matched' });
    if (status === 'matched') continue;
    await changeStatus(creatorId, { status });
  }
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A signed-in admin's page (the session cookie of the API sign-in), optionally refusing the clipboard. */
async function openAdminPage(
  options: Parameters<typeof newPage>[1],
  { clipboardRefused = false } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await newPage(browser, options);
  const [name = '', value = ''] = adminApi.cookie.split('=');
  await opened.context.addCookies([{ name, value, url: server.baseUrl }]);
  if (clipboardRefused) {
    await refuseClipboard(opened.context);
  }
  return opened;
}

/** Where a creator's buttons are, on a table row or a phone card. */
function creator(page: Page, creatorId: string) {
  return page.locator(`[data-creator-id="${creatorId}"]`).filter({ visible: true }).first();
}

/** Closes the topmost dialog with Escape and waits until it is gone (one beneath it stays). */
async function closeDialog(page: Page) {
  const dialogs = () => page.evaluate(() => document.querySelectorAll('[role=dialog], [role=alertdialog]').length);
  const open = await dialogs();
  await page.keyboard.press('Escape');
  await page.waitForFunction(
    (before) => document.querySelectorAll('[role=dialog], [role=alertdialog]').length < before,
    open,
  );
}

describe.each(AUDITED_SCREENS)(
  'accessibility of the admin screens, $language at $width px',
  ({ language, locale, ...viewport }) => {
    const text = textsOf(language);
    const isPhone = viewport.width < 1024;

    it('dashboard, each status page and the phone drawer', async () => {
      const { context, page } = await openAdminPage({ locale, viewport });
      const log = new AuditLog();
      await page.goto(`${server.baseUrl}/admin/dashboard`);
      await page
        .getByText(creatorIn.cancelled ?? '')
        .filter({ visible: true })
        .first()
        .waitFor();
      await log.check(page, 'dashboard');
      for (const status of CREATOR_STATUSES) {
        await page.goto(`${server.baseUrl}/admin/creators/${status}`);
        await creator(page, creatorIn[status] ?? '').waitFor();
        await log.check(page, `${status} page`);
      }
      await page.goto(`${server.baseUrl}/admin/creators/finalized?q=nobody-has-this-name`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page
        .getByText(/nobody-has-this-name/)
        .first()
        .waitFor();
      await log.check(page, 'a search without matches');
      if (isPhone) {
        await page.getByRole('button', { name: text('nav.openMenu') }).click();
        await page.getByRole('dialog').waitFor();
        await log.check(page, 'menu drawer');
      }
      expect(log.violations).toEqual([]);
      await context.close();
    });

    it('details with the image viewer, the activity log and every creator dialog', async () => {
      const { context, page } = await openAdminPage({ locale, viewport }, { clipboardRefused: true });
      const log = new AuditLog();
      const submitted = creatorIn.stage2_submitted ?? '';
      await page.goto(`${server.baseUrl}/admin/creators/stage2_submitted`);
      await creator(page, submitted)
        .getByRole('button', { name: text('list.viewDetails', 'admin') })
        .click();
      const details = page.getByRole('dialog');
      await details.getByRole('heading', { name: text('details.stage2', 'admin') }).waitFor();
      await log.check(page, 'details');
      await details.getByRole('button', { name: text('details.viewScreenshot', 'admin') }).click();
      await page.getByRole('dialog', { name: text('details.screenshotTitle', 'admin') }).waitFor();
      await page.locator('[role=dialog] img').last().waitFor();
      await log.check(page, 'image viewer');
      await closeDialog(page);
      await closeDialog(page);

      await creator(page, submitted)
        .getByRole('button', { name: text('list.viewLog', 'admin') })
        .click();
      await page.getByRole('dialog').getByText(text('activity.description', 'admin')).waitFor();
      await log.check(page, 'activity log');
      await closeDialog(page);

      await creator(page, submitted)
        .getByRole('button', { name: text('actions.listCreator', 'admin') })
        .click();
      const listing = page.getByRole('dialog');
      await listing.locator('input').first().waitFor();
      await log.check(page, 'listing dialog');
      await listing.getByRole('button', { name: text('listing.submit.list', 'admin') }).click();
      await listing.getByRole('alert').getByText(text('listing.url', 'messages')).waitFor();
      await log.check(page, 'listing dialog with errors');
      await closeDialog(page);

      await page.goto(`${server.baseUrl}/admin/creators/pending`);
      await creator(page, creatorIn.pending ?? '')
        .getByRole('button', { name: text('actions.delete', 'admin') })
        .click();
      await page.getByRole('alertdialog').waitFor();
      await log.check(page, 'delete dialog');
      await closeDialog(page);

      // Send Again asks first; then, the browser refusing the clipboard, the link shows in a dialog with its
      // ways to send it, and a toast over it.
      await page.goto(`${server.baseUrl}/admin/creators/stage2_sent`);
      await creator(page, creatorIn.stage2_sent ?? '')
        .getByRole('button', { name: text('actions.sendAgain', 'admin') })
        .click();
      const again = page.getByRole('alertdialog', { name: text('stage2Link.againTitle', 'admin') });
      await again.waitFor();
      await log.check(page, 'send again confirmation');
      await again.getByRole('button', { name: text('stage2Link.againConfirm', 'admin') }).click();
      await page.getByRole('dialog', { name: text('stage2Link.title', 'admin') }).waitFor();
      await page.locator('[data-sonner-toast]').first().waitFor();
      await log.check(page, 'stage 2 link dialog with a toast');
      expect(log.violations).toEqual([]);
      await context.close();
    });

    it('the account page with two-factor set-up, and the admins page with its dialog', async () => {
      const { context, page } = await openAdminPage({ locale, viewport });
      const log = new AuditLog();
      await page.goto(`${server.baseUrl}/admin/account`);
      await page.getByRole('heading', { name: text('account.log.heading', 'account') }).waitFor();
      await page
        .getByRole('cell', { name: text('account.log.kinds.sign_in', 'account') })
        .first()
        .waitFor();
      await log.check(page, 'account');
      await page.getByRole('button', { name: text('account.twoFactor.start', 'account') }).click();
      await page.getByRole('img', { name: text('account.twoFactor.qrAlt', 'account') }).waitFor();
      await page.getByRole('button', { name: text('account.twoFactor.confirm', 'account') }).click();
      await page.locator('[aria-invalid=true]').first().waitFor();
      await log.check(page, 'two-factor set-up with an error');
      await page.getByRole('button', { name: text('account.twoFactor.cancel', 'account') }).click();

      await page.goto(`${server.baseUrl}/admin/admins`);
      await page.getByRole('rowheader').first().waitFor();
      await log.check(page, 'admins');
      await page.getByRole('button', { name: text('admins.create.open', 'account') }).click();
      const create = page.getByRole('dialog');
      await create.locator('input').first().waitFor();
      await create.getByRole('button', { name: text('admins.create.submit', 'account') }).click();
      await create.locator('[aria-invalid=true]').first().waitFor();
      await log.check(page, 'add admin dialog with errors');
      await closeDialog(page);
      expect(log.violations).toEqual([]);
      await context.close();
    });

    it('recruiters with their dialogs, and a recruiter’s listings', async () => {
      const { context, page } = await openAdminPage({ locale, viewport });
      const log = new AuditLog();
      await page.goto(`${server.baseUrl}/admin/recruiters`);
      await page.getByText(recruiter.name).filter({ visible: true }).first().waitFor();
      await log.check(page, 'recruiters');

      await page.getByRole('button', { name: text('create.open', 'recruiters') }).click();
      const create = page.getByRole('dialog');
      await create.locator('input').first().waitFor();
      await log.check(page, 'add recruiter dialog');
      await create.getByRole('button', { name: text('create.submit', 'recruiters') }).click();
      await create.locator('[aria-invalid=true]').first().waitFor();
      await log.check(page, 'add recruiter dialog with errors');
      await closeDialog(page);

      await page
        .getByRole('button', { name: text('list.deleteNamed', 'recruiters').replace('{{name}}', recruiter.name) })
        .first()
        .click();
      await page.getByRole('alertdialog').waitFor();
      await log.check(page, 'delete recruiter dialog');
      await closeDialog(page);

      await page.goto(`${server.baseUrl}/admin/recruiters?recruiter=${recruiter.id}`);
      await page
        .getByText(creatorIn.listed ?? '')
        .filter({ visible: true })
        .first()
        .waitFor();
      await log.check(page, 'listings');
      expect(log.violations).toEqual([]);
      await context.close();
    });
  },
);
