import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser.ts';
import { overflowProblems } from './support/overflow.ts';
import { type AdminSession, createRecruiter, signInAdmin, signInOnPage, submitApplication } from './support/seed.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { textsOf } from './support/texts.ts';

/**
 * Filters and saved views (decision 063), as a team lead's morning goes: she narrows the pending list to one
 * recruiter's Spanish applicants, keeps that as a view shared with the team, and a colleague opens it from her
 * own sidebar and sees the same creators.
 */

let server: RunningServer;
let browser: Browser;
let admin: AdminSession;
const TOUR_DIR = process.env.TOUR_DIR;
const REVIEWER = { username: 'camila.reyes', password: 'camila password 12' };
const recruiters = { marisol: { id: '', name: 'Marisol Vega' }, dmitri: { id: '', name: 'Dmitri Sokolov' } };

const APPLICANTS = [
  {
    name: 'Lucía Fernández Ortega',
    language: 'Spanish',
    recruiter: 'marisol',
    contact: 'lucia.fernandez@correo.example',
  },
  { name: 'Valentina Ríos', language: 'Spanish', recruiter: 'marisol', contact: 'valen.rios@correo.example' },
  { name: 'Sofía Navarro', language: 'Spanish', recruiter: 'dmitri', contact: 'sofia.navarro@correo.example' },
  { name: 'Anastasia Volkova', language: 'Russian', recruiter: 'dmitri', contact: 'a.volkova@pochta.example' },
  { name: 'Camille Laurent', language: 'French', recruiter: 'marisol', contact: 'camille.laurent@courriel.example' },
  // The same person again under a second name: a possible duplicate of Valentina.
  { name: 'Valentina R.', language: 'Spanish', recruiter: 'marisol', contact: 'valen.rios@correo.example' },
] as const;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ env: { SUBMISSIONS_PER_IP_PER_HOUR: '1000' } }),
    launchBrowser(),
  ]);
  admin = await signInAdmin(server);
  for (const key of ['marisol', 'dmitri'] as const) {
    const made = await createRecruiter(admin, recruiters[key].name, `${key}@rollick.example`);
    recruiters[key].id = made.id;
  }
  for (const applicant of APPLICANTS) {
    await submitApplication(server, {
      name: applicant.name,
      language: applicant.language,
      gender: 'Female',
      contactMethod: 'Email',
      contactInfo: applicant.contact,
      hasOnlyFans: 'yes',
      averageMonthlyRange: '$1,000–$2,500',
      agencyGoals: 'Someone to run my chats and grow my page',
      recruiter: recruiters[applicant.recruiter].name,
    });
  }
  const reviewer = await admin.fetch('/api/admin/admins', { method: 'POST', body: { ...REVIEWER, role: 'reviewer' } });
  expect(reviewer.status).toBe(201);
  // A view with a long name, shared, so every sidebar and drawer carries it.
  const view = await admin.fetch('/api/admin/views', {
    method: 'POST',
    body: {
      name: 'Spanische Bewerberinnen von Marisol — diese Woche fällig',
      list: 'board',
      query: { language: 'Spanish', recruiterId: recruiters.marisol.id },
      shared: true,
    },
  });
  expect(view.status).toBe(201);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signedIn(width: number, language = 'en'): Promise<Page> {
  const { page } = await newPage(browser, { viewport: { width, height: 900 } });
  await signInOnPage(page, server.baseUrl);
  if (language !== 'en') await page.evaluate((code: string) => localStorage.setItem('rollick.lang', code), language);
  return page;
}

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('dialog').getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The Creator IDs of the rows (or cards) on screen, each once, sorted. */
const creatorsShown = (page: Page) =>
  page
    .locator('[data-creator-id]')
    .evaluateAll((rows) => [...new Set(rows.map((row) => row.getAttribute('data-creator-id') ?? ''))].sort());

