import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREATOR_STATUSES } from '#shared/creator-status.ts';
import { AUDITED_SCREENS, AuditLog, TABLE_VIEWS } from './support/axe.ts';
import { launchBrowser, newPage, refuseClipboard } from './support/browser.ts';
import { pressRowAction } from './support/rows.ts';
import {
  type AdminSession,
  createRecruiter,
  jpegBlob,
  sendStage2Link,
  signInAdmin,
  submitApplication,
  submitStage2,
} from './support/seed.ts';
import { E2E_ADMIN, type RunningServer, startServer } from './support/server.ts';
import { textsOf } from './support/texts.ts';

/**
 * Every admin screen, audited by axe-core at a phone's and a laptop's width, in English and in Russian: the
 * dashboard, each status page, the board, the drawer, the details with their image viewer, the activity log, every creator
 * dialog, the bulk bar, the recruiters with their dialogs, a recruiter's listings, deliveries, insights, the
 * account and admins pages and the admin not-found page; then every table at laptop and desktop width in the
 * long languages (all six on the tour). The data look like production's: long German and Russian names, long
 * e-mail addresses, phone numbers and handles, several creators per status.
 */

/** Applicants as staff meet them: long names in several scripts, every contact method, long addresses. */
const APPLICANTS = [
  {
    name: 'Anna-Katharina Müller-Lüdenscheidt',
    contactMethod: 'Email',
    contactInfo: 'anna-katharina.mueller-luedenscheidt@sehr-lange-domain-beispiel.de',
  },
  { name: 'Александра Константиновна Воскресенская', contactMethod: 'WhatsApp', contactInfo: '+7 912 345-67-89' },
  { name: 'Maria Fernanda dos Santos Oliveira', contactMethod: 'SMS/Phone', contactInfo: '+55 11 98765-4321' },
  { name: 'Jo Li', contactMethod: 'Telegram', contactInfo: '@alexandra_voskresenskaya' },
] as const;
const RECRUITER = {
  name: 'Maximilian Großkopf-Schwarzenberger',
  email: 'maximilian.grosskopf-schwarzenberger@rekrutierungsagentur-beispiel.de',
};

let server: RunningServer;
let browser: Browser;
let adminApi: AdminSession;
let recruiter: { id: string; name: string };
/** One creator in each status, by status; the stage2_submitted one has answers and images. */
const creatorIn: Record<string, string> = {};

