import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENTUALLY, launchBrowser, newPage } from './support/browser.ts';
import { overflowProblems } from './support/overflow.ts';
import { type AdminSession, createRecruiter, signInAdmin, signInOnPage, submitApplication } from './support/seed.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { textsOf } from './support/texts.ts';

/**
 * Working as a team (decision 063), as an owner's day goes: she words the team's cancel reasons, then cancels a
 * matched creator for one of them, and the record says why.
 */

let server: RunningServer;
let browser: Browser;
let admin: AdminSession;
let recruiter: string;
const TOUR_DIR = process.env.TOUR_DIR;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ env: { SUBMISSIONS_PER_IP_PER_HOUR: '1000' } }),
    launchBrowser(),
  ]);
  admin = await signInAdmin(server);
  recruiter = (await createRecruiter(admin, 'Marta Ruiz', 'marta.ruiz@rollick.example')).name;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A creator who applied, was listed and matched, as staff move one through the API. */
async function matchedCreator(name: string): Promise<string> {
  const creatorId = await submitApplication(server, {
    name,
    language: 'German',
    gender: 'Female',
    contactMethod: 'Telegram',
    contactInfo: `@${name
      .toLowerCase()
      .replace(/[^a-z]+/g, '_')
      .slice(0, 28)}`,
    hasOnlyFans: 'yes',
    averageMonthlyRange: '$2,500–$5,000',
    agencyGoals: 'Mehr Reichweite und jemand, der die Chats übernimmt',
    recruiter,
    locale: 'de',
  });
  const listed = await admin.fetch(`/api/admin/creators/${creatorId}/list-directly`, {
    method: 'PATCH',
    body: { rollickListingUrl: `https://rollick.example/creators/${creatorId.toLowerCase()}` },
  });
  expect(listed.status).toBe(200);
  const matched = await admin.fetch(`/api/admin/creators/${creatorId}/status`, {
    method: 'PATCH',
    body: { status: 'matched' },
  });
  expect(matched.status).toBe(200);
  return creatorId;
}

/**
 * Presses one of a creator's row actions: a phone's card shows them all, a laptop's table folds the later ones
 * into the row's menu (decision 037).
 */
async function rowAction(page: Page, creator: { name: string; creatorId: string }, action: string, language = 'en') {
  const t = textsOf(language);
  const name = t('actions.forCreator', 'admin')
    .replace('{{action}}', action)
    .replace('{{name}}', creator.name)
    .replace('{{creatorId}}', creator.creatorId);
  const more = t('actions.moreFor', 'admin')
    .replace('{{name}}', creator.name)
    .replace('{{creatorId}}', creator.creatorId);
  await page.locator(`[data-creator-id="${creator.creatorId}"]`).first().waitFor();
  const button = page.getByRole('button', { name, exact: true });
  if ((await button.count()) > 0 && (await button.first().isVisible())) {
    await button.first().click();
    return;
  }
  await page.getByRole('button', { name: more }).first().click();
  await page.getByRole('menuitem', { name }).click();
}

async function signedIn(width: number, language = 'en'): Promise<Page> {
  const { page } = await newPage(browser, { viewport: { width, height: 900 } });
  await signInOnPage(page, server.baseUrl);
  if (language !== 'en') await page.evaluate((code: string) => localStorage.setItem('rollick.lang', code), language);
  return page;
}

