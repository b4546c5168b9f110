import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creatorCells, EXPORT_HEADERS, type ImportCells, importCsv } from '#tests/fixtures/import-csv.ts';
import { AuditLog } from './support/axe.ts';
import { EVENTUALLY, launchBrowser, newPage } from './support/browser.ts';
import { type AdminSession, createRecruiter, signInAdmin, signInOnPage } from './support/seed.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { textsOf } from './support/texts.ts';

/**
 * The owners' CSV import (decision 061) in the browser: the screen fits a phone and a laptop in English, Russian
 * and German through each of its states (the picker, a refused file, the dry run's report, every row), and an
 * owner imports a spreadsheet from the sidebar's link to the pending list.
 */

let server: RunningServer;
let browser: Browser;
let admin: AdminSession;

const RECRUITER = 'Olivia Stone';

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  admin = await signInAdmin(server);
  await createRecruiter(admin, RECRUITER, 'olivia@agency.example');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A sheet with long names and contacts, an invalid row, a duplicate of an earlier row and an extra column. */
function sheet(offset: number): Buffer {
  const rows: ImportCells[] = [
    {
      ...creatorCells(offset, RECRUITER),
      Name: 'Jeanne-Marie de la Fontaine-Beauchamp',
      'Contact Method': 'Email',
      'Contact Info': `jeanne-marie.delafontaine-beauchamp.${offset}@agence-exemple.example`,
    },
    { ...creatorCells(offset + 1, RECRUITER), Name: 'Анастасия Кузнецова-Преображенская' },
    { ...creatorCells(offset + 2, RECRUITER), 'Contact Method': 'Telegram', 'Contact Info': '@no', Gender: '' },
    {
      ...creatorCells(offset + 3, RECRUITER),
      'Contact Method': creatorCells(offset + 1, RECRUITER)['Contact Method'],
      'Contact Info': creatorCells(offset + 1, RECRUITER)['Contact Info'],
    },
    { ...creatorCells(offset + 5, 'Walk-in Agency') },
  ];
  return Buffer.from(importCsv(rows, { headers: [...EXPORT_HEADERS, 'Tags', 'Assignee'] }), 'utf8');
}

/** A text of the import screen as the screen shows it: its plural form for `count`, numbers written the language's way. */
function importTexts(language: string) {
  const text = textsOf(language);
  return (key: string, params: Record<string, string | number> = {}) => {
    const category = typeof params.count === 'number' ? new Intl.PluralRules(language).select(params.count) : null;
    let found: string;
    try {
      found = text(category ? `${key}_${category}` : key, 'import');
    } catch {
      found = text(key, 'import');
    }
    return found.replaceAll(/\{\{\s*(\w+)\s*(,\s*number)?\s*\}\}/g, (_, name, isNumber) => {
      const value = params[name] ?? '';
      return isNumber && typeof value === 'number' ? new Intl.NumberFormat(language).format(value) : String(value);
    });
  };
}

const csvFile = (name: string, buffer: Buffer) => ({ name, mimeType: 'text/csv', buffer });

async function openAs(options: Parameters<typeof newPage>[1]): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await newPage(browser, options);
  const [name = '', value = ''] = admin.cookie.split('=');
  await opened.context.addCookies([{ name, value, url: server.baseUrl }]);
  return opened;
}

const VIEWS = [
  { language: 'en', locale: 'en-US', width: 390, height: 844 },
  { language: 'en', locale: 'en-US', width: 1280, height: 800 },
  { language: 'ru', locale: 'ru-RU', width: 390, height: 844 },
  { language: 'ru', locale: 'ru-RU', width: 1280, height: 800 },
  { language: 'de', locale: 'de-DE', width: 390, height: 844 },
  { language: 'de', locale: 'de-DE', width: 1280, height: 800 },
] as const;

describe.each(VIEWS)('/admin/import in $language at $width px', ({ language, locale, ...viewport }) => {
  const t = importTexts(language);

  it('fits, with nothing clipped, no raw key and no console error, in every state', async () => {
    const { context, page } = await openAs({ locale, viewport });
    const log = new AuditLog(page);
    await page.goto(`${server.baseUrl}/admin/import`);
    await page.getByRole('button', { name: t('pick.choose') }).waitFor();
    await log.check(page, 'import, picker');

    const input = page.locator('input[type=file]');
    await input.setInputFiles(csvFile('no-columns.csv', Buffer.from('Name;Tags\r\nAna;vip\r\n')));
    await page.getByRole('alert').waitFor();
    await log.check(page, 'import, missing columns');
    await page.getByRole('button', { name: t('tryAnother') }).click();

    await input.setInputFiles(csvFile('team-export-march-2026.csv', sheet(1000)));
    await page.getByRole('heading', { name: t('report.heading') }).waitFor();
    expect(await page.getByText(/Tags, Assignee/).count()).toBe(1);
    await log.check(page, 'import, dry run problems');

    await page.getByText(t('report.all', { count: 5 })).click();
    await page.getByRole('cell', { name: /Jeanne-Marie/ }).waitFor();
    await log.check(page, 'import, dry run all rows');
    expect(log.violations).toEqual([]);
    await context.close();
  });
});

describe('an owner imports a spreadsheet in the browser', () => {
  it('finds Import in the menu, checks the file, imports it and opens the new creators in the pending list', async () => {
    const en = textsOf('en');
    const t = importTexts('en');
    const { page } = await newPage(browser, { viewport: { width: 1280, height: 800 } });
    const log = new AuditLog(page);
    await signInOnPage(page, server.baseUrl);
    await page.getByRole('link', { name: en('nav.import', 'admin') }).click();
    await page.waitForURL(`${server.baseUrl}/admin/import`);

    await page.locator('input[type=file]').setInputFiles(csvFile('march.csv', sheet(2000)));
    await page.getByRole('heading', { name: t('report.heading') }).waitFor();
    expect(await page.getByText(t('report.toCreate', { count: 3 })).count()).toBe(1);
    // The invalid row's reasons, under the file's own column names.
    await page.getByText('Contact Info:').first().waitFor();

    await page.getByRole('button', { name: t('report.import', { count: 3 }) }).click();
    await page
      .getByRole('status')
      .getByText(t('result.created', { count: 3 }))
      .waitFor(EVENTUALLY);
    await log.check(page, 'import, finished');

    await page.getByRole('link', { name: t('result.openPending') }).click();
    await page.waitForURL(`${server.baseUrl}/admin/creators/pending`);
    await expect
      .poll(() => page.getByText('Jeanne-Marie de la Fontaine-Beauchamp').first().isVisible(), EVENTUALLY)
      .toBe(true);
    const list = await (await admin.fetch('/api/admin/creators/status/pending?page=first&q=Fontaine')).json();
    expect(JSON.stringify(list)).toContain('jeanne-marie.delafontaine-beauchamp.2000@agence-exemple.example');
    expect(log.violations).toEqual([]);
    await page.context().close();
  });
});
