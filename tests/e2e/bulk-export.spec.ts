import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client.ts';
import { audit } from './support/axe.ts';
import { launchBrowser, newPage } from './support/browser.ts';
import { type AdminSession, signInAdmin } from './support/seed.ts';
import { type RunningServer, startServer } from './support/server.ts';

/**
 * Bulk work and exports as an admin does them (docs/decisions/027): select creators on a status page, move
 * them all at once and read the summary; then download the page as a CSV file through the browser.
 */

let dataDir: string;
let server: RunningServer;
let browser: Browser;
let adminApi: AdminSession;

const DESKTOP = { width: 1366, height: 900 };
/** Creator IDs from the id alphabet, newest first: RC-BATCH222 is the newest. */
const LISTED = ['RC-BATCH222', 'RC-BATCH223', 'RC-BATCH224', 'RC-BATCH225'];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'rollick-bulk-'));
  const database = await openDatabase({ driver: 'pglite', dataDir });
  try {
    await database.db.execute(sql`
      insert into creators (creator_id, status, name, language, gender, contact_method, contact_info,
                            agency_goals, recruiter_name, created_at)
      select 'RC-BATCH22' || (i + 1), 'listed', 'Listed Zoë ' || i, 'English', 'Female', 'Email',
             'zoe' || i || '@example.com', '=cmd|'' /C calc''!A0', 'Walk-in', now() - make_interval(mins => i)
      from generate_series(1, 4) as i`);
    // Two pending creators to send stage-2 links to at once; one name a spreadsheet would run as a formula.
    await database.db.execute(sql`
      insert into creators (creator_id, status, name, language, gender, contact_method, contact_info,
                            agency_goals, recruiter_name, locale)
      values ('RC-BATCH332', 'pending', 'Paula Pérez', 'Spanish', 'Female', 'WhatsApp', '+34612345678', 'Grow',
              'Walk-in', 'es'),
             ('RC-BATCH333', 'pending', '=HYPERLINK("http://evil.example")', 'English', 'Female', 'Telegram',
              '@pending_two', 'Grow', 'Walk-in', 'en')`);
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
  const { context, page } = await newPage(browser, { viewport: DESKTOP, acceptDownloads: true });
  const [name = '', value = ''] = adminApi.cookie.split('=');
  await context.addCookies([{ name, value, url: server.baseUrl }]);
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  return { context, page, problems };
}

async function statusOf(creatorId: string): Promise<{ status: string; actions: string[] }> {
  const detail = await (await adminApi.fetch(`/api/admin/creators/${creatorId}`)).json();
  return {
    status: detail.creator.status,
    actions: detail.activityLog.map((entry: { action: string }) => entry.action),
  };
}

describe('bulk actions and exports in the browser', () => {
  it('moves the selected creators to Matched at once and says how it went', async () => {
    const { context, page, problems } = await openAdminPage();
    await page.goto(`${server.baseUrl}/admin/creators/listed`);
    const [first = '', second = ''] = LISTED;
    await page.getByRole('checkbox', { name: `Select ${first}` }).click();
    await page.getByRole('checkbox', { name: `Select ${second}` }).click();
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await bar.getByText('Selected: 2').waitFor();
    const violations = await audit(page, 'status page with a selection');

    await bar.getByRole('button', { name: 'Change status' }).click();
    await page.getByRole('menuitem', { name: 'Move to Matched' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Apply to the selected creators?' });
    await confirm.getByText('2 creators move to matched.').waitFor();
    violations.push(...(await audit(page, 'bulk confirmation')));
    await confirm.getByRole('button', { name: 'Move 2 creators to matched' }).click();

    const summary = page.getByRole('dialog', { name: 'Bulk action finished' });
    await summary.getByText('Done: 2').waitFor();
    violations.push(...(await audit(page, 'bulk summary')));
    await summary.getByRole('button', { name: 'Done' }).click();
    // The moved creators leave the Listed page; the others stay.
    await page.locator(`tr[data-creator-id="${first}"]`).waitFor({ state: 'detached' });
    expect(await page.locator('tbody tr').count()).toBe(LISTED.length - 2);

    for (const creatorId of [first, second]) {
      const { status, actions } = await statusOf(creatorId);
      expect(status).toBe('matched');
      expect(actions.filter((action) => action === 'Status changed to matched')).toHaveLength(1);
    }
    expect((await statusOf(LISTED[2] ?? '')).status).toBe('listed');
    expect(violations).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('lists the links a bulk Send Stage 2 made, each with its creator, and saves them as a CSV', async () => {
    const { context, page, problems } = await openAdminPage();
    await page.goto(`${server.baseUrl}/admin/creators/pending`);
    await page.getByRole('checkbox', { name: 'Select every creator on this page' }).click();
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await bar.getByRole('button', { name: 'Send Stage 2 links' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Send Stage 2 links to 2 creators' }).click();

    const summary = page.getByRole('dialog', { name: 'Bulk action finished' });
    const list = summary.getByRole('list', { name: 'Stage 2 links' });
    await list.getByText('Paula Pérez').waitFor();
    const items = await list.getByRole('listitem').allTextContents();
    expect(items).toHaveLength(2);
    for (const creatorId of ['RC-BATCH332', 'RC-BATCH333'])
      expect(items.some((item) => item.includes(`${server.baseUrl}/stage2/${creatorId}?token=`))).toBe(true);
    const violations = await audit(page, 'bulk summary with links');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      summary.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^stage2-links-\d{4}-\d{2}-\d{2}\.csv$/);
    const file = await readFile((await download.path()) ?? '');
    expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = file.toString('utf8').slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe('Name,Creator ID,Contact,Link,Expires');
    const paula = lines.find((line) => line.startsWith('Paula Pérez,RC-BATCH332,WhatsApp: +34612345678,'));
    expect(paula).toContain(`${server.baseUrl}/stage2/RC-BATCH332?token=`);
    // The name stays text in a spreadsheet.
    expect(lines.some((line) => line.startsWith(`"'=HYPERLINK(""http://evil.example"")",RC-BATCH333,`))).toBe(true);
    for (const creatorId of ['RC-BATCH332', 'RC-BATCH333'])
      expect((await statusOf(creatorId)).status).toBe('stage2_sent');
    expect(violations).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('downloads the status page as a CSV file that spreadsheets read safely', async () => {
    const { context, page, problems } = await openAdminPage();
    await page.goto(`${server.baseUrl}/admin/creators/listed`);
    await page.locator('tbody tr').first().waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export CSV' }).click(),
    ]);

    expect(download.suggestedFilename()).toMatch(/^creators-listed-\d{4}-\d{2}-\d{2}\.csv$/);
    const file = await readFile((await download.path()) ?? '');
    expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = file.toString('utf8').slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^Creator ID,Status,Name,/);
    expect(lines).toHaveLength(1 + LISTED.length - 2);
    expect(lines[1]).toContain('Listed Zoë 3');
    // The formula planted in a field arrives as text.
    expect(lines[1]).toContain(`'=cmd|' /C calc'!A0`);
    expect(problems).toEqual([]);
    await context.close();
  });
});
