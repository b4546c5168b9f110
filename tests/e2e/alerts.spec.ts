import { rm } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MailServer, startMailServer } from '../setup/alert-receivers.ts';
import { audit } from './support/axe.ts';
import { EVENTUALLY, launchBrowser, newPage } from './support/browser.ts';
import { pressRowAction } from './support/rows.ts';
import { type AdminSession, createRecruiter, signInAdmin, signInOnPage, submitApplication } from './support/seed.ts';
import { freePort, freshDataDir, type RunningServer, startServer } from './support/server.ts';

let mail: MailServer;
let browser: Browser;

beforeAll(async () => {
  [mail, browser] = await Promise.all([startMailServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await mail?.close();
});

/** A production server on a known port, so PUBLIC_URL (which alerts and the origin check use) is its own. */
async function startAlertingServer(options: { dataDir?: string; env?: Record<string, string> } = {}) {
  const port = await freePort();
  return startServer({
    port,
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    env: {
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SMTP_URL: mail.url,
      MAIL_FROM: 'Rollick Alerts <alerts@rollick.test>',
      ALERT_EMAILS: 'staff@rollick.test',
      ...options.env,
    },
  });
}

const application = (name: string, contact: { contactMethod: string; contactInfo: string }) => ({
  name,
  language: 'English',
  gender: 'Female',
  ...contact,
  hasOnlyFans: 'no',
  age: '25',
  agencyGoals: 'Grow my audience with a good agency',
  recruiter: 'Alert Recruiter',
});

const toast = (page: Page, text: string) =>
  page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true });

describe('alerts across a crash', () => {
  it('delivers after a restart the alert a kill -9 interrupted right after the 201', async () => {
    const dataDir = await freshDataDir();
    try {
      const first = await startAlertingServer({ dataDir, env: { APPLICANT_EMAILS: 'false' } });
      await createRecruiter(await signInAdmin(first), 'Alert Recruiter');
      const held = mail.holdNext();
      const creatorId = await submitApplication(
        first,
        application('Crash Casey', { contactMethod: 'Telegram', contactInfo: '@crash_casey' }),
      );
      // The alert is on the wire, unanswered, when the process dies.
      expect((await held).subject).toContain(creatorId);
      expect(await first.kill('SIGKILL')).toBeNull();
      expect(mail.mails.items).toHaveLength(0);

      const second = await startAlertingServer({ dataDir, env: { APPLICANT_EMAILS: 'false' } });
      try {
        const [alert] = await mail.mails.waitFor(1);
        expect(alert?.subject).toContain(creatorId);
        expect(alert?.envelopeTo).toEqual(['staff@rollick.test']);
      } finally {
        await second.stop();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('/admin/deliveries and the stage-2 e-mail', () => {
  let server: RunningServer;
  let adminApi: AdminSession;

  beforeAll(async () => {
    server = await startAlertingServer();
    adminApi = await signInAdmin(server);
    await createRecruiter(adminApi, 'Alert Recruiter');
  });
  afterAll(() => server?.stop());

  it('shows a failed delivery with its error, retries it, and e-mails a stage-2 link from the creators list', async () => {
    const before = mail.mails.items.length;
    mail.refuseNext(550);
    const creatorId = await submitApplication(
      server,
      application('Mailable Mia', { contactMethod: 'Email', contactInfo: 'mia@example.com' }),
    );
    // The confirmation reaches Mia; the staff alert was refused for good.
    await mail.mails.waitFor(before + 1);
    await expect
      .poll(async () => (await (await adminApi.fetch('/api/admin/deliveries')).json()).counts.failed, EVENTUALLY)
      .toBe(1);

    const { context, page } = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseUrl });
    await signInOnPage(page, server.baseUrl);
    await page.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: 'Deliveries' }).click();
    await page.waitForURL(`${server.baseUrl}/admin/deliveries`);
    const failedRow = page.getByRole('row').filter({ hasText: 'Failed' }).filter({ hasText: creatorId });
    await failedRow.getByText(/550/).waitFor();
    expect(await audit(page, 'deliveries')).toEqual([]);
    await failedRow.getByRole('button', { name: `Retry delivery to Staff e-mail for ${creatorId}` }).click();
    await toast(page, 'Delivery queued again').waitFor();
    const staff = (await mail.mails.waitFor(before + 2)).at(-1);
    expect(staff?.envelopeTo).toEqual(['staff@rollick.test']);
    await page.getByRole('button', { name: 'Sent', exact: true }).click();
    await page.getByRole('row').filter({ hasText: creatorId }).filter({ hasText: 'Staff e-mail' }).waitFor();

    await page.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: 'Pending' }).click();
    const row = page.getByRole('row').filter({ hasText: creatorId });
    await pressRowAction(page, row, 'E-mail link');
    await toast(page, 'Stage 2 link generated').waitFor();
    const linkMail = (await mail.mails.waitFor(before + 3)).at(-1);
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(new RegExp(`^${server.baseUrl}/stage2/${creatorId}\\?token=[\\w-]+$`));
    expect(linkMail?.envelopeTo).toEqual(['mia@example.com']);
    expect(linkMail?.text).toContain(copied);
    await context.close();
  });

  it('offers no e-mail option for an applicant who chose another contact method', async () => {
    const creatorId = await submitApplication(
      server,
      application('Telegram Tess', { contactMethod: 'Telegram', contactInfo: '@tess_t' }),
    );
    const { context, page } = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    await signInOnPage(page, server.baseUrl);
    await page.goto(`${server.baseUrl}/admin/creators/pending`);
    const row = page.getByRole('row').filter({ hasText: creatorId });
    // Folded into the row's menu or not, the row has Send Stage 2 and no E-mail link.
    await row.getByRole('button', { name: 'Send Stage 2', includeHidden: true }).first().waitFor({ state: 'attached' });
    expect(await row.getByRole('button', { name: 'E-mail link', includeHidden: true }).count()).toBe(0);
    await context.close();

    const phone = await newPage(browser, { viewport: { width: 390, height: 844 } });
    await signInOnPage(phone.page, server.baseUrl);
    await phone.page.goto(`${server.baseUrl}/admin/deliveries`);
    await phone.page.getByRole('row').filter({ hasText: creatorId }).first().waitFor();
    expect(await audit(phone.page, 'deliveries on a phone')).toEqual([]);
    await phone.context.close();
  });
});
