import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatorDetail } from '#shared/replies/creators.ts';
import { audit } from './support/axe.ts';
import { launchBrowser, newPage, typeAndPick, waitForSubmitted } from './support/browser.ts';
import { type AdminSession, createRecruiter, sendStage2Link, signInAdmin, submitApplication } from './support/seed.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { textsOf } from './support/texts.ts';

/** Stage 2 on a phone (decision 050): a 390×844 screen, touch, the Spanish interface. */
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
const TIME_ZONE = 'Europe/Madrid';

let server: RunningServer;
let browser: Browser;
let adminApi: AdminSession;
let recruiterName: string;
const es = textsOf('es');

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ env: { SUBMISSIONS_PER_IP_PER_HOUR: '1000' } }),
    launchBrowser(),
  ]);
  adminApi = await signInAdmin(server);
  recruiterName = (await createRecruiter(adminApi, 'Marta Ruiz')).name;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A real application, then the admin's "Send Stage 2": the creator's link. */
async function creatorWithLink(name: string, email: string): Promise<{ creatorId: string; link: string }> {
  const creatorId = await submitApplication(server, {
    name,
    language: 'Spanish',
    gender: 'Female',
    contactMethod: 'Email',
    contactInfo: email,
    hasOnlyFans: 'no',
    averageMonthlyRange: '$1,000–$2,500',
    agencyGoals: 'Más alcance y ayuda con los chats',
    recruiter: recruiterName,
  });
  return { creatorId, link: await sendStage2Link(adminApi, creatorId) };
}

function openPhone() {
  return newPage(browser, { ...PHONE, locale: 'es-ES', timezoneId: TIME_ZONE });
}

/** Waits until the page stopped scrolling (a step change scrolls smoothly) and the step's slide-in ended. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let last = window.scrollY;
        let still = 0;
        const tick = () => {
          still = window.scrollY === last ? still + 1 : 0;
          last = window.scrollY;
          if (still >= 10 && document.getAnimations().every((animation) => animation.playState !== 'running')) {
            resolve();
          } else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
  );
}

/** The element lies wholly on the screen as it is now: nothing above the top, nothing below the fold. */
async function expectOnScreen(page: Page, element: Locator): Promise<void> {
  const box = await element.boundingBox();
  const height = page.viewportSize()?.height ?? 0;
  expect(box, 'the element is laid out').not.toBeNull();
  if (!box) return;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(height);
}

