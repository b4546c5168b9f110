import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unzip } from '#tests/setup/unzip.ts';
import { audit, looksBroken } from './support/axe.ts';
import { launchBrowser, newPage } from './support/browser.ts';
import { CAPTCHA_FIELD, solvedCaptcha } from './support/captcha.ts';
import { type AdminSession, createRecruiter, jpegBlob, sendStage2Link, signInAdmin } from './support/seed.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { textsOf } from './support/texts.ts';

/**
 * Her own page (decision 047), opened from the address a real application answered: her timeline in words,
 * what is asked of her, her data downloaded through the browser, her withdrawal and her erasure.
 */

let server: RunningServer;
let browser: Browser;
let adminApi: AdminSession;
let recruiterName: string;

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const en = textsOf('en');
const es = textsOf('es');
const t = (key: string) => en(key, 'me');

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ env: { SUBMISSIONS_PER_IP_PER_HOUR: '1000' } }),
    launchBrowser(),
  ]);
  adminApi = await signInAdmin(server);
  recruiterName = (await createRecruiter(adminApi, 'Page Scout')).name;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

let applicants = 0;

/** A real application with a selfie (product §7 POST /api/submissions); answers its id and her page's address. */
async function applyFor(name: string): Promise<{ creatorId: string; pageUrl: string }> {
  applicants += 1;
  const form = new FormData();
  const fields = {
    name,
    language: 'Spanish',
    gender: 'Female',
    contactMethod: 'Email',
    contactInfo: `page.${applicants}@example.com`,
    hasOnlyFans: 'yes',
    averageMonthlyRange: '$1,000–$2,500',
    agencyGoals: 'Más suscriptores y ayuda con los mensajes',
    recruiter: recruiterName,
    consent: 'yes',
  };
  // First, as the page sends it: the server checks the proof of work before it writes any file.
  form.append(CAPTCHA_FIELD, await solvedCaptcha(server.baseUrl));
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  const selfie = await jpegBlob({ width: 480, height: 640, background: { r: 200, g: 160, b: 150 } });
  form.append('confirmationPhoto', selfie, 'selfie.jpg');
  const response = await fetch(`${server.baseUrl}/api/submissions`, {
    method: 'POST',
    headers: { origin: server.baseUrl },
    body: form,
  });
  expect(response.status).toBe(201);
  return (await response.json()) as { creatorId: string; pageUrl: string };
}

const step = (page: Page, key: string) => page.getByRole('listitem').filter({ hasText: t(`timeline.${key}.title`) });

describe('her own page', () => {
  it('opens from a real submission on a phone: timeline, what is asked, download, withdraw', async () => {
    const { creatorId, pageUrl } = await applyFor('Camila Torres');
    expect(pageUrl).toMatch(new RegExp(`^/me/${creatorId}\\?token=`));
    const { context, page } = await newPage(browser, { viewport: PHONE, acceptDownloads: true });
    try {
      const opened = await page.goto(`${server.baseUrl}${pageUrl}`);
      // The token in the address never leaves in a Referer.
      expect(opened?.headers()['referrer-policy']).toBe('no-referrer');
      expect(opened?.status()).toBe(200);
      await page.getByRole('heading', { name: t('timeline.heading') }).waitFor();
      await page.getByText(en('greeting', 'me').replace('{{name}}', 'Camila Torres')).waitFor();
      await page.getByText(creatorId, { exact: true }).waitFor();
      // In words, never a status code.
      await step(page, 'applied').getByText(t('timeline.applied.current')).waitFor();
      expect(await step(page, 'applied').getAttribute('aria-current')).toBe('step');
      await step(page, 'matched').getByText(t('timeline.matched.upcoming')).waitFor();
      expect(await page.getByText('pending', { exact: true }).count()).toBe(0);
      await page.getByText(t('asked.nothing')).waitFor();
      expect([...(await audit(page, 'own page, phone')), ...(await looksBroken(page, 'own page, phone'))]).toEqual([]);

      // Staff send stage 2: her page asks for it, naming the channel it went by.
      await sendStage2Link(adminApi, creatorId);
      await page.reload();
      await page.getByText(t('asked.stage2').replace('{{channel}}', t('asked.channel.Email'))).waitFor();
      await step(page, 'stage2').getByText(t('timeline.stage2.current')).waitFor();

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: t('actions.download.label') }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`${creatorId}-data.zip`);
      const chunks: Buffer[] = [];
      for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
      const entries = await unzip(Buffer.concat(chunks));
      expect(JSON.parse(entries.get('creator.json')?.toString('utf8') ?? '{}').creator.name).toBe('Camila Torres');
      expect(entries.has('files/verification-photo.jpg')).toBe(true);

      // Withdrawing asks first, since she cannot take it back.
      await page.getByRole('button', { name: t('actions.withdraw.label') }).click();
      const dialog = page.getByRole('alertdialog', { name: t('actions.withdraw.title') });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: t('actions.withdraw.confirm'), exact: true }).click();
      await page.getByText(t('timeline.outcome.withdrawn')).waitFor();
      await page.getByText(t('asked.ended')).waitFor();
      expect(await audit(page, 'own page, withdrawn')).toEqual([]);
      expect(await page.getByRole('button', { name: t('actions.withdraw.label') }).count()).toBe(0);
      const detail = await (await adminApi.fetch(`/api/admin/creators/${creatorId}`)).json();
      expect(detail.creator.status).toBe('cancelled');
    } finally {
      await context.close();
    }
  });

  it('erases her data on a desktop once she types her Creator ID, in her language', async () => {
    const { creatorId, pageUrl } = await applyFor('Lucía Méndez');
    const { context, page } = await newPage(browser, { viewport: DESKTOP, locale: 'es-ES' });
    try {
      await page.goto(`${server.baseUrl}${pageUrl}`);
      await page.getByRole('heading', { name: es('timeline.heading', 'me') }).waitFor();
      expect([...(await audit(page, 'own page, desktop')), ...(await looksBroken(page, 'own page, desktop'))]).toEqual(
        [],
      );

      await page.getByRole('button', { name: es('actions.erase.label', 'me') }).click();
      const dialog = page.getByRole('alertdialog', { name: es('actions.erase.title', 'me') });
      const confirm = dialog.getByRole('button', { name: es('actions.erase.confirm', 'me') });
      expect(await confirm.isDisabled()).toBe(true);
      await dialog.getByRole('textbox').fill(creatorId.toLowerCase());
      expect(await confirm.isDisabled()).toBe(false);
      expect(await audit(page, 'own page, erase dialog')).toEqual([]);
      await confirm.click();
      await page.getByRole('heading', { name: es('erased.title', 'me') }).waitFor();
      expect((await adminApi.fetch(`/api/admin/creators/${creatorId}`)).status).toBe(404);

      // The same address is now one more dead link.
      await page.goto(`${server.baseUrl}${pageUrl}`);
      await page.getByRole('heading', { name: es('notice.dead.title', 'me') }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('shows one clear page for a link that does not work', async () => {
    const { creatorId } = await applyFor('Sofía Ruiz');
    const { context, page } = await newPage(browser, { viewport: PHONE });
    try {
      for (const address of [`/me/${creatorId}?token=not-her-token`, `/me/${creatorId}`, '/me/RC-ZZZZZZZZ?token=x']) {
        await page.goto(`${server.baseUrl}${address}`);
        await page.getByRole('heading', { name: t('notice.dead.title') }).waitFor();
      }
      expect(await audit(page, 'own page, dead link')).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
