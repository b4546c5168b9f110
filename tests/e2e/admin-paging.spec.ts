import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client.ts';
import { recruiters } from '../../src/server/db/schema.ts';
import { AuditLog } from './support/axe.ts';
import { launchBrowser, newPage, pickOption } from './support/browser.ts';
import { type AdminSession, signInAdmin } from './support/seed.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { textsOf } from './support/texts.ts';

/**
 * Keyset paging as an admin walks it (docs/decisions/014): a status with three pages, a search whose count
 * stops at 1,000, and a recruiter's listings. So many creators are written straight into the database, each
 * list in one statement, before the server opens it: over a thousand applications through the API would make
 * this the slowest file of the suite.
 */

let dataDir: string;
let server: RunningServer;
let browser: Browser;
let adminApi: AdminSession;
let scoutId: string;

const DESKTOP = { width: 1366, height: 900 };
const PAGED = 120;
const BULK = 1050;

/** `count` creators in one status, newest first in `name` order: `<prefix>0001` is the newest. */
function creatorsInsert(input: { count: number; status: string; prefix: string; name: string; recruiterId?: string }) {
  const { count, status, prefix, name, recruiterId } = input;
  return sql`
    insert into creators (creator_id, status, name, language, gender, contact_method, contact_info,
                          agency_goals, recruiter_id, recruiter_name, created_at)
    select ${prefix} || lpad(i::text, 4, '0'), ${status}, ${name} || ' ' || lpad(i::text, 4, '0'), 'English',
           'Female', 'Email', 'creator' || i || '@example.com', 'Grow', ${recruiterId ?? null}::uuid,
           'Paging Scout', now() - make_interval(mins => i)
    from generate_series(1, ${count}) as i`;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'rollick-paging-'));
  const database = await openDatabase({ driver: 'pglite', dataDir });
  try {
    const [scout] = await database.db.insert(recruiters).values({ name: 'Paging Scout' }).returning();
    scoutId = scout?.id ?? '';
    await database.db.execute(
      creatorsInsert({ count: PAGED, status: 'matched', prefix: 'RC-PAGE', name: 'Paged', recruiterId: scoutId }),
    );
    await database.db.execute(
      creatorsInsert({ count: 5, status: 'pending', prefix: 'RC-WAIT', name: 'Waiting', recruiterId: scoutId }),
    );
    await database.db.execute(creatorsInsert({ count: BULK, status: 'listed', prefix: 'RC-BULK', name: 'Bulk Match' }));
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

/** A signed-in admin's page (the API sign-in's cookie) that records script errors. */
async function openAdminPage(options: Parameters<typeof newPage>[1] = {}) {
  const { context, page } = await newPage(browser, { viewport: DESKTOP, ...options });
  const [name = '', value = ''] = adminApi.cookie.split('=');
  await context.addCookies([{ name, value, url: server.baseUrl }]);
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  return { context, page, problems };
}

const pages = (page: Page) => page.getByRole('navigation', { name: 'Pages' });
const button = (page: Page, name: string) => pages(page).getByRole('button', { name, exact: true });

/** Waits for the page label, then answers the Creator IDs of the table's rows, top to bottom. */
async function shownPage(page: Page, label: string): Promise<string[]> {
  await pages(page).locator('[aria-current="page"]').getByText(label, { exact: true }).waitFor();
  // The label may change before the rows do: the old page stays, dimmed, until the list is no longer busy.
  await page.locator('[aria-busy="false"]').getByRole('table').waitFor();
  return page
    .getByRole('table')
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-creator-id') ?? row.textContent ?? ''));
}

const ids = (prefix: string, from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => `${prefix}${String(from + index).padStart(4, '0')}`);

async function isDisabled(page: Page, names: string[]): Promise<boolean[]> {
  return Promise.all(names.map((name) => button(page, name).isDisabled()));
}

describe('admin status pages, paged by keyset', () => {
  it('starts again from the first page when the address holds a cursor the server refuses', async () => {
    const { context, page, problems } = await openAdminPage();
    await page.goto(`${server.baseUrl}/admin/creators/matched?cursor=not-a-real-cursor&p=7`);
    expect(await shownPage(page, 'Page 1 of 3')).toEqual(ids('RC-PAGE', 1, 50));
    expect(new URL(page.url()).searchParams.get('cursor')).toBeNull();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('walks Next, Next, Previous, Last and First, and keeps the page in the address across a reload', async () => {
    const { context, page, problems } = await openAdminPage();
    await page.goto(`${server.baseUrl}/admin/creators/matched`);
    expect(await shownPage(page, 'Page 1 of 3')).toEqual(ids('RC-PAGE', 1, 50));
    await pages(page).getByText('120 creators in total', { exact: true }).waitFor();
    expect(await isDisabled(page, ['First', 'Previous', 'Next', 'Last'])).toEqual([true, true, false, false]);

    await button(page, 'Next').click();
    expect(await shownPage(page, 'Page 2 of 3')).toEqual(ids('RC-PAGE', 51, 100));
    const second = new URL(page.url()).searchParams;
    expect(second.get('cursor')).toBeTruthy();
    expect(second.get('p')).toBe('2');
    expect(await isDisabled(page, ['First', 'Previous', 'Next', 'Last'])).toEqual([false, false, false, false]);

    // By keyboard this time: the pressed button is disabled on the last page, and focus moves to Previous.
    await button(page, 'Next').focus();
    await page.keyboard.press('Enter');
    expect(await shownPage(page, 'Page 3 of 3')).toEqual(ids('RC-PAGE', 101, 120));
    expect(await isDisabled(page, ['First', 'Previous', 'Next', 'Last'])).toEqual([false, false, true, true]);
    await page.waitForFunction(() => document.activeElement?.textContent === 'Previous');
    await page.waitForFunction(() => window.scrollY === 0);

    await page.reload();
    expect(await shownPage(page, 'Page 3 of 3')).toEqual(ids('RC-PAGE', 101, 120));

    await button(page, 'Previous').click();
    expect(await shownPage(page, 'Page 2 of 3')).toEqual(ids('RC-PAGE', 51, 100));

    // The last page is the oldest 50, not what is left over after whole pages from the first.
    await button(page, 'Last').click();
    expect(await shownPage(page, 'Page 3 of 3')).toEqual(ids('RC-PAGE', 71, 120));
    expect(new URL(page.url()).search).toBe('?page=last');

    // Back goes to the page before, as each page is a step in the history.
    await page.goBack();
    expect(await shownPage(page, 'Page 2 of 3')).toEqual(ids('RC-PAGE', 51, 100));
    await page.goForward();
    expect(await shownPage(page, 'Page 3 of 3')).toEqual(ids('RC-PAGE', 71, 120));

    await button(page, 'First').click();
    expect(await shownPage(page, 'Page 1 of 3')).toEqual(ids('RC-PAGE', 1, 50));
    expect(new URL(page.url()).search).toBe('');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('says a search has 1,000+ matches, counts back from its last page, and starts a new search at page 1', async () => {
    const { context, page, problems } = await openAdminPage();
    await page.goto(`${server.baseUrl}/admin/creators/listed`);
    await page.getByRole('searchbox', { name: 'Search creators' }).fill('bulk match');
    expect(await shownPage(page, 'Page 1')).toEqual(ids('RC-BULK', 1, 50));
    await pages(page).getByText('1,000+ matching creators', { exact: true }).waitFor();

    await button(page, 'Next').click();
    expect(await shownPage(page, 'Page 2')).toEqual(ids('RC-BULK', 51, 100));
    await button(page, 'Last').click();
    expect(await shownPage(page, 'Last page')).toEqual(ids('RC-BULK', BULK - 49, BULK));
    await button(page, 'Previous').click();
    expect(await shownPage(page, 'Page 2 from the end')).toEqual(ids('RC-BULK', BULK - 99, BULK - 50));
    expect(new URL(page.url()).searchParams.get('end')).toBe('2');
    await page.reload();
    expect(await shownPage(page, 'Page 2 from the end')).toEqual(ids('RC-BULK', BULK - 99, BULK - 50));
    await pages(page).getByText('1,000+ matching creators', { exact: true }).waitFor();

    await page.getByRole('searchbox', { name: 'Search creators' }).fill('bulk match 0007');
    expect(await shownPage(page, 'Page 1 of 1')).toEqual(['RC-BULK0007']);
    await pages(page).getByText('1 creator in total', { exact: true }).waitFor();
    expect(new URL(page.url()).search).toBe('?q=bulk+match+0007');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('has an accessible page navigation that fits a phone in Russian', async () => {
    const log = new AuditLog();
    for (const { language, locale, viewport } of [
      { language: 'en', locale: 'en-US', viewport: DESKTOP },
      { language: 'ru', locale: 'ru-RU', viewport: { width: 390, height: 844 } },
    ]) {
      const text = textsOf(language);
      const { context, page } = await openAdminPage({ locale, viewport });
      await page.goto(`${server.baseUrl}/admin/creators/matched`);
      const navigation = page.getByRole('navigation', { name: text('list.pagination', 'admin') });
      // The second page, where every button is enabled.
      await navigation.getByRole('button', { name: text('list.next', 'admin'), exact: true }).click();
      await page.locator('[data-creator-id="RC-PAGE0051"]').filter({ visible: true }).waitFor();
      await log.check(page, `second page, ${locale} at ${viewport.width} px`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await context.close();
    }
    expect(log.violations).toEqual([]);
  });
});

describe('recruiter listings, paged by keyset', () => {
  async function chooseStatus(page: Page, option: string): Promise<void> {
    await pickOption(page.getByRole('combobox', { name: 'Status' }), option);
  }

  it('pages the listings below the table, keeps the page across a reload and starts a new filter at page 1', async () => {
    const { context, page, problems } = await openAdminPage();
    await page.goto(`${server.baseUrl}/admin/recruiters?recruiter=${scoutId}`);
    await page.getByRole('heading', { name: 'Listings — Paging Scout' }).waitFor();
    await page.getByText('Showing: 125 of 125 applications', { exact: true }).waitFor();
    await pages(page).getByText('Page 1 of 3', { exact: true }).waitFor();

    await button(page, 'Next').click();
    await pages(page).getByText('Page 2 of 3', { exact: true }).waitFor();
    expect(new URL(page.url()).searchParams.get('p')).toBe('2');
    await page.reload();
    await pages(page).getByText('Page 2 of 3', { exact: true }).waitFor();
    await page.getByText('Showing: 125 of 125 applications', { exact: true }).waitFor();

    // Five pending fit one page: no page navigation at all.
    await chooseStatus(page, 'Pending');
    await page.getByText('Showing: 5 of 125 applications', { exact: true }).waitFor();
    await page.getByRole('rowheader', { name: /Waiting 0001/ }).waitFor();
    expect(await pages(page).count()).toBe(0);
    expect(new URL(page.url()).searchParams.get('cursor')).toBeNull();

    await chooseStatus(page, 'Matched');
    await page.getByText(`Showing: ${PAGED} of 125 applications`, { exact: true }).waitFor();
    await pages(page).getByText('Page 1 of 3', { exact: true }).waitFor();
    await button(page, 'Last').click();
    await pages(page).getByText('Page 3 of 3', { exact: true }).waitFor();
    await page.getByRole('rowheader', { name: /Paged 0120/ }).waitFor();
    expect(await isDisabled(page, ['First', 'Previous', 'Next', 'Last'])).toEqual([false, false, true, true]);

    // A cursor the server refuses gives way to the first page, in place of the broken address.
    await page.goto(`${server.baseUrl}/admin/recruiters?recruiter=${scoutId}&cursor=broken&p=4`);
    await pages(page).getByText('Page 1 of 3', { exact: true }).waitFor();
    expect(new URL(page.url()).searchParams.get('cursor')).toBeNull();
    expect(problems).toEqual([]);
    await context.close();
  });
});
