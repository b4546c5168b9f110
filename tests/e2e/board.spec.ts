import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENTUALLY, launchBrowser, newPage } from './support/browser.ts';
import { overflowProblems } from './support/overflow.ts';
import {
  type AdminSession,
  createRecruiter,
  jpegBlob,
  signInAdmin,
  signInOnPage,
  submitApplication,
} from './support/seed.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { textsOf } from './support/texts.ts';

/**
 * The board (decision 063) as a recruiter's morning goes: she drags a listed creator on to Matched with the
 * mouse, tries a move the status machine does not allow, and loses a race to a colleague; and the board fits a
 * phone and a laptop in the long languages.
 */

let server: RunningServer;
let browser: Browser;
let admin: AdminSession;
let recruiter: string;
const TOUR_DIR = process.env.TOUR_DIR;

interface Applicant {
  name: string;
  contactMethod: string;
  contactInfo: string;
  language: string;
  locale: string;
}

const APPLICANTS = {
  lucia: {
    name: 'Lucía Fernández de la Vega',
    contactMethod: 'WhatsApp',
    contactInfo: '+34 612 345 678',
    language: 'Spanish',
    locale: 'es',
  },
  valentina: {
    name: 'Valentina Moreau-Delacroix',
    contactMethod: 'Email',
    contactInfo: 'valentina.moreau-delacroix@exemple-agence.fr',
    language: 'French',
    locale: 'fr',
  },
  friederike: {
    name: 'Friederike Anneliese Wittgenstein-Hohenlohe',
    contactMethod: 'Telegram',
    contactInfo: '@friederike_wh',
    language: 'German',
    locale: 'de',
  },
  anastasia: {
    name: 'Анастасия Волкова-Петренко',
    contactMethod: 'Telegram',
    contactInfo: '@anastasia_vp',
    language: 'Russian',
    locale: 'ru',
  },
} as const satisfies Record<string, Applicant>;

let photoTint = 0;

/** An application with her selfie, as the form sends it. */
async function apply(applicant: Applicant): Promise<string> {
  photoTint += 1;
  const photo = await jpegBlob({ width: 480, height: 640, background: { r: 200, g: 140 + photoTint * 20, b: 120 } });
  return submitApplication(
    server,
    {
      ...applicant,
      gender: 'Female',
      hasOnlyFans: 'yes',
      averageMonthlyRange: '$2,500–$5,000',
      agencyGoals: 'More reach and someone to run the chats',
      recruiter,
    },
    { file: photo, name: 'selfie.jpg' },
  );
}

async function patch(path: string, body: object): Promise<void> {
  const reply = await admin.fetch(path, { method: 'PATCH', body });
  expect(reply.status).toBe(200);
}

/** A creator taken on to `status` through the API, as staff would. */
async function creatorIn(applicant: Applicant, status: 'pending' | 'listed' | 'matched'): Promise<string> {
  const creatorId = await apply(applicant);
  if (status === 'pending') return creatorId;
  await patch(`/api/admin/creators/${creatorId}/list-directly`, {
    rollickListingUrl: `https://marketplace.rollick.example/creators/${creatorId.toLowerCase()}`,
  });
  if (status === 'matched') await patch(`/api/admin/creators/${creatorId}/status`, { status: 'matched' });
  return creatorId;
}

