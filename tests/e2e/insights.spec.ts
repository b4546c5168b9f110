import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Insights } from '#shared/replies/insights.ts';
import { AUDITED_SCREENS, audit } from './support/axe.ts';
import { EVENTUALLY, launchBrowser, newPage } from './support/browser.ts';
import { overflowProblems } from './support/overflow.ts';
import { type AdminSession, createRecruiter, signInAdmin, signInOnPage, submitApplication } from './support/seed.ts';
import { type RunningServer, startServer } from './support/server.ts';

let server: RunningServer;
let browser: Browser;
let adminApi: AdminSession;
let recruiter: { id: string; name: string };

const DESKTOP = { width: 1280, height: 900 };

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  adminApi = await signInAdmin(server);
  recruiter = await createRecruiter(adminApi, 'Noor Haddad');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function insights(): Promise<Insights> {
  const response = await adminApi.fetch('/api/admin/insights');
  expect(response.status).toBe(200);
  return (await response.json()) as Insights;
}

function rowOf(page: Page, table: string, name: string) {
  return page
    .getByRole('table', { name: table })
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name, exact: true }) });
}

/** A page in the browser's language signed in with the API's session: the browser's language picks the interface's. */
async function signedInPage(screen: { locale: string; width: number; height: number }) {
  const { context, page } = await newPage(browser, {
    viewport: { width: screen.width, height: screen.height },
    locale: screen.locale,
  });
  const [name = '', value = ''] = adminApi.cookie.split('=');
  await context.addCookies([{ name, value, url: server.baseUrl }]);
  return { context, page };
}

