import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client.ts';
import { AuditLog } from './support/axe.ts';
import { launchBrowser, newPage } from './support/browser.ts';
import { type AdminSession, createRecruiter, signInAdmin, submitApplication } from './support/seed.ts';
import { E2E_ADMIN, type RunningServer, startServer } from './support/server.ts';

/**
 * The operations screens of docs/decisions/025 as staff use them: the overdue count on the dashboard leading
 * to the creators concerned, the "Possible duplicate" badge, and a note written in the details dialog that
 * shows in the activity log. The overdue creator is written straight into the database before the server
 * starts, as only a database can hold an application two days old.
 */

let dataDir: string;
let server: RunningServer;
let browser: Browser;
let admin: AdminSession;
let firstTwin = '';
let secondTwin = '';

const DESKTOP = { width: 1366, height: 900 };
const RECRUITER = 'Ops Scout';

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'rollick-ops-'));
  const database = await openDatabase({ driver: 'pglite', dataDir });
  try {
    await database.db.execute(sql`
      insert into creators (creator_id, status, name, language, gender, contact_method, contact_info, contact_key,
                            agency_goals, recruiter_name, created_at)
      values ('RC-OVERDUE2', 'pending', 'Olivia Overdue', 'English', 'Female', 'Email', 'olivia@example.com',
              'email:olivia@example.com', 'Grow', ${RECRUITER}, now() - interval '50 hours')`);
  } finally {
    await database.close();
  }
  [server, browser] = await Promise.all([startServer({ dataDir }), launchBrowser()]);
  admin = await signInAdmin(server);
  await createRecruiter(admin, RECRUITER);
  const application = (name: string, email: string) =>
    submitApplication(server, {
      name,
      language: 'English',
      gender: 'Female',
      contactMethod: 'Email',
      contactInfo: email,
      hasOnlyFans: 'no',
      age: '25',
      agencyGoals: 'Grow',
      recruiter: RECRUITER,
    });
  firstTwin = await application('Tess Twin', 'Tess.Twin@Example.com');
  secondTwin = await application('Tessa Twin', 'tess.twin@example.com');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

async function openAdminPage() {
  const { context, page } = await newPage(browser, { viewport: DESKTOP });
  const [name = '', value = ''] = admin.cookie.split('=');
  await context.addCookies([{ name, value, url: server.baseUrl }]);
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  return { context, page, problems };
}

describe('the 24–48 hour clock', () => {
  it('counts the overdue creator on the dashboard and leads to exactly them, with their waiting time', async () => {
    const { context, page, problems } = await openAdminPage();
    const audits = new AuditLog();
    await page.goto(`${server.baseUrl}/admin/dashboard`);
    // The card, not the overdue creator's own row among the recent ones.
    const overdue = page.getByRole('link', { name: /^Overdue/ });
    await overdue.getByText('1', { exact: true }).waitFor();
    await audits.check(page, 'dashboard');
    await overdue.click();
    await page.waitForURL(/\/admin\/creators\/pending\?sort=oldest&sla=overdue$/);
    await page.getByText('Showing only creators waiting over 48 hours for a first answer.').waitFor();
    await page.locator('[aria-busy="false"]').getByRole('table').waitFor();
    const rows = page.getByRole('table').locator('tbody tr');
    expect(await rows.evaluateAll((all) => all.map((row) => row.getAttribute('data-creator-id')))).toEqual([
      'RC-OVERDUE2',
    ]);
    await rows.getByText(/^Overdue · waiting 5\d hr$/).waitFor();
    expect(await page.getByRole('button', { name: 'Oldest first' }).getAttribute('aria-pressed')).toBe('true');
    await audits.check(page, 'overdue list');
    expect(audits.violations).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('duplicates and notes', () => {
  it('badges both applications of one person and links each to the other', async () => {
    const { context, page, problems } = await openAdminPage();
    await page.goto(`${server.baseUrl}/admin/creators/pending`);
    for (const creatorId of [firstTwin, secondTwin]) {
      await page.locator(`tr[data-creator-id="${creatorId}"]`).getByText('Possible duplicate').waitFor();
    }
    expect(await page.locator('tr[data-creator-id="RC-OVERDUE2"]').getByText('Possible duplicate').count()).toBe(0);

    await page.getByRole('button', { name: `View Details for ${secondTwin}` }).click();
    const dialog = page.getByRole('dialog', { name: `Creator Details: ${secondTwin}` });
    const matches = dialog.getByRole('list', { name: 'Possible duplicates' });
    await matches.getByText('Same contact').waitFor();
    const audits = new AuditLog();
    await audits.check(page, 'details with duplicates and notes');
    expect(audits.violations).toEqual([]);
    await matches.getByRole('link', { name: new RegExp(firstTwin) }).click();
    await page.waitForURL(new RegExp(`/admin/creators/pending\\?q=${firstTwin}$`));
    await page.locator(`tr[data-creator-id="${firstTwin}"]`).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('adds a note in the details dialog that shows there and in the activity log, with its author', async () => {
    const { context, page, problems } = await openAdminPage();
    await page.goto(`${server.baseUrl}/admin/creators/pending`);
    await page.getByRole('button', { name: `View Details for ${firstTwin}` }).click();
    const dialog = page.getByRole('dialog', { name: `Creator Details: ${firstTwin}` });
    await dialog.getByText('No notes yet.').waitFor();

    await dialog.getByRole('button', { name: 'Add note' }).click();
    await dialog.getByText('Please write a note').waitFor();
    await dialog.getByLabel('Add a note').fill('Called on Telegram, interested');
    await dialog.getByRole('button', { name: 'Add note' }).click();
    const notes = dialog.getByRole('list', { name: 'Notes so far' });
    await notes.getByText('Called on Telegram, interested').waitFor();
    await notes.getByText(new RegExp(`^${E2E_ADMIN.username}, `)).waitFor();
    expect(await dialog.getByLabel('Add a note').inputValue()).toBe('');
    // Closed by the dialog's own button (its corner Close comes last).
    await dialog.getByRole('button', { name: 'Close' }).last().click();

    await page.getByRole('button', { name: `View Log for ${firstTwin}` }).click();
    const log = page.getByRole('dialog', { name: `Activity Log: ${firstTwin}` });
    const entry = log.getByRole('listitem').filter({ hasText: 'Note added' });
    await entry.getByText('Called on Telegram, interested').waitFor();
    await entry.getByText(`By: ${E2E_ADMIN.username}`).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});