describe('cancel reasons (decision 063)', () => {
  it('lets an owner add and reword a reason, then cancel a creator for it from her row', async () => {
    const page = await signedIn(1280);
    await page.goto(`${server.baseUrl}/admin/lists`);
    await page.getByRole('heading', { name: 'Cancel reasons' }).waitFor();
    await page.getByLabel('Add a reason').fill('Moved abroad');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByText('Moved abroad').waitFor();
    await page.getByRole('button', { name: 'Rename Moved abroad' }).click();
    await page.getByLabel('New name').fill('Moved to another country');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Moved to another country').waitFor();
    // Other cannot be removed: it has no Remove button.
    await expect.poll(() => page.getByRole('button', { name: 'Remove Other' }).count()).toBe(0);

    const creatorId = await matchedCreator('Friederike Anneliese Wittgenstein-Hohenlohe');
    await page.goto(`${server.baseUrl}/admin/creators/matched?q=${creatorId}`);
    await rowAction(page, { name: 'Friederike Anneliese Wittgenstein-Hohenlohe', creatorId }, 'Cancel');
    const dialog = page.getByRole('dialog', { name: 'Cancel this creator?' });
    await dialog.getByRole('radio', { name: 'Moved to another country' }).click();
    await dialog.getByLabel(/Note/).fill('Moving to Lisbon in January; may come back in spring');
    await dialog.getByRole('button', { name: 'Cancel creator' }).click();
    await page.getByText('Creator status changed to cancelled').waitFor();

    await expect
      .poll(async () => {
        const reply = await admin.fetch(`/api/admin/creators/${creatorId}`);
        const { creator } = (await reply.json()) as { creator: { status: string; cancelNote: string | null } };
        return [creator.status, creator.cancelNote];
      }, EVENTUALLY)
      .toEqual(['cancelled', 'Moving to Lisbon in January; may come back in spring']);
    await page.close();
  });

  for (const { width, language } of [
    { width: 390, language: 'en' },
    { width: 390, language: 'ru' },
    { width: 1280, language: 'en' },
    { width: 1280, language: 'ru' },
    { width: 1280, language: 'de' },
  ]) {
    it(`fits a ${width} px screen in ${language}: the lists, the cancel dialog and the reason in the details`, async () => {
      const t = textsOf(language);
      const name = 'Maximiliane Katharina von Hohenstein-Löwenberg';
      const creatorId = await matchedCreator(name);
      const page = await signedIn(width, language);

      await page.goto(`${server.baseUrl}/admin/lists`);
      await page.getByRole('heading', { name: t('lists.cancelReasons', 'admin') }).waitFor();
      await page.getByText(t('cancel.codes.other_agency', 'admin')).waitFor();
      expect(await overflowProblems(page, `lists ${width} ${language}`)).toEqual([]);
      if (TOUR_DIR) await page.screenshot({ path: `${TOUR_DIR}/team-lists-${width}-${language}.png`, fullPage: true });

      await page.goto(`${server.baseUrl}/admin/creators/matched?q=${creatorId}`);
      await rowAction(page, { name, creatorId }, t('actions.cancel', 'admin'), language);
      const dialog = page.getByRole('dialog', { name: t('cancel.title', 'admin') });
      await dialog.getByRole('radio', { name: t('cancel.codes.other', 'admin'), exact: true }).click();
      // Other without a note is refused on screen, in her language.
      await dialog.getByRole('button', { name: t('cancel.submit', 'admin') }).click();
      await dialog.getByRole('alert').waitFor();
      expect(await overflowProblems(page, `cancel dialog ${width} ${language}`)).toEqual([]);
      if (TOUR_DIR) await page.screenshot({ path: `${TOUR_DIR}/team-cancel-${width}-${language}.png` });
      await dialog.getByRole('radio', { name: t('cancel.codes.other_agency', 'admin') }).click();
      await dialog.getByRole('button', { name: t('cancel.submit', 'admin') }).click();
      await expect.poll(() => dialog.count(), EVENTUALLY).toBe(0);

      await page.goto(`${server.baseUrl}/admin/creators/cancelled?q=${creatorId}`);
      await page
        .getByRole('button', {
          name: t('list.viewDetailsOf', 'admin').replace('{{creatorId}}', creatorId),
        })
        .first()
        .click();
      const reason = page.getByTestId('creator-cancel-reason');
      await reason.getByText(t('cancel.codes.other_agency', 'admin')).waitFor();
      await reason.scrollIntoViewIfNeeded();
      // Shown once, in words: never as a raw field of the application.
      expect(await page.getByRole('dialog').textContent()).not.toMatch(/Cancel Reason Id|Cancel Note|Assignee Id/);
      expect(await overflowProblems(page, `details ${width} ${language}`)).toEqual([]);
      if (TOUR_DIR) await page.screenshot({ path: `${TOUR_DIR}/team-details-${width}-${language}.png` });
      await page.close();
    });
  }
});