describe('list filters and saved views (decision 063)', () => {
  it('narrows a list in a dialog, keeps it in the address, and takes filters off one by one', async () => {
    const page = await signedIn(1280);
    await page.goto(`${server.baseUrl}/admin/creators/pending`);
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    await choose(page, 'Recruiter', 'Marisol Vega');
    await choose(page, 'Language', 'Spanish');
    await page.getByRole('dialog').getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(/language=Spanish/);
    expect(new URL(page.url()).searchParams.get('recruiterId')).toBe(recruiters.marisol.id);
    await expect.poll(() => page.getByText('Sofía Navarro').count()).toBe(0);
    await page.getByText('Lucía Fernández Ortega').first().waitFor();
    await page.getByText('Valentina R.').first().waitFor();
    await page.getByRole('button', { name: 'Filters (2)' }).waitFor();

    // Only the possible duplicates: Valentina under both names.
    await page.getByRole('button', { name: 'Filters (2)' }).click();
    await page
      .getByRole('dialog')
      .getByLabel(/Only possible duplicates/)
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(/duplicates=only/);
    await expect.poll(() => page.getByText('Lucía Fernández Ortega').count()).toBe(0);
    await page.getByText('Valentina Ríos').first().waitFor();

    // A range that ends before it starts is refused in the dialog, and the list stays as it was.
    await page.getByRole('button', { name: 'Filters (3)' }).click();
    await page.getByRole('dialog').getByLabel('Applied from').fill('2026-11-20');
    await page.getByRole('dialog').getByLabel('Applied until').fill('2026-11-10');
    await page.getByRole('dialog').getByRole('button', { name: 'Apply' }).click();
    await page.getByText('The end date must not be before the start date.').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    expect(new URL(page.url()).searchParams.has('from')).toBe(false);

    // Reload keeps the filters; the chips take them off one at a time.
    await page.reload();
    await page.getByRole('button', { name: 'Remove filter: Possible duplicates' }).click();
    await page.waitForURL((url) => !url.searchParams.has('duplicates'));
    await page.getByText('Lucía Fernández Ortega').first().waitFor();
    await page.getByRole('button', { name: 'Remove filter: Recruiter: Marisol Vega' }).click();
    await page.getByText('Sofía Navarro').first().waitFor();
    await page.getByRole('button', { name: 'Clear all filters' }).click();
    await page.getByText('Anastasia Volkova').first().waitFor();
    expect(new URL(page.url()).search).toBe('');
    await page.close();
  });

  it('saves a filtered list as a shared view that a colleague opens from her sidebar', async () => {
    const page = await signedIn(1280);
    const query = new URLSearchParams({ language: 'Spanish', recruiterId: recruiters.marisol.id });
    await page.goto(`${server.baseUrl}/admin/creators/pending?${query}`);
    await page.getByText('Lucía Fernández Ortega').first().waitFor();
    await page.getByText('Valentina R.').first().waitFor();
    const expected = await creatorsShown(page);
    expect(expected).toHaveLength(3);

    await page.getByRole('button', { name: 'Save view' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save this view' });
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.getByText('Please name the view.').waitFor();
    await dialog.getByLabel('Name').fill('Marisol — Spanish desk');
    await dialog.getByLabel(/Share with the team/).click();
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('“Marisol — Spanish desk” is shared with the team').waitFor();
    await page.getByRole('button', { name: 'View: Marisol — Spanish desk' }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Admin navigation' });
    await nav.getByRole('link', { name: /Marisol — Spanish desk.*3 creators/ }).waitFor();

    const { page: other } = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    await other.goto(`${server.baseUrl}/admin`);
    await other.getByLabel('Username').fill(REVIEWER.username);
    await other.getByLabel('Password').fill(REVIEWER.password);
    await other.getByRole('button', { name: 'Sign In' }).click();
    await other.waitForURL(`${server.baseUrl}/admin/dashboard`);
    const link = other.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', {
      name: /Marisol — Spanish desk/,
    });
    await link.click();
    await other.getByText('Lucía Fernández Ortega').first().waitFor();
    await expect.poll(() => creatorsShown(other)).toEqual(expected);
    expect(await link.getAttribute('aria-current')).toBe('page');
    await other.getByRole('button', { name: 'View: Marisol — Spanish desk' }).click();
    await other.getByText('Shared by e2e-admin').waitFor();
    // Not hers: she may not share, take back or delete it.
    expect(await other.getByRole('menuitem').count()).toBe(0);
    await other.keyboard.press('Escape');
    await other.close();

    // Her own view: she takes it off the team's sidebars, then deletes it; the list stays filtered.
    await page.getByRole('button', { name: 'View: Marisol — Spanish desk' }).click();
    await page.getByRole('menuitem', { name: 'Keep to myself' }).click();
    await page.getByText('“Marisol — Spanish desk” is yours alone again').waitFor();
    await page.getByRole('button', { name: 'View: Marisol — Spanish desk' }).click();
    await page.getByRole('menuitem', { name: 'Delete view' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete view' }).click();
    await page.getByText('“Marisol — Spanish desk” deleted').waitFor();
    await page.getByRole('button', { name: 'Save view' }).waitFor();
    expect(new URL(page.url()).searchParams.get('language')).toBe('Spanish');
    await page.close();
  });

  for (const width of [390, 1280]) {
    for (const language of ['en', 'ru', 'de']) {
      it(`fits the filters, their chips and the save dialog at ${width} px in ${language}`, async () => {
        const t = textsOf(language);
        const page = await signedIn(width, language);
        const query = new URLSearchParams({
          language: 'Spanish',
          recruiterId: recruiters.marisol.id,
          duplicates: 'only',
          from: '2026-01-01',
          to: '2030-12-31',
          // "Nobody's" is the assignee filter's longest value: German's once clipped on a phone.
          assignee: 'none',
        });
        await page.goto(`${server.baseUrl}/admin/creators/pending?${query}`);
        await page.getByText('Valentina Ríos').first().waitFor();
        await page.getByRole('button', { name: t('filters.clearAll', 'admin') }).waitFor();
        expect(await overflowProblems(page, `filtered list ${width} ${language}`)).toEqual([]);
        if (TOUR_DIR)
          await page.screenshot({ path: `${TOUR_DIR}/filters-list-${width}-${language}.png`, fullPage: true });
        const plural = language === 'ru' ? 'many' : 'other';
        const filtersButton = t(`filters.buttonActive_${plural}`, 'admin').replace('{{count}}', '5');
        // The list's own tools share one row, on a phone too: there saving and exporting are icons with their names.
        const tools = [
          page.getByRole('button', { name: filtersButton }),
          page.getByRole('button', { name: t('views.save', 'admin') }),
          page.getByRole('link', { name: t('bulk.export', 'admin') }),
        ];
        const tops = await Promise.all(tools.map(async (tool) => Math.round((await tool.boundingBox())?.y ?? -1)));
        expect(new Set(tops).size, `tools at ${tops.join(', ')}`).toBe(1);
        await page.getByRole('button', { name: filtersButton }).click();
        await page.getByRole('dialog').waitFor();
        expect(await overflowProblems(page, `filters dialog ${width} ${language}`)).toEqual([]);
        if (TOUR_DIR) await page.screenshot({ path: `${TOUR_DIR}/filters-dialog-${width}-${language}.png` });
        await page.keyboard.press('Escape');
        await page.getByRole('button', { name: t('views.save', 'admin') }).click();
        await page.getByRole('dialog').waitFor();
        expect(await overflowProblems(page, `save view dialog ${width} ${language}`)).toEqual([]);
        if (TOUR_DIR) await page.screenshot({ path: `${TOUR_DIR}/filters-save-${width}-${language}.png` });
        await page.keyboard.press('Escape');
        if (width < 1024) await page.getByRole('button', { name: t('nav.openMenu') }).click();
        const nav = page.getByRole('navigation', { name: t('nav.adminNavigation') }).last();
        await nav.getByRole('link', { name: /Spanische Bewerberinnen/ }).waitFor();
        expect(await overflowProblems(page, `saved views in the menu ${width} ${language}`)).toEqual([]);
        if (TOUR_DIR) await page.screenshot({ path: `${TOUR_DIR}/filters-nav-${width}-${language}.png` });
        await page.close();
      });
    }
  }
});