describe('stage 2 on a phone at 390×844', () => {
  it('types a country, keeps each question above the fold, and a used link says when it was sent', async () => {
    const { creatorId, link } = await creatorWithLink('Lucía Fernández', 'lucia.fernandez@example.com');
    const { context, page } = await openPhone();
    await page.goto(link);
    await page.getByRole('heading', { name: es('steps.basic.title', 'stage2') }).waitFor();
    // A fresh link says nothing of an earlier submission.
    expect(await page.getByText(/Enviaste este formulario/).count()).toBe(0);

    const country = page.getByRole('combobox', { name: es('fields.country', 'stage2'), exact: true });
    expect(await country.getAttribute('aria-expanded')).toBe('false');
    // A tap opens the whole list.
    await country.tap();
    expect(await country.getAttribute('aria-expanded')).toBe('true');
    // The tap brought the field up, so the list is not under the keyboard about to open.
    await settle(page);
    const fieldBox = await country.boundingBox();
    expect(fieldBox?.y ?? 844).toBeLessThan(844 / 3);
    await expectOnScreen(page, page.locator('#stage2-country-label'));
    const listbox = page.getByRole('listbox');
    expect(await country.getAttribute('aria-controls')).toBe(await listbox.getAttribute('id'));
    expect(await listbox.getByRole('option').count()).toBeGreaterThan(200);
    expect(await audit(page, 'country list open')).toEqual([]);

    // Nothing matches: said so, and no option is offered.
    await country.pressSequentially('xyz');
    await page.getByText(es('fields.countryNoMatch', 'stage2'), { exact: true }).waitFor();
    expect(await listbox.getByRole('option').count()).toBe(0);
    expect(await audit(page, 'no country matches')).toEqual([]);

    // "esp" finds España in Spanish, accents and case aside; the English name finds it too.
    await typeAndPick(country, 'esp', 'España');
    await typeAndPick(country, 'SPAIN', 'España');
    await typeAndPick(country, 'mexi', 'México');
    expect(await country.inputValue()).toBe('México');

    await page.getByRole('spinbutton', { name: es('fields.age', 'stage2'), exact: true }).fill('26');
    await page.getByRole('button', { name: es('actions.next', 'stage2') }).tap();

    // Step 2: the question, its heading and first answer, is on screen without scrolling; the heading has focus.
    const heading = page.getByRole('heading', { name: es('steps.compensation.title', 'stage2') });
    await heading.waitFor();
    await page.waitForFunction(() => document.activeElement?.id === 'stage2-step-title');
    // The first question whole: its label and every answer it offers.
    const firstQuestion = page.locator('[data-field="compensationType"]');
    await settle(page);
    await expectOnScreen(page, heading);
    await expectOnScreen(page, firstQuestion);
    // The question is what she sees first, not the page's title: its heading sits in the upper half.
    const headingBox = await heading.boundingBox();
    expect((headingBox?.y ?? 844) + (headingBox?.height ?? 0)).toBeLessThanOrEqual(844 / 2);
    // The header folded to a line: no welcome paragraph on later steps.
    expect(await page.getByText(es('intro', 'stage2'), { exact: true }).count()).toBe(0);
    await page.getByRole('radio', { name: es('compensationTypes.negotiable', 'stage2'), exact: true }).tap();

    await page.getByRole('button', { name: es('actions.next', 'stage2') }).tap();
    const contentHeading = page.getByRole('heading', { name: es('steps.content.title', 'stage2') });
    await contentHeading.waitFor();
    await settle(page);
    await expectOnScreen(page, contentHeading);
    await expectOnScreen(page, page.locator('[data-field="isVerifiedOnlyFans"]'));

    await page.getByRole('button', { name: es('actions.next', 'stage2') }).tap();
    await page.getByLabel(es('fields.agencyPitch', 'stage2')).fill('Publico a diario y respondo rápido a mis fans.');
    await page.getByRole('button', { name: es('actions.submit', 'stage2') }).tap();
    await waitForSubmitted(page, page.getByRole('heading', { name: es('success.title', 'stage2') }));
    await context.close();

    const detail = (await (await adminApi.fetch(`/api/admin/creators/${creatorId}`)).json()) as CreatorDetail;
    // The stored value is the spec's English name, as before.
    expect(detail.stage2Data?.country).toBe('Mexico');

    // Opened again: when it was sent, in Spanish, and that the answers may still change.
    const again = await openPhone();
    await again.page.goto(link);
    const sentOn = new Intl.DateTimeFormat('es', { dateStyle: 'long', timeZone: TIME_ZONE }).format(new Date());
    await again.page
      .getByRole('heading', { name: es('sent.title', 'stage2').replace('{{date}}', sentOn), exact: true })
      .waitFor();
    await again.page.getByText(es('sent.description', 'stage2'), { exact: true }).waitFor();
    const prefilled = again.page.getByRole('combobox', { name: es('fields.country', 'stage2'), exact: true });
    expect(await prefilled.inputValue()).toBe('México');
    expect(await audit(again.page, 'stage 2 sent before')).toEqual([]);
    await again.context.close();
  });

  it('a refused load says in her language how many minutes to wait', async () => {
    const { creatorId, link } = await creatorWithLink('Valeria Gómez', 'valeria.gomez@example.com');
    // Someone on the same network tried wrong links until the network's attempts were used up.
    let refused: Response | undefined;
    for (let attempt = 0; attempt < 60 && !refused; attempt++) {
      const reply = await fetch(`${server.baseUrl}/api/stage2/${creatorId}?token=not-the-token-${attempt}`);
      if (reply.status === 429) refused = reply;
    }
    expect(refused?.headers.get('retry-after')).toMatch(/^\d+$/);
    const minutes = Math.ceil(Number(refused?.headers.get('retry-after')) / 60);

    const { context, page } = await openPhone();
    await page.goto(link);
    await page.getByText(es('toast.loadFailed', 'stage2'), { exact: true }).first().waitFor();
    const wait = es('stage2.tooManyAttemptsRetryIn_other', 'messages').replace('{{count}}', String(minutes));
    await page.getByText(wait, { exact: true }).waitFor();
    expect(wait).toMatch(/dentro de \d+ minutos/);
    await context.close();
  });
});