async function statusOf(creatorId: string): Promise<string> {
  const reply = await admin.fetch(`/api/admin/creators/${creatorId}`);
  return ((await reply.json()) as { creator: { status: string } }).creator.status;
}

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ env: { SUBMISSIONS_PER_IP_PER_HOUR: '1000' } }),
    launchBrowser(),
  ]);
  admin = await signInAdmin(server);
  recruiter = (await createRecruiter(admin, 'Marta Ruiz', 'marta.ruiz@rollick.example')).name;
  // Cards as a team sees them: hers, with a tag.
  const tag = await admin.fetch('/api/admin/tags', {
    method: 'POST',
    body: { name: 'VIP — top earner', color: 'amber' },
  });
  expect(tag.status).toBe(201);
  const { id: tagId } = (await tag.json()) as { id: string };
  const team = (await (await admin.fetch('/api/admin/assignees')).json()) as { assignees: { id: string }[] };
  const me = team.assignees[0]?.id;
  for (const [applicant, status] of [
    [APPLICANTS.lucia, 'pending'],
    [APPLICANTS.anastasia, 'pending'],
    [APPLICANTS.valentina, 'listed'],
    [APPLICANTS.friederike, 'matched'],
  ] as const) {
    const creatorId = await creatorIn(applicant, status);
    await admin.fetch(`/api/admin/creators/${creatorId}/assignee`, { method: 'PUT', body: { adminId: me } });
    await admin.fetch(`/api/admin/creators/${creatorId}/tags`, { method: 'POST', body: { add: [tagId] } });
  }
});

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

const column = (page: Page, status: string) => page.locator(`[data-board-column="${status}"]`);
const card = (page: Page, status: string, creatorId: string) =>
  column(page, status).locator(`[data-creator-id="${creatorId}"]`);

/** Brings a column to the board's left edge, so it and the next ones are on screen. */
async function scrollToColumn(page: Page, status: string) {
  await column(page, status).evaluate((element) => element.scrollIntoView({ inline: 'start', block: 'nearest' }));
}

/** Holds the mouse on her card and carries it over a column, step by step; `drop` lets go there. */
async function dragCard(page: Page, from: string, creatorId: string, to: string, { drop = true } = {}) {
  const box = await card(page, from, creatorId).locator('[data-slot="photo-thumb"]').boundingBox();
  const target = await column(page, to).locator('header').boundingBox();
  if (!box || !target) throw new Error('card or column not on screen');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(target.x + target.width / 2, target.y + target.height + 40, { steps: 15 });
  if (drop) await page.mouse.up();
}

describe('moving cards on the board (decision 063)', () => {
  it('drags a listed creator to Matched with the mouse; the columns that may not take her say so', async () => {
    const creatorId = await creatorIn(APPLICANTS.valentina, 'listed');
    const page = await signedIn(1280);
    await page.goto(`${server.baseUrl}/admin/board`);
    await card(page, 'listed', creatorId).waitFor();
    await scrollToColumn(page, 'listed');
    await dragCard(page, 'listed', creatorId, 'matched', { drop: false });
    expect(await column(page, 'matched').getAttribute('data-drop')).toBe('over');
    expect(await column(page, 'finalized').getAttribute('data-drop')).toBe('refuses');
    await column(page, 'finalized').getByText('Can’t move here').waitFor();
    if (TOUR_DIR) await page.screenshot({ path: `${TOUR_DIR}/board-dragging-1280-en.png` });
    await page.mouse.up();

    await page.getByText('Creator status changed to matched').waitFor();
    await card(page, 'matched', creatorId).waitFor();
    expect(await card(page, 'listed', creatorId).count()).toBe(0);
    expect(await statusOf(creatorId)).toBe('matched');
    await page.close();
  });

  it('does nothing but say why when a card is dropped where the machine does not let her go', async () => {
    const creatorId = await creatorIn(APPLICANTS.friederike, 'matched');
    const page = await signedIn(1280);
    const changes: string[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'GET') changes.push(`${request.method()} ${request.url()}`);
    });
    await page.goto(`${server.baseUrl}/admin/board`);
    await card(page, 'matched', creatorId).waitFor();
    await scrollToColumn(page, 'listed');
    await dragCard(page, 'matched', creatorId, 'listed');

    await page.getByText(`${APPLICANTS.friederike.name} can’t move to Listed`).waitFor();
    await page.getByText('From Matched, a creator can move to Finalized or Cancelled only.').waitFor();
    expect(await card(page, 'matched', creatorId).count()).toBe(1);
    expect(changes).toEqual([]);
    expect(await statusOf(creatorId)).toBe('matched');
    await page.close();
  });

  it('snaps a card back with the server’s reason when a colleague moved her first (409)', async () => {
    const creatorId = await creatorIn(APPLICANTS.friederike, 'matched');
    const page = await signedIn(1280);
    await page.goto(`${server.baseUrl}/admin/board`);
    await card(page, 'matched', creatorId).waitFor();
    await scrollToColumn(page, 'matched');
    await dragCard(page, 'matched', creatorId, 'finalized', { drop: false });
    // A colleague cancels her while the card is in the air.
    await patch(`/api/admin/creators/${creatorId}/status`, { status: 'cancelled' });
    await page.mouse.up();

    await page.getByText('Failed to update status').waitFor();
    await page.getByText('A creator cannot be moved from cancelled to finalized').waitFor();
    await card(page, 'cancelled', creatorId).waitFor();
    expect(await card(page, 'finalized', creatorId).count()).toBe(0);
    expect(await statusOf(creatorId)).toBe('cancelled');
    await page.close();
  });
});

