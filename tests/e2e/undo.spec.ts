import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client.ts';
import { audit } from './support/axe.ts';
import { launchBrowser, newPage } from './support/browser.ts';
import { type AdminSession, signInAdmin } from './support/seed.ts';
import { type RunningServer, startServer } from './support/server.ts';

/**
 * Taking a status change back in the browser (docs/decisions/033): from the toast of a row's button, and a bulk
 * change whose confirmation first says how many creators move where.
 */

let dataDir: string;
let server: RunningServer;
let browser: Browser;
let adminApi: AdminSession;

const LAPTOP = { width: 1280, height: 800 };
/** Creator IDs from the id alphabet, newest first. */
const LISTED = ['RC-REVERT22', 'RC-REVERT23', 'RC-REVERT24'];
const SHOWN_TOAST = '[data-sonner-toast]:not([data-removed="true"])';

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'rollick-undo-'));
  const database = await openDatabase({ driver: 'pglite', dataDir });
  try {
    await database.db.execute(sql`
      insert into creators (creator_id, status, name, language, gender, contact_method, contact_info,
                            agency_goals, recruiter_name, rollick_listing_url, created_at)
      select 'RC-REVERT2' || (i + 1), 'listed', 'Listed Ingrid ' || i, 'Norwegian', 'Female', 'Email',
             'ingrid' || i || '@example.com', 'Find brand deals', 'Walk-in',
             'https://marketplace.rollick.example/creators/ingrid-' || i, now() - make_interval(mins => i)
      from generate_series(1, 3) as i`);
  } finally {
    await database.close();
  }
  [server, browser] = await Promise.all([startServer({ dataDir }), launchBrowser()]);
  adminApi = await signInAdmin(server);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

async function openAdminPage() {
  const { context, page } = await newPage(browser, { viewport: LAPTOP });
  const [name = '', value = ''] = adminApi.cookie.split('=');
  await context.addCookies([{ name, value, url: server.baseUrl }]);
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  return { context, page, problems };
}

const toast = (page: Page) => page.locator(SHOWN_TOAST);
const statusOf = async (creatorId: string): Promise<string> =>
  (await (await adminApi.fetch(`/api/admin/creators/${creatorId}`)).json()).creator.status;

describe('undo in the browser', () => {
  it('takes a row’s status change back from its toast, which stays long enough to reach', async () => {
    const { context, page, problems } = await openAdminPage();
    const [creatorId = ''] = LISTED;
    await page.goto(`${server.baseUrl}/admin/creators/listed`);
    await page.getByRole('row').filter({ hasText: creatorId }).getByRole('button', { name: 'Mark as Matched' }).click();
    await toast(page).getByText('Creator status changed to matched', { exact: true }).waitFor();
    await page.waitForURL(`${server.baseUrl}/admin/creators/matched`);
    const violations = await audit(page, 'toast with Undo');
    // Still there after the 5 s every other toast gets.
    await page.waitForTimeout(6000);
    const undo = toast(page).getByRole('button', { name: 'Undo' });
    expect(await undo.isVisible()).toBe(true);

    await undo.click();

    await toast(page).getByText("The creator's status is back to listed.", { exact: true }).waitFor();
    expect(await statusOf(creatorId)).toBe('listed');
    // The matched page no longer lists her.
    await page.getByRole('row').filter({ hasText: creatorId }).waitFor({ state: 'detached' });
    expect(violations).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('counts a bulk change before it runs, and takes it back from the summary', async () => {
    const { context, page, problems } = await openAdminPage();
    await page.goto(`${server.baseUrl}/admin/creators/listed`);
    for (const creatorId of LISTED.slice(1)) {
      await page.getByRole('checkbox', { name: `Select ${creatorId}` }).click();
    }
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await bar.getByRole('button', { name: 'Change status' }).click();
    await page.getByRole('menuitem', { name: 'Move to matched' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('2 creators move to matched.').waitFor();
    const violations = await audit(page, 'bulk confirmation with counts');
    await confirm.getByRole('button', { name: 'Move 2 creators to matched' }).click();
    const summary = page.getByRole('dialog', { name: 'Bulk action finished' });
    await summary.getByText('Done: 2').waitFor();
    for (const creatorId of LISTED.slice(1)) expect(await statusOf(creatorId)).toBe('matched');

    await summary.getByRole('button', { name: 'Undo these 2 changes' }).click();

    await toast(page).getByText('2 creators are back where they were.', { exact: true }).waitFor();
    for (const creatorId of LISTED.slice(1)) expect(await statusOf(creatorId)).toBe('listed');
    expect(violations).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
