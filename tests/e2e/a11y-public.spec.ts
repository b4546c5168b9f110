import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDITED_SCREENS, AuditLog } from './support/axe.ts';
import { launchBrowser, newPage, openSelect, waitForHydration, waitForSubmitted } from './support/browser.ts';
import {
  type AdminSession,
  createRecruiter,
  jpegFile,
  sendStage2Link,
  signInAdmin,
  submitApplication,
} from './support/seed.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { textsOf } from './support/texts.ts';

/**
 * Every public screen, audited by axe-core at a phone's and a laptop's width, in English and in Russian
 * (the longest texts and another script): the landing page with each form step, its errors and its success,
 * stage 2 with each step and its success, the admin login and the 404 page.
 */

let server: RunningServer;
let browser: Browser;
let adminApi: AdminSession;
let fileDir: string;
let photos: string[];

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ env: { SUBMISSIONS_PER_IP_PER_HOUR: '1000' } }),
    launchBrowser(),
  ]);
  adminApi = await signInAdmin(server);
  await createRecruiter(adminApi, 'Audit Scout');
  fileDir = await mkdtemp(path.join(tmpdir(), 'rollick-a11y-'));
  photos = await Promise.all(
    [0, 1, 2].map((index) =>
      jpegFile(path.join(fileDir, `photo-${index}.jpg`), {
        width: 300,
        height: 400,
        background: { r: 200 - index * 40, g: 150, b: 120 + index * 40 },
      }),
    ),
  );
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (fileDir) await rm(fileDir, { recursive: true, force: true });
});

/** Opens a select by its trigger's id and picks its first option (the texts differ by language). */
async function chooseFirst(page: Page, triggerId: string) {
  const control = page.locator(`#${triggerId}`);
  // A combobox one types into (the stage-2 country) opens its list when tapped; a select from the keyboard.
  if ((await control.evaluate((element) => element.tagName)) === 'INPUT') {
    await control.click();
    await page.getByRole('option').first().click();
    return;
  }
  // A select from the keys, as pickOption does: a click on its first option, drawn over the trigger, could be
  // pressed and released over different rows on a busy machine and choose nothing.
  await openSelect(control);
  await page.waitForFunction(() => document.activeElement?.closest('[role="listbox"]') != null);
  await page.keyboard.press('Home');
  await page.waitForFunction(() => document.activeElement === document.querySelector('[role="option"]'));
  await page.keyboard.press('Enter');
  await page.getByRole('listbox').waitFor({ state: 'detached' });
}

/** A walk through every step that ends in a submission: its proof of work and upload on a busy machine. */
const SUBMITTING_TEST_MS = 120_000;