/** Opens the first recruiter's link dialog and waits for its QR code. */
async function openLinkDialog(page: Page) {
  await page.goto(`${server.baseUrl}/admin/recruiters`);
  await page.locator('button:has(svg.lucide-qr-code)').filter({ visible: true }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('img').waitFor();
  return dialog;
}

describe('/admin/insights', () => {
  it('counts a visit through a recruiter link and shows real figures, each in a table', async () => {
    // A visitor arrives through the recruiter's link: the landing page reports itself once it has painted.
    const visitor = await newPage(browser, { viewport: DESKTOP });
    await visitor.page.goto(`${server.baseUrl}/?ref=${recruiter.id}`);
    await expect
      .poll(
        async () => (await insights()).funnelByRecruiter.find((row) => row.recruiterId === recruiter.id)?.landed,
        EVENTUALLY,
      )
      .toBe(1);
    await visitor.context.close();

    // Two applications naming the recruiter; one is listed straight away.
    const answers = (n: number) => ({
      name: `Insight Applicant ${n}`,
      language: 'Portuguese',
      gender: 'Female',
      contactMethod: 'Email',
      contactInfo: `insight${n}@example.com`,
      hasOnlyFans: 'no',
      age: '27',
      agencyGoals: 'Find a serious agency',
      recruiter: recruiter.name,
    });
    const first = await submitApplication(server, answers(1));
    await submitApplication(server, answers(2));
    const listed = await adminApi.fetch(`/api/admin/creators/${first}/list-directly`, {
      method: 'PATCH',
      body: { rollickListingUrl: 'https://marketplace.example.com/insight-1' },
    });
    expect(listed.status).toBe(200);

    const { context, page } = await newPage(browser, { viewport: DESKTOP });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await signInOnPage(page, server.baseUrl);
    await page.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: 'Insights' }).click();
    await page.waitForURL(`${server.baseUrl}/admin/insights`);
    await page.getByRole('heading', { level: 1, name: 'Insights' }).waitFor();

    // The funnel: the landing page was seen once, by the visit above.
    await rowOf(page, 'Application form funnel', 'Landing page seen')
      .getByRole('cell', { name: '1', exact: true })
      .waitFor();
    // Visits through the link.
    const link = rowOf(page, 'Visits through recruiter links', recruiter.name);
    expect(await link.getByRole('cell').allInnerTexts()).toEqual([recruiter.name, '1', '0', '0%']);
    // Conversion: two applied, one listed.
    const byRecruiter = rowOf(page, 'Conversion by recruiter', recruiter.name);
    expect(await byRecruiter.getByRole('cell').allInnerTexts()).toEqual([
      recruiter.name,
      '2',
      '1 (50%)',
      '0 (0%)',
      '0 (0%)',
    ]);
    const byLanguage = rowOf(page, 'Conversion by language', 'Portuguese');
    expect(await byLanguage.getByRole('cell').allInnerTexts()).toEqual([
      'Portuguese',
      '2',
      '1 (50%)',
      '0 (0%)',
      '0 (0%)',
    ]);
    // Applications per day: today's two, in the table behind the chart.
    await page.getByText('Show as a table').click();
    const today = new Intl.DateTimeFormat('en-US', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
      new Date(),
    );
    const todayRow = rowOf(page, 'Applications per day', today);
    expect(await todayRow.getByRole('cell').allInnerTexts()).toEqual([today, '2']);
    // Time in status: the listed creator's stay in pending.
    const pending = rowOf(page, 'Median time in each status', 'Pending');
    expect((await pending.getByRole('cell').allInnerTexts())[2]).toBe('1');
    expect(await audit(page, 'insights')).toEqual([]);

    // A range that ends before today has none of it.
    await page.getByLabel('From', { exact: true }).fill('2020-01-01');
    await page.getByLabel('To', { exact: true }).fill('2020-01-31');
    await page.getByRole('button', { name: 'Show' }).click();
    await page.getByText('Applications in this range: 0.').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows each recruiter's application link with a copy button and a QR code, to download as SVG and PNG", async () => {
    const { context, page } = await newPage(browser, { viewport: DESKTOP });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseUrl });
    await signInOnPage(page, server.baseUrl);
    await page.goto(`${server.baseUrl}/admin/recruiters`);
    await page.getByRole('button', { name: `Link & QR for ${recruiter.name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Application link: ${recruiter.name}` });
    const expected = `${server.baseUrl}/?ref=${recruiter.id}`;
    await expect.poll(() => dialog.getByLabel('Personal application link').inputValue(), EVENTUALLY).toBe(expected);
    const qr = dialog.getByRole('img', { name: `QR code of the application link for ${recruiter.name}` });
    await qr.waitFor();
    expect(await qr.evaluate((svg) => svg.tagName.toLowerCase())).toBe('svg');
    expect((await qr.locator('path').getAttribute('d'))?.length).toBeGreaterThan(100);

    await dialog.getByRole('button', { name: 'Copy link' }).click();
    await page
      .getByRole('region', { name: /Notifications/ })
      .getByText('Copied!', { exact: true })
      .waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expected);
    expect(await audit(page, 'recruiter link')).toEqual([]);

    // The code as files to post: the SVG the dialog draws, and a PNG for apps that take no SVG.
    const download = async (name: string) => {
      const [file] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name }).click()]);
      return { name: file.suggestedFilename(), bytes: await readFile(await file.path()) };
    };
    const svg = await download('Download QR code (SVG)');
    expect(svg.name).toBe('application-link-noor-haddad.svg');
    expect(svg.bytes.toString('utf8')).toContain(`d="${await qr.locator('path').getAttribute('d')}"`);
    const png = await download('Download QR code (PNG)');
    expect(png.name).toBe('application-link-noor-haddad.png');
    expect(png.bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    const { data, info } = await sharp(png.bytes).greyscale().raw().toBuffer({ resolveWithObject: true });
    const { modules } = QRCode.create(expected, { errorCorrectionLevel: 'M' });
    // Square, at least 1,024 pixels, whole pixels a module, four modules of white around the symbol.
    expect(info.width).toBe(info.height);
    expect(info.width).toBeGreaterThanOrEqual(1024);
    const cell = info.width / (modules.size + 8);
    expect(Number.isInteger(cell)).toBe(true);
    const darkAt = (x: number, y: number) =>
      (data[Math.floor((y + 0.5) * cell) * info.width + Math.floor((x + 0.5) * cell)] ?? 255) < 128;
    const wrong: string[] = [];
    for (let y = -4; y < modules.size + 4; y++) {
      for (let x = -4; x < modules.size + 4; x++) {
        const inside = x >= 0 && y >= 0 && x < modules.size && y < modules.size;
        if (darkAt(x + 4, y + 4) !== (inside && Boolean(modules.get(x, y)))) wrong.push(`${x},${y}`);
      }
    }
    expect(wrong).toEqual([]);
    await context.close();
  });

  // German's labels are the longest: its laptop screen is where a row of buttons would first run past the dialog.
  it.each([
    ...AUDITED_SCREENS.filter((screen) => screen.language !== 'de'),
    { language: 'de', locale: 'de-DE', width: 1280, height: 800 },
  ])(
    'the link dialog fits at $width px in $language: its link, code and download buttons are not cut off',
    async (screen) => {
      const { language, width } = screen;
      const { context, page } = await signedInPage(screen);
      const dialog = await openLinkDialog(page);
      expect(await overflowProblems(page, `recruiter link ${language} ${width}px`)).toEqual([]);
      // Nothing in the dialog reaches past its edges, which would clip it.
      const outside = await dialog.evaluate((box) => {
        const edge = box.getBoundingClientRect();
        return [...box.querySelectorAll('button, input, [role="img"]')]
          .filter((element) => {
            const rect = element.getBoundingClientRect();
            return rect.left < edge.left - 1 || rect.right > edge.right + 1;
          })
          .map((element) => element.getAttribute('aria-label') ?? element.textContent);
      });
      expect(outside).toEqual([]);
      await context.close();
    },
  );

  it.each(AUDITED_SCREENS.filter((screen) => screen.width < 1000))(
    'reads well on a phone in $language: the figures and the link dialog pass axe',
    async (screen) => {
      const { language, width } = screen;
      const { context, page } = await signedInPage(screen);
      await page.goto(`${server.baseUrl}/admin/insights`);
      await page.locator('#insights-funnel').waitFor();
      await page.locator('details summary').click();
      expect(await audit(page, `insights ${language} ${width}px`)).toEqual([]);
      await openLinkDialog(page);
      expect(await audit(page, `recruiter link ${language} ${width}px`)).toEqual([]);
      await context.close();
    },
  );
});
