import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatorDetail } from '#shared/replies/creators.ts';
import { resizedAndRecompressed, syntheticSelfie } from '#tests/fixtures/images.ts';
import { AuditLog } from './support/axe.ts';
import { EVENTUALLY, launchBrowser, newPage } from './support/browser.ts';
import {
  type AdminSession,
  createRecruiter,
  sendStage2Link,
  signInAdmin,
  signInOnPage,
  submitApplication,
  submitStage2,
} from './support/seed.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { textsOf } from './support/texts.ts';

/**
 * Merging duplicates (decision 062) in the browser: the merge dialog fits a phone and a laptop in English,
 * Russian and German, with nothing clipped, no raw key and no console error; and an owner merges the newer
 * application of one person into her older one, which had stage 2, a note and photos, from the duplicates
 * section, and finds it all on the record that stays.
 */

let server: RunningServer;
let browser: Browser;
let admin: AdminSession;
let recruiter = '';
let people = 0;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ env: { SUBMISSIONS_PER_IP_PER_HOUR: '1000' } }),
    launchBrowser(),
  ]);
  admin = await signInAdmin(server);
  recruiter = (await createRecruiter(admin, 'Joana Magalhães Ferreira', 'joana@rollick.example')).name;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A photo-like picture of its own for each seed, as different people's selfies are (plain colours all look alike). */
const photo = (image: Buffer) => new Blob([new Uint8Array(image)], { type: 'image/jpeg' });
const selfie = async (seed: number) => photo(await syntheticSelfie(seed, { width: 600, height: 800 }));

/**
 * One person twice, as production sees it: a first application with a selfie, stage 2 answered with images and
 * a note; a week later the same e-mail in capitals, the name without accents, another selfie.
 */
async function samePersonTwice(): Promise<{ older: string; newer: string }> {
  people++;
  const email = `anastasia.konstantinova.${people}@correo.example`;
  const common = { gender: 'Female', language: 'Russian', contactMethod: 'Email', recruiter, hasOnlyFans: 'yes' };
  const older = await submitApplication(
    server,
    {
      ...common,
      name: 'Анастасия Константиновна Волкова-Римская',
      contactInfo: email,
      country: 'Portugal',
      instagram: '@anastasia.volkova.rimskaya.official',
      averageMonthlyRange: '$2,500–$5,000',
      agencyGoals: 'Больше подписчиков и помощь с перепиской, чтобы я могла сосредоточиться на контенте.',
      additionalInfo: 'Пишите после 18:00 по лиссабонскому времени.',
    },
    { file: await selfie(people * 10), name: 'selfie.jpg' },
  );
  const seeds = [1, 2, 3].map((n) => 5_000 + people * 10 + n);
  await submitStage2(await sendStage2Link(admin, older), await Promise.all(seeds.map(selfie)));
  const note = await admin.fetch(`/api/admin/creators/${older}/notes`, {
    method: 'POST',
    body: { text: 'Звонили: хочет начать в мае, просит 40 %.' },
  });
  expect(note.status).toBe(201);
  const newer = await submitApplication(
    server,
    {
      ...common,
      name: 'Anastasia Volkova',
      contactInfo: email.toUpperCase(),
      hasOnlyFans: 'no',
      age: '27',
      agencyGoals: 'Grow on OnlyFans',
    },
    // The same face as her messenger passes it on: smaller and recompressed.
    {
      file: photo(await resizedAndRecompressed(await syntheticSelfie(people * 10, { width: 600, height: 800 }))),
      name: 'IMG_2041.jpg',
    },
  );
  return { older, newer };
}

async function signedIn(width: number, language: string): Promise<{ page: Page; log: AuditLog }> {
  const { page } = await newPage(browser, { viewport: { width, height: width < 600 ? 844 : 800 } });
  const log = new AuditLog(page);
  await signInOnPage(page, server.baseUrl);
  await page.evaluate((code: string) => localStorage.setItem('rollick.lang', code), language);
  return { page, log };
}

/** The newer application's details, from the pending list searched for it, and Merge… on her older record. */
async function openMergeDialog(page: Page, language: string, pair: { older: string; newer: string }) {
  const text = textsOf(language);
  await page.goto(`${server.baseUrl}/admin/creators/pending?q=${pair.newer}`);
  await page
    .getByRole('button', { name: text('list.viewDetailsOf', 'admin').replace('{{creatorId}}', pair.newer) })
    .first()
    .click();
  await page
    .getByRole('button', { name: text('merge.actionFor', 'admin').replace('{{creatorId}}', pair.older) })
    .click();
  const dialog = page.getByRole('dialog', { name: text('merge.title', 'admin') });
  await dialog.getByText(text('merge.newestWins', 'admin')).waitFor();
  return dialog;
}