describe.each(AUDITED_SCREENS)(
  'accessibility of the public pages, $language at $width px',
  ({ language, locale, ...viewport }) => {
    const text = textsOf(language);
    const open = () => newPage(browser, { locale, viewport });

    it(
      'landing page, language menu, every step of the form with its errors, and the success screen',
      async () => {
        const { context, page } = await open();
        const log = new AuditLog(page);
        await page.goto(server.baseUrl);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await waitForHydration(page);
        await log.check(page, 'landing');

        await page.getByRole('button', { name: text('language.trigger').replace('{{language}}', '') }).click();
        await page.getByRole('menu').waitFor();
        await log.check(page, 'language menu');
        await page.keyboard.press('Escape');

        await page.locator('#apply').scrollIntoViewIfNeeded();
        await page.locator('#application-name').waitFor();
        // The steps are checked on submit: walk them empty, then come back to step 1 with its errors.
        const next = page.getByRole('button', { name: text('application.actions.next', 'application'), exact: true });
        const submit = page.getByRole('button', { name: text('application.actions.submit', 'application') });
        const stepFields = ['name', 'contactMethod', 'agencyGoals', 'instagram', 'recruiter'];
        for (const [index, field] of stepFields.entries()) {
          await page.locator(`#application-${field}`).waitFor();
          await log.check(page, `step ${index + 1}`);
          if (index < stepFields.length - 1) await next.click();
        }
        await submit.click();
        await page.getByRole('alert').getByText(text('field.name', 'messages'), { exact: true }).first().waitFor();
        await log.check(page, 'step 1 with errors');

        await page.locator('#application-name').fill('Ana Lima');
        await chooseFirst(page, 'application-language');
        await chooseFirst(page, 'application-gender');
        await next.click();
        await page
          .getByRole('alert')
          .getByText(text('application.contactMethod', 'messages'), { exact: true })
          .first()
          .waitFor();
        await log.check(page, 'step 2 with errors');
        await openSelect(page.locator('#application-contactMethod'));
        await page.getByRole('option').last().click();
        await page.locator('#application-contactInfo').fill('ana.lima@example.com');
        await next.click();

        await page
          .getByRole('alert')
          .getByText(text('application.agencyGoals', 'messages'), { exact: true })
          .first()
          .waitFor();
        await log.check(page, 'step 3 with errors');
        await page.locator('[role=radio][value=no]').click();
        await page.locator('#application-age').fill('25');
        await page.locator('#application-agencyGoals').fill('Help with marketing and more free time.');
        await next.click();

        await page.locator('#application-instagram').waitFor();
        await next.click();

        await page.locator('#application-recruiter').waitFor();
        await chooseFirst(page, 'application-recruiter');
        await page.locator('input[type=file]').setInputFiles(photos[0] ?? '');
        await page.getByRole('img', { name: text('application.fields.photoPreview', 'application') }).waitFor();
        await log.check(page, 'step 5 with a photo');
        await page.locator('#application-consent').click();
        await submit.click();

        await waitForSubmitted(
          page,
          page.getByRole('heading', { name: text('application.success.title', 'application') }),
        );
        await log.check(page, 'application success');
        expect(log.violations).toEqual([]);
        await context.close();
      },
      SUBMITTING_TEST_MS,
    );

    it(
      'stage 2: every step with its errors, and the success screen',
      async () => {
        const creatorId = await submitApplication(server, {
          name: 'Bea Costa',
          language: 'English',
          gender: 'Female',
          contactMethod: 'Email',
          contactInfo: `bea.${language}.${viewport.width}@example.com`,
          agencyGoals: 'Grow and delegate the chats',
          age: '27',
          hasOnlyFans: 'no',
          recruiter: 'Audit Scout',
        });
        const link = await sendStage2Link(adminApi, creatorId);
        const { context, page } = await open();
        const log = new AuditLog(page);
        await page.goto(link);
        const next = page.getByRole('button', { name: text('actions.next', 'stage2'), exact: true });
        const submit = page.getByRole('button', { name: text('actions.submit', 'stage2') });
        const stepFields = [
          '#stage2-country',
          '[role=radio][value=revenueShare]',
          '[role=radiogroup]',
          '#stage2-agencyPitch',
        ];
        for (const [index, field] of stepFields.entries()) {
          await page.locator(field).first().waitFor();
          await log.check(page, `stage 2 step ${index + 1}`);
          if (index < stepFields.length - 1) await next.click();
        }
        await submit.click();
        await page.getByRole('alert').getByText(text('stage2.country', 'messages'), { exact: true }).first().waitFor();
        await log.check(page, 'stage 2 step 1 with errors');

        await chooseFirst(page, 'stage2-country');
        await page.locator('#stage2-age').fill('27');
        await chooseFirst(page, 'stage2-englishLevel');
        await next.click();

        await page
          .getByRole('alert')
          .getByText(text('stage2.compensationType', 'messages'), { exact: true })
          .first()
          .waitFor();
        await log.check(page, 'stage 2 step 2 with errors');
        await page.locator('[role=radio][value=revenueShare]').click();
        await page.locator('#stage2-revenueShare').fill('40');
        await next.click();

        const [verified, existingContent] = [page.getByRole('radiogroup').nth(0), page.getByRole('radiogroup').nth(1)];
        await verified.waitFor();
        await verified.locator('[role=radio][value=yes]').click();
        await page.locator('#stage2-onlyFansRevenue').fill('1500');
        await page.locator('input[type=file]').setInputFiles(photos[0] ?? '');
        await existingContent.locator('[role=radio][value=yes]').click();
        await page.getByRole('checkbox').first().click();
        await log.check(page, 'stage 2 step 3 answered');
        await next.click();

        await page.locator('#stage2-agencyPitch').waitFor();
        await log.check(page, 'stage 2 step 4 with errors');
        await page.locator('#stage2-agencyPitch').fill('I post daily and my fans stay.');
        await page.locator('input[type=file]').setInputFiles(photos);
        await page.getByRole('img').nth(2).waitFor();
        await log.check(page, 'stage 2 step 4 with photos');
        await submit.click();

        await waitForSubmitted(page, page.getByRole('heading', { name: text('success.title', 'stage2') }));
        await log.check(page, 'stage 2 success');
        expect(log.violations).toEqual([]);
        await context.close();
      },
      SUBMITTING_TEST_MS,
    );

    it('admin login with its errors, and the 404 page', async () => {
      const { context, page } = await open();
      const log = new AuditLog(page);
      await page.goto(`${server.baseUrl}/admin`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await waitForHydration(page);
      await log.check(page, 'admin login');
      await page.getByRole('button', { name: text('login.submit', 'admin') }).click();
      await page.getByRole('alert').getByText(text('auth.username', 'messages'), { exact: true }).first().waitFor();
      await log.check(page, 'admin login with errors');

      const missing = await page.goto(`${server.baseUrl}/no-such-page`);
      expect(missing?.status()).toBe(404);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await log.check(page, '404');
      expect(log.violations).toEqual([]);
      await context.close();
    });
  },
);