describe('owners of creators (decision 063)', () => {
  it('lets an admin say her languages, take a creator from the list, and find her in her own queue and the dashboard', async () => {
    const page = await signedIn(1280);
    await page.goto(`${server.baseUrl}/admin/account`);
    await page.getByRole('heading', { name: 'Languages you work in' }).waitFor();
    await page.getByRole('checkbox', { name: 'Spanish' }).click();
    await page.getByRole('checkbox', { name: 'Portuguese' }).click();
    await page.getByRole('button', { name: 'Save languages' }).click();
    await page.getByText('Your languages are saved').waitFor();

    const name = 'Lucía Fernández de la Vega';
    const creatorId = await submitApplication(server, {
      name,
      language: 'Spanish',
      gender: 'Female',
      contactMethod: 'WhatsApp',
      contactInfo: '+34 612 345 678',
      hasOnlyFans: 'no',
      age: '26',
      agencyGoals: 'Quiero crecer con una agencia seria',
      recruiter,
      locale: 'es',
    });
    await page.goto(`${server.baseUrl}/admin/creators/pending?q=${creatorId}`);
    await rowAction(page, { name, creatorId }, 'Assign');
    const dialog = page.getByRole('dialog', { name: `Assign ${name}` });
    await dialog.getByRole('combobox', { name: 'Assignee' }).click();
    const me = page.getByRole('option', { name: /^e2e-admin/ });
    expect(await me.textContent()).toBe('e2e-admin (Spanish, Portuguese)');
    await me.click();
    await dialog.getByRole('button', { name: 'Assign' }).click();
    await page.getByText(`${name} is now e2e-admin’s`).waitFor();

    await page.getByRole('link', { name: 'My creators' }).click();
    await page.waitForURL(/assignee=me/);
    await page
      .getByRole('button', { name: new RegExp(creatorId) })
      .first()
      .waitFor();
    await page.getByRole('combobox', { name: 'Assignee' }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Assignee' }).textContent()).toBe('Mine');

    await page.goto(`${server.baseUrl}/admin/dashboard`);
    const table = page.getByRole('table', { name: 'Who holds what' });
    await table.getByRole('row', { name: /You \(e2e-admin\)/ }).waitFor();
    await page.close();
  });

  for (const { width, language } of [
    { width: 390, language: 'en' },
    { width: 390, language: 'ru' },
    { width: 1280, language: 'ru' },
    { width: 1280, language: 'de' },
  ]) {
    it(`fits a ${width} px screen in ${language}: the list with its assignee filter, the assign dialog, the dashboard`, async () => {
      const t = textsOf(language);
      const page = await signedIn(width, language);
      await page.goto(`${server.baseUrl}/admin/creators/pending?assignee=me`);
      await page.getByRole('combobox', { name: t('assign.filter', 'admin') }).waitFor();
      await page.locator('[data-creator-id]').first().waitFor();
      expect(await overflowProblems(page, `mine ${width} ${language}`)).toEqual([]);
      if (TOUR_DIR) await page.screenshot({ path: `${TOUR_DIR}/team-mine-${width}-${language}.png`, fullPage: true });

      const first = page.locator('[data-creator-id]').first();
      const creatorId = (await first.getAttribute('data-creator-id')) ?? '';
      const detail = (await (await admin.fetch(`/api/admin/creators/${creatorId}`)).json()) as {
        creator: { name: string };
      };
      await rowAction(page, { name: detail.creator.name, creatorId }, t('assign.action', 'admin'), language);
      await page.getByRole('dialog').getByRole('combobox').waitFor();
      expect(await overflowProblems(page, `assign dialog ${width} ${language}`)).toEqual([]);
      if (TOUR_DIR) await page.screenshot({ path: `${TOUR_DIR}/team-assign-${width}-${language}.png` });
      await page.keyboard.press('Escape');

      await page.goto(`${server.baseUrl}/admin/dashboard`);
      await page.getByRole('table', { name: t('workload.title', 'admin') }).waitFor();
      expect(await overflowProblems(page, `dashboard ${width} ${language}`)).toEqual([]);
      if (TOUR_DIR)
        await page.screenshot({ path: `${TOUR_DIR}/team-dashboard-${width}-${language}.png`, fullPage: true });
      await page.close();
    });
  }
});

describe('tags (decision 063)', () => {
  it('lets an owner define a tag, put it on a creator from her details, and list the creators carrying it', async () => {
    const page = await signedIn(1280);
    await page.goto(`${server.baseUrl}/admin/lists`);
    const section = page.getByRole('region', { name: 'Tags' });
    await section.getByLabel('Name').fill('VIP — top earner');
    await section.getByRole('combobox', { name: 'Colour' }).click();
    await page.getByRole('option', { name: 'Amber' }).click();
    await section.getByRole('button', { name: 'Add tag' }).click();
    await section.getByText('0 creators').waitFor();

    const name = 'Anastasia Volkova-Petrenko';
    const creatorId = await submitApplication(server, {
      name,
      language: 'Russian',
      gender: 'Female',
      contactMethod: 'Telegram',
      contactInfo: '@anastasia_vp',
      hasOnlyFans: 'yes',
      averageMonthlyRange: '$5,000–$10,000',
      agencyGoals: 'Хочу больше подписчиков и помощь с чатами',
      recruiter,
      locale: 'ru',
    });
    await page.goto(`${server.baseUrl}/admin/creators/pending?open=${creatorId}`);
    await page
      .getByTestId('creator-tags')
      .getByRole('button', { name: `Tags: ${name} (${creatorId})` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Tags of ${name}` });
    await dialog.getByRole('checkbox', { name: 'VIP — top earner' }).click();
    await dialog.getByRole('button', { name: 'Save tags' }).click();
    await page.getByText('Tags changed on 1 creator').waitFor();
    await page.getByTestId('creator-tags').getByText('VIP — top earner').waitFor();
    await page.keyboard.press('Escape');

    await page.goto(`${server.baseUrl}/admin/creators/pending`);
    await page.getByRole('combobox', { name: 'Tag' }).click();
    await page.getByRole('option', { name: 'VIP — top earner' }).click();
    await page.waitForURL(/tag=/);
    await expect.poll(() => page.locator('[data-creator-id]').count(), EVENTUALLY).toBe(1);
    expect(await page.locator('[data-creator-id]').getAttribute('data-creator-id')).toBe(creatorId);
    expect(await overflowProblems(page, 'tag filter 1280 en')).toEqual([]);
    if (TOUR_DIR) await page.screenshot({ path: `${TOUR_DIR}/team-tagged-1280-en.png` });
    await page.close();
  });
});
