import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatorDetail } from '#shared/replies/creators.ts';
import { syntheticSelfie } from '#tests/fixtures/images.ts';
import { audit, looksBroken } from './support/axe.ts';
import {
  launchBrowser,
  newPage,
  pickOption,
  typeAndPick,
  waitForHydration,
  waitForSubmitted,
} from './support/browser.ts';
import { overflowProblems } from './support/overflow.ts';
import { type AdminSession, sendStage2Link, signInAdmin } from './support/seed.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { textsOf } from './support/texts.ts';

/**
 * The applicant's whole way on a phone, in Spanish, on a server started as a fresh clone starts it: she applies
 * with consent choosing the house recruiter, opens her own page from the success screen, fills stage 2 with the
 * country typed in, and later withdraws.
 */
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, locale: 'es-ES' };
const es = textsOf('es');
const app = (key: string) => es(`application.${key}`, 'application');
const landing = (key: string) => es(`application.${key}`);
const me = (key: string) => es(key, 'me');
const stage2 = (key: string) => es(key, 'stage2');

let server: RunningServer;
let browser: Browser;
let adminApi: AdminSession;
let photoDir: string;
let selfie: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  adminApi = await signInAdmin(server);
  photoDir = await mkdtemp(path.join(tmpdir(), 'rollick-journey-'));
  selfie = path.join(photoDir, 'IMG_20261128_101502.jpg');
  await writeFile(selfie, await syntheticSelfie(7));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (photoDir) await rm(photoDir, { recursive: true, force: true });
});

/** Nothing broken on this screen: no raw key, no overflow at 390 px, no accessibility failure. */
async function expectSound(page: Page, screen: string): Promise<void> {
  expect([
    ...(await looksBroken(page, screen)),
    ...(await overflowProblems(page, screen)),
    ...(await audit(page, screen)),
  ]).toEqual([]);
}

const timelineStep = (page: Page, key: string) =>
  page.getByRole('listitem').filter({ hasText: me(`timeline.${key}.title`) });

describe('an applicant on a phone, in Spanish, from a fresh start', () => {
  it('applies with consent, opens her page, fills stage 2 typing her country, and later withdraws', async () => {
    const { context, page } = await newPage(browser, PHONE);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    try {
      await page.goto(server.baseUrl);
      await waitForHydration(page);
      await page
        .getByRole('link', { name: es('landing.applyNow') })
        .first()
        .tap();
      await page.locator('#application-name').waitFor();

      await page.getByLabel(landing('fields.name')).fill('Valentina Ortega Ruiz');
      await pickOption(page.getByRole('combobox', { name: landing('fields.language') }), 'Español');
      await pickOption(page.getByRole('combobox', { name: landing('fields.gender') }), 'Mujer');
      await page.getByRole('button', { name: app('actions.next') }).tap();
      await pickOption(page.getByRole('combobox', { name: app('fields.contactMethod') }), 'Correo electrónico');
      await page.getByLabel(app('fields.contactInfoLabel.email')).fill('valentina.ortega@example.com');
      await page.getByRole('button', { name: app('actions.next') }).tap();
      await page.getByRole('radio', { name: app('fields.no') }).tap();
      await page.getByLabel(app('fields.age'), { exact: true }).fill('26');
      await page.getByLabel(app('fields.agencyGoals')).fill('Quiero crecer en Instagram y delegar los chats.');
      await page.getByRole('button', { name: app('actions.next') }).tap();
      await page.getByLabel(app('fields.instagram')).fill('@valen.ortega');
      await page.getByRole('button', { name: app('actions.next') }).tap();

      // Step 5: the house recruiter a fresh start offers, her selfie, and her consent.
      await pickOption(page.getByRole('combobox', { name: app('fields.recruiter') }), 'Rollick team');
      await page.getByLabel(app('fields.photo')).setInputFiles(selfie);
      await page.getByRole('img', { name: app('fields.photoPreview') }).waitFor();
      await page.locator('#application-consent').tap();
      await expectSound(page, 'step 5, Spanish phone');
      await page.getByRole('button', { name: app('actions.submit') }).tap();

      // The success screen: her reference, what comes next, her page.
      await waitForSubmitted(page, page.getByRole('heading', { name: app('success.title') }));
      const creatorId = (await page.getByTestId('application-reference').textContent()) ?? '';
      expect(creatorId).toMatch(/^RC-[A-Z0-9]+$/);
      await expectSound(page, 'success, Spanish phone');
      await page.getByRole('link', { name: app('success.openPage') }).tap();

      // Her page, in Spanish: received and being looked at; nothing asked yet.
      await page.getByRole('heading', { name: me('timeline.heading') }).waitFor();
      await timelineStep(page, 'applied').getByText(me('timeline.applied.current')).waitFor();
      await page.getByText(me('asked.nothing')).waitFor();
      await expectSound(page, 'her page, Spanish phone');
      const herPage = page.url();

      // Staff send stage 2 (by e-mail, her channel): her page now asks for it.
      const link = await sendStage2Link(adminApi, creatorId);
      await page.reload();
      await timelineStep(page, 'stage2').getByText(me('timeline.stage2.current')).waitFor();

      // Stage 2, the country typed rather than scrolled for.
      await page.goto(link);
      await page.getByRole('heading', { name: stage2('steps.basic.title') }).waitFor();
      await typeAndPick(page.getByRole('combobox', { name: stage2('fields.country'), exact: true }), 'esp', 'España');
      await page.getByRole('spinbutton', { name: stage2('fields.age'), exact: true }).fill('26');
      await page.getByRole('button', { name: stage2('actions.next') }).tap();
      await page.getByRole('radio', { name: stage2('compensationTypes.negotiable'), exact: true }).tap();
      await page.getByRole('button', { name: stage2('actions.next') }).tap();
      await page.getByRole('heading', { name: stage2('steps.content.title') }).waitFor();
      await page.getByRole('button', { name: stage2('actions.next') }).tap();
      await page
        .getByLabel(stage2('fields.agencyPitch'))
        .fill('Publico a diario, respondo rápido y tengo ideas propias.');
      await page.getByRole('button', { name: stage2('actions.submit') }).tap();
      await waitForSubmitted(page, page.getByRole('heading', { name: stage2('success.title') }));

      // Later, from her page: the second part is in, and she withdraws after being asked.
      await page.goto(herPage);
      await timelineStep(page, 'stage2').getByText(me('timeline.stage2.submitted')).waitFor();
      await page.getByRole('button', { name: me('actions.withdraw.label') }).tap();
      const dialog = page.getByRole('alertdialog', { name: me('actions.withdraw.title') });
      await dialog.getByRole('button', { name: me('actions.withdraw.confirm'), exact: true }).tap();
      await page.getByText(me('timeline.outcome.withdrawn')).waitFor();
      await expectSound(page, 'her page withdrawn, Spanish phone');

      const detail = (await (await adminApi.fetch(`/api/admin/creators/${creatorId}`)).json()) as CreatorDetail;
      expect(detail.creator).toMatchObject({ status: 'cancelled', recruiter: 'Rollick team', language: 'Spanish' });
      expect(detail.creator.consentAt).toEqual(expect.any(String));
      expect(detail.stage2Data?.country).toBe('Spain');
      expect(detail.activityLog.map((entry) => JSON.stringify(entry))).toEqual(
        expect.arrayContaining([expect.stringContaining('withdrawn by the applicant')]),
      );
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