describe('the board fits (decision 063)', () => {
  for (const { width, language } of [
    { width: 390, language: 'en' },
    { width: 390, language: 'ru' },
    { width: 1280, language: 'en' },
    { width: 1280, language: 'ru' },
    { width: 1280, language: 'de' },
  ]) {
    it(`fits a ${width} px screen in ${language}: the columns, a card's menu and the cancel question`, async () => {
      const t = textsOf(language);
      const page = await signedIn(width, language);
      await page.goto(`${server.baseUrl}/admin/board`);
      await page.getByRole('heading', { level: 1, name: t('board.title', 'admin') }).waitFor();
      await column(page, 'pending').locator('[data-board-card]').first().waitFor();
      await column(page, 'matched').locator('[data-board-card]').first().waitFor();
      await page.locator('img[src^="/api/admin/files/"]').first().waitFor();
      expect(await overflowProblems(page, `board ${width} ${language}`)).toEqual([]);
      // No page-wide sideways scroll: only the board scrolls, by column.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      const first = await column(page, 'pending').boundingBox();
      if (width < 640) expect(first?.width).toBeGreaterThan(width * 0.75);
      else expect(first?.width).toBeLessThan(width / 3);
      if (TOUR_DIR) await page.screenshot({ path: `${TOUR_DIR}/board-${width}-${language}.png` });

      const matched = column(page, 'matched').locator('[data-board-card]').first();
      await matched.scrollIntoViewIfNeeded();
      const name = (await matched.getByRole('button').first().textContent()) ?? '';
      const creatorId = (await matched.getAttribute('data-creator-id')) ?? '';
      await matched
        .getByRole('button', {
          name: t('board.menuFor', 'admin').replace('{{name}}', name).replace('{{creatorId}}', creatorId),
        })
        .click();
      const menu = page.getByRole('menu');
      await menu.waitFor();
      expect(await menu.getByRole('menuitem').allTextContents()).toEqual([
        t('status.finalized'),
        t('status.cancelled'),
        t('list.viewDetails', 'admin'),
      ]);
      expect(await overflowProblems(page, `board menu ${width} ${language}`)).toEqual([]);
      if (TOUR_DIR) await page.screenshot({ path: `${TOUR_DIR}/board-menu-${width}-${language}.png` });
      await menu.getByRole('menuitem', { name: t('status.cancelled') }).click();
      const dialog = page.getByRole('dialog', { name: t('cancel.title', 'admin') });
      await dialog.waitFor();
      await expect.poll(() => card(page, 'cancelled', creatorId).count(), EVENTUALLY).toBe(1);
      expect(await overflowProblems(page, `board cancel ${width} ${language}`)).toEqual([]);
      if (TOUR_DIR) await page.screenshot({ path: `${TOUR_DIR}/board-cancel-${width}-${language}.png` });
      await dialog.getByRole('button', { name: t('cancel.keep', 'admin') }).click();
      // Asked and not answered: she goes back.
      await expect.poll(() => card(page, 'matched', creatorId).count(), EVENTUALLY).toBe(1);
      expect(await statusOf(creatorId)).toBe('matched');
      await page.close();
    });
  }
});