async function apply(applicant: (typeof APPLICANTS)[number]): Promise<string> {
  return submitApplication(server, {
    ...applicant,
    language: 'English',
    gender: 'Female',
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
  recruiter = await createRecruiter(adminApi, RECRUITER.name, RECRUITER.email);
  const images = await Promise.all(
    [0, 1, 2, 3].map((index) =>
      jpegBlob({ width: 300, height: 400, background: { r: 220 - index * 40, g: 160, b: 110 + index * 40 } }),
    ),
  );
  // Every applicant in every status; the first of each is the one the tests open.
  for (const [index, applicant] of [...APPLICANTS].reverse().entries()) {
    for (const status of CREATOR_STATUSES) await seedIn(status, applicant, index === APPLICANTS.length - 1, images);
  }
});

async function seedIn(
  status: (typeof CREATOR_STATUSES)[number],
  applicant: (typeof APPLICANTS)[number],
  isOpened: boolean,
  images: Blob[],
): Promise<void> {
  const listing = { rollickListingUrl: 'https://marketplace.example/creators/anna-katharina-mueller-luedenscheidt' };
  {
    const creatorId = await apply(applicant);
    if (isOpened) creatorIn[status] = creatorId;
    if (status === 'pending') return;
    const link = await sendStage2Link(adminApi, creatorId);
    if (status === 'stage2_sent') return;
    await submitStage2(link, images);
    if (status === 'stage2_submitted') return;
    await changeStatus(creatorId, { status: 'listed', ...listing });
    if (status === 'listed') return;
    await changeStatus(creatorId, { status: 'matched' });
    if (status === 'matched') return;
    await changeStatus(creatorId, { status });
  }
}

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

/** Presses one of a creator's action buttons, on her row or in its "More actions" menu. */
function pressAction(page: Page, creatorId: string, name: string, moreActions: string) {
  return pressRowAction(page, creator(page, creatorId), name, { moreActions });
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
      const log = new AuditLog(page);
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
      await page.goto(`${server.baseUrl}/admin/board`);
      await page.locator(`[data-board-column="cancelled"] [data-creator-id="${creatorIn.cancelled ?? ''}"]`).waitFor();
      await log.check(page, 'board');
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
      const log = new AuditLog(page);
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

      await pressAction(page, submitted, text('actions.listCreator', 'admin'), text('actions.more', 'admin'));
      const listing = page.getByRole('dialog');
      await listing.locator('input').first().waitFor();
      await log.check(page, 'listing dialog');
      await listing.getByRole('button', { name: text('listing.submit.list', 'admin') }).click();
      await listing.getByRole('alert').getByText(text('listing.url', 'messages')).waitFor();
      await log.check(page, 'listing dialog with errors');
      await closeDialog(page);

      await page.goto(`${server.baseUrl}/admin/creators/pending`);
      await pressAction(page, creatorIn.pending ?? '', text('actions.delete', 'admin'), text('actions.more', 'admin'));
      await page.getByRole('alertdialog').waitFor();
      await log.check(page, 'delete dialog');
      await closeDialog(page);

      // Send Again asks first; then, the browser refusing the clipboard, the link shows in a dialog with its
      // ways to send it, and a toast over it.
      await page.goto(`${server.baseUrl}/admin/creators/stage2_sent`);
      await pressAction(
        page,
        creatorIn.stage2_sent ?? '',
        text('actions.sendAgain', 'admin'),
        text('actions.more', 'admin'),
      );
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

    it('deliveries, insights, the admin not-found page, the empty waiting filter and the bulk bar', async () => {
      const { context, page } = await openAdminPage({ locale, viewport });
      const log = new AuditLog(page);
      await page.goto(`${server.baseUrl}/admin/deliveries`);
      await page.getByRole('heading', { name: text('deliveries.heading', 'admin') }).waitFor();
      await page.waitForLoadState('networkidle');
      await log.check(page, 'deliveries');
      await page.goto(`${server.baseUrl}/admin/insights`);
      await page.getByRole('table').first().waitFor();
      await log.check(page, 'insights');
      await page.goto(`${server.baseUrl}/admin/creators/no-such-status`);
      await page.getByRole('heading', { level: 1, name: text('notFound.title') }).waitFor();
      await log.check(page, 'admin not found');
      // Nobody has waited 48 hours yet: the filter says so, not that the status is empty.
      await page.goto(`${server.baseUrl}/admin/creators/pending?sla=overdue`);
      await page.getByText(text('sla.emptyOverdue', 'admin')).waitFor();
      await log.check(page, 'waiting filter without creators');

      // One of four ticked: the bar shows, and the page's checkbox is neither ticked nor empty.
      await page.goto(`${server.baseUrl}/admin/creators/pending`);
      await creator(page, creatorIn.pending ?? '')
        .getByRole('checkbox', { name: text('bulk.select', 'admin').replace('{{creatorId}}', creatorIn.pending ?? '') })
        .click();
      await page.getByRole('region', { name: text('bulk.actionsLabel', 'admin') }).waitFor();
      if (!isPhone) {
        const pageBox = page.getByRole('checkbox', { name: text('bulk.selectPage', 'admin') });
        expect(await pageBox.getAttribute('aria-checked')).toBe('mixed');
      }
      await log.check(page, 'bulk bar with one creator selected');
      expect(log.violations).toEqual([]);
      await context.close();
    });

    it('reasons & tags, the import page, and a list with its filters, chips and saved-view dialogs', async () => {
      const { context, page } = await openAdminPage({ locale, viewport });
      const log = new AuditLog(page);
      await page.goto(`${server.baseUrl}/admin/lists`);
      await page.getByRole('heading', { name: text('lists.cancelReasons', 'admin') }).waitFor();
      await page.waitForLoadState('networkidle');
      await log.check(page, 'reasons and tags');
      await page.goto(`${server.baseUrl}/admin/import`);
      await page.getByRole('heading', { name: text('heading', 'import') }).waitFor();
      await log.check(page, 'import');
      await page.goto(`${server.baseUrl}/admin/creators/pending?duplicates=only&from=2026-01-01&assignee=none`);
      await page.getByRole('button', { name: text('filters.clearAll', 'admin') }).waitFor();
      await page.waitForLoadState('networkidle');
      await log.check(page, 'list with filters on');
      const plural = language === 'ru' ? 'few' : 'other';
      await page
        .getByRole('button', { name: text(`filters.buttonActive_${plural}`, 'admin').replace('{{count}}', '2') })
        .click();
      await page.getByRole('dialog').waitFor();
      await log.check(page, 'filters dialog');
      await closeDialog(page);
      await page.getByRole('button', { name: text('views.save', 'admin') }).click();
      await page.getByRole('dialog').waitFor();
      await log.check(page, 'save view dialog');
      await closeDialog(page);
      expect(log.violations).toEqual([]);
      await context.close();
    });

    it('the account page with two-factor set-up, and the admins page with its dialog', async () => {
      const { context, page } = await openAdminPage({ locale, viewport });
      const log = new AuditLog(page);
      await page.goto(`${server.baseUrl}/admin/account`);
      await page.getByRole('heading', { name: text('account.log.heading', 'account') }).waitFor();
      await page
        .getByRole('cell', { name: text('account.log.kinds.sign_in', 'account') })
        .first()
        .waitFor();
      await log.check(page, 'account');
      const twoFactor = page.getByRole('region', { name: text('account.twoFactor.heading', 'account') });
      await twoFactor.getByLabel(text('account.password.current', 'account')).fill(E2E_ADMIN.password);
      await twoFactor.getByRole('button', { name: text('account.twoFactor.start', 'account') }).click();
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
      const log = new AuditLog(page);
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

      const deleteRecruiter = text('list.deleteNamed', 'recruiters').replace('{{name}}', recruiter.name);
      const deleteButton = page.getByRole('button', { name: deleteRecruiter }).filter({ visible: true });
      if ((await deleteButton.count()) > 0) await deleteButton.first().click();
      else {
        // Folded into the row's menu where the table is too narrow for every button.
        const more = text('list.moreFor', 'recruiters').replace('{{name}}', recruiter.name);
        await page.getByRole('button', { name: more }).filter({ visible: true }).first().click();
        await page.getByRole('menuitem', { name: deleteRecruiter }).click();
      }
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

describe.each(TABLE_VIEWS)('the admin tables fit, $language at $width px', ({ language, locale, ...viewport }) => {
  it('on every page with a table, without scrolling sideways or clipping a control', async () => {
    const text = textsOf(language);
    const { context, page } = await openAdminPage({ locale, viewport });
    const log = new AuditLog(page);
    const pages: [string, () => Promise<void>][] = [
      ...CREATOR_STATUSES.map((status): [string, () => Promise<void>] => [
        `creators/${status}`,
        () => creator(page, creatorIn[status] ?? '').waitFor(),
      ]),
      [
        'dashboard',
        () =>
          page
            .getByText(creatorIn.cancelled ?? '')
            .filter({ visible: true })
            .first()
            .waitFor(),
      ],
      ['recruiters', () => page.getByText(recruiter.name).filter({ visible: true }).first().waitFor()],
      [`recruiters?recruiter=${recruiter.id}`, () => creator(page, creatorIn.listed ?? '').waitFor()],
      ['admins', () => page.getByRole('rowheader').first().waitFor()],
      ['deliveries', () => page.getByRole('heading', { name: text('deliveries.heading', 'admin') }).waitFor()],
      ['insights', () => page.getByRole('table').first().waitFor()],
      ['account', () => page.getByRole('heading', { name: text('account.log.heading', 'account') }).waitFor()],
    ];
    for (const [address, shown] of pages) {
      await page.goto(`${server.baseUrl}/admin/${address}`);
      await shown();
      await page.waitForLoadState('networkidle');
      await log.checkLayout(page, `table ${address.replace(/\?recruiter=.*/, '-listings')}`);
    }
    expect(log.violations).toEqual([]);
    await context.close();
  });
});