describe.each([
  { language: 'en', width: 390 },
  { language: 'en', width: 1280 },
  { language: 'ru', width: 390 },
  { language: 'ru', width: 1280 },
  { language: 'de', width: 390 },
  { language: 'de', width: 1280 },
])('the merge dialog in $language at $width px', ({ language, width }) => {
  it('fits, says what will happen, and refuses the way that would move her back', async () => {
    const pair = await samePersonTwice();
    const { page, log } = await signedIn(width, language);
    const text = textsOf(language);
    const dialog = await openMergeDialog(page, language, pair);
    // Her older record is further along, so it is the one that stays.
    const summary = text('merge.summary', 'admin').replace('{{from}}', pair.newer).replace('{{into}}', pair.older);
    await dialog.getByText(summary).waitFor();
    await log.check(page, 'merge dialog');
    // The dialog scrolls down, never sideways: nothing in it is wider than its window.
    expect(await dialog.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
    await dialog.getByText(summary).scrollIntoViewIfNeeded();
    await log.check(page, 'merge dialog, its end');

    await dialog
      .getByRole('radiogroup', { name: text('merge.keptTitle', 'admin') })
      .getByRole('radio', { name: new RegExp(pair.newer) })
      .click();
    await dialog.getByRole('alert').waitFor();
    const refused = dialog.getByRole('button', { name: text('merge.confirm', 'admin') });
    expect(await refused.isDisabled()).toBe(true);
    await log.check(page, 'merge dialog refused');
    expect(log.violations).toEqual([]);
    await page.context().close();
  });
});

describe('an owner merges a duplicate', () => {
  it('keeps her notes, stage 2 and photos on the record that stays, with the name she chose, and removes the other', async () => {
    const pair = await samePersonTwice();
    const en = textsOf('en');
    const { page, log } = await signedIn(1280, 'en');
    const dialog = await openMergeDialog(page, 'en', pair);
    // Newest wins picked the plain name of the newer record (on the left, opened); the owner takes the older one's.
    const names = dialog.getByRole('radiogroup', { name: en('fields.name', 'admin') });
    expect(await names.getByRole('radio').first().getAttribute('aria-checked')).toBe('true');
    await names.getByText('Анастасия Константиновна Волкова-Римская').click();
    await dialog.getByRole('button', { name: en('merge.confirm', 'admin') }).click();
    await page.getByText(`${pair.newer} was merged into ${pair.older}.`).waitFor();
    await log.checkLayout(page, 'after a merge');

    await expect
      .poll(async () => (await admin.fetch(`/api/admin/creators/${pair.newer}`)).status, EVENTUALLY)
      .toBe(404);
    const kept = (await (await admin.fetch(`/api/admin/creators/${pair.older}`)).json()) as CreatorDetail;
    expect(kept.creator).toMatchObject({
      name: 'Анастасия Константиновна Волкова-Римская',
      age: 27,
      status: 'stage2_submitted',
      hasDuplicates: false,
    });
    expect(kept.creator.contactInfo).toBe(kept.creator.contactInfo.toUpperCase());
    expect(kept.stage2Data?.imageUrls).toHaveLength(2);
    expect(kept.duplicates).toEqual([]);
    expect(kept.activityLog.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['Note added', 'Stage 2 submitted', 'Creator merged']),
    );
    for (const url of [kept.creator.confirmationPhotoUrl, ...(kept.stage2Data?.imageUrls ?? [])]) {
      expect((await admin.fetch(url ?? '')).status, url ?? '').toBe(200);
    }

    // The log tells the merge in words.
    await page.goto(`${server.baseUrl}/admin/creators/stage2_submitted?q=${pair.older}`);
    await page
      .getByRole('button', { name: en('list.viewLogOf', 'admin').replace('{{creatorId}}', pair.older) })
      .first()
      .click();
    await page.getByText(`Merged ${pair.newer} into this record`).waitFor();
    await log.check(page, 'activity log after a merge');
    expect(log.violations).toEqual([]);
    await page.context().close();
  });
});
