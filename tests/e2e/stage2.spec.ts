import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatorDetail } from '#shared/replies/creators.ts';
import { launchBrowser, newPage, pickOption, typeAndPick } from './support/browser.ts';
import {
  type AdminSession,
  createRecruiter,
  jpegFile,
  sendStage2Link,
  signInAdmin,
  signInOnPage,
  submitApplication,
} from './support/seed.ts';
import { type RunningServer, startServer } from './support/server.ts';

let server: RunningServer;
let browser: Browser;
let adminApi: AdminSession;
let recruiterName: string;
let fileDir: string;
let screenshotPath: string;
let imagePaths: string[];

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

/** Small JPEGs, each a different colour so the previews are told apart. */
function colourJpeg(name: string, background: { r: number; g: number; b: number }): Promise<string> {
  return jpegFile(path.join(fileDir, name), { width: 360, height: 480, background });
}

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ env: { SUBMISSIONS_PER_IP_PER_HOUR: '1000' } }),
    launchBrowser(),
  ]);
  adminApi = await signInAdmin(server);
  recruiterName = (await createRecruiter(adminApi, 'Stage Scout')).name;

  fileDir = await mkdtemp(path.join(tmpdir(), 'rollick-stage2-'));
  screenshotPath = await colourJpeg('earnings.jpg', { r: 240, g: 240, b: 245 });
  imagePaths = await Promise.all([
    colourJpeg('one.jpg', { r: 214, g: 120, b: 140 }),
    colourJpeg('two.jpg', { r: 120, g: 150, b: 214 }),
    colourJpeg('three.jpg', { r: 140, g: 200, b: 150 }),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (fileDir) await rm(fileDir, { recursive: true, force: true });
});

let applicants = 0;

/** A real application (product §7 POST /api/submissions), then the admin's "Send Stage 2": the creator's link. */
async function creatorWithLink(name: string): Promise<{ creatorId: string; link: string }> {
  applicants += 1;
  const creatorId = await submitApplication(server, {
    name,
    language: 'English',
    gender: 'Female',
    contactMethod: 'Email',
    contactInfo: `stage2.${applicants}@example.com`,
    hasOnlyFans: 'yes',
    averageMonthlyRange: '$1,000–$2,500',
    agencyGoals: 'Grow and delegate the chats',
    recruiter: recruiterName,
  });
  return { creatorId, link: await sendStage2Link(adminApi, creatorId) };
}

async function detailOf(creatorId: string): Promise<CreatorDetail> {
  return (await (await adminApi.fetch(`/api/admin/creators/${creatorId}`)).json()) as CreatorDetail;
}

/** A fresh browser context: the creator's (or the admin's) own, sharing nothing with the other. */
async function openPage(options: Parameters<typeof newPage>[1] = {}) {
  const { context, page } = await newPage(browser, { viewport: DESKTOP, ...options });
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
  return { context, page, problems };
}

async function choose(page: Page, label: string, option: string) {
  await pickOption(page.getByRole('combobox', { name: label, exact: true }), option);
}

/** The country is typed into: part of its name, then the match. */
async function chooseCountry(page: Page, label: string, typed: string, option: string) {
  await typeAndPick(page.getByRole('combobox', { name: label, exact: true }), typed, option);
}

function toast(page: Page, text: string) {
  return page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true });
}

/** The image is shown and decoded at its stored size (360 px wide, as uploaded). */
async function expectLoaded(page: Page, image: Locator): Promise<void> {
  await image.waitFor();
  const handle = await image.elementHandle();
  await page.waitForFunction((element) => (element as HTMLImageElement | null)?.naturalWidth === 360, handle);
}

function radio(page: Page, group: string, option: string) {
  return page.getByRole('radiogroup', { name: group }).getByRole('radio', { name: option, exact: true });
}

describe('stage 2: the creator completes the form from the admin’s link', () => {
  it('walks the four steps with uploads and the admin sees the answers and images', async () => {
    const { creatorId, link } = await creatorWithLink('Ana Lima');
    const { context, page, problems } = await openPage();
    await page.goto(link);

    await page.getByRole('heading', { level: 1, name: 'Rollick Creator Application: Stage 2' }).waitFor();
    await page.getByText('Welcome, Ana Lima!').waitFor();
    await page.getByText(creatorId, { exact: true }).waitFor();
    expect(await page.title()).toBe('Rollick Creator Application: Stage 2');

    await page.getByText('Step 1 of 4').waitFor();
    await page.getByText('25% complete').waitFor();
    await page.getByRole('heading', { name: 'Basic Information' }).waitFor();
    await chooseCountry(page, 'Country', 'bra', 'Brazil');
    await page.getByRole('spinbutton', { name: 'Age', exact: true }).fill('24');
    await choose(page, 'English Level', '3 – Working Proficiency');
    await page.getByRole('button', { name: 'Next Step' }).click();

    await page.getByText('Step 2 of 4').waitFor();
    await page.getByRole('heading', { name: 'Preferred Compensation' }).waitFor();
    expect(await page.getByLabel('Desired Monthly Salary (USD)').count()).toBe(0);
    await radio(page, 'Compensation Type', 'Revenue Share').click();
    await page.getByLabel('Desired Revenue Share (%)').fill('40');
    await page.getByRole('button', { name: 'Next Step' }).click();

    await page.getByRole('heading', { name: 'OnlyFans & Content' }).waitFor();
    expect(await page.getByLabel('Revenue Screenshot').count()).toBe(0);
    await radio(page, 'Do you have a verified OnlyFans account?', 'Yes').click();
    await page.getByLabel("Last Month's Revenue (USD)").fill('1500');
    await page.getByText('Make sure your username is not visible in it.', { exact: false }).waitFor();
    await page.getByLabel('Revenue Screenshot').setInputFiles(screenshotPath);
    await page.getByRole('img', { name: 'Preview of your revenue screenshot' }).waitFor();
    await radio(page, 'Do you have existing content?', 'Yes').click();
    await page.getByRole('checkbox', { name: 'Solo – Masturbation/Tease' }).click();
    await page.getByRole('checkbox', { name: 'Boy/Girl' }).click();
    await page.getByRole('button', { name: 'Next Step' }).click();

    await page.getByText('Step 4 of 4').waitFor();
    await page.getByRole('heading', { name: 'Your Pitch & Uploads' }).waitFor();
    await page.getByText('Upload 3–6 images without watermarks. JPG, PNG or WebP, up to 10 MB each.').waitFor();
    await page.getByLabel('Why should an agency choose to work with you?').fill('I post daily and my fans stay.');
    await page.getByLabel('Your Photos').setInputFiles(imagePaths);
    await page.getByText('3 of 6 photos').waitFor();
    expect(await page.getByRole('img', { name: /^Photo \d$/ }).count()).toBe(3);
    await page.getByRole('button', { name: 'Submit Application' }).click();

    await page.getByRole('heading', { name: 'Submission Complete!' }).waitFor();
    await page.getByText('Our team will review your information and be in touch soon.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Close Window' }).click();
    // A tab the creator opened themselves cannot be closed by script: the page says so.
    await page.getByText('You can simply close this tab now.', { exact: false }).waitFor();
    expect(problems).toEqual([]);
    await context.close();

    const detail = await detailOf(creatorId);
    expect(detail.creator.status).toBe('stage2_submitted');
    expect(detail.stage2Data).toMatchObject({
      country: 'Brazil',
      age: 24,
      englishLevel: 3,
      compensationType: 'revenueShare',
      revenueShare: 40,
      monthlySalary: null,
      isVerifiedOnlyFans: 'yes',
      onlyFansRevenue: 1500,
      hasExistingContent: true,
      contentType: ['solo', 'boyGirl'],
      agencyPitch: 'I post daily and my fans stay.',
    });
    const { imageUrls, revenueScreenshotUrl } = detail.stage2Data ?? { imageUrls: [], revenueScreenshotUrl: null };
    expect(imageUrls).toHaveLength(3);
    for (const url of [revenueScreenshotUrl ?? '', ...imageUrls]) {
      const file = await adminApi.fetch(url);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('image/jpeg');
      expect((await sharp(Buffer.from(await file.arrayBuffer())).metadata()).width).toBe(360);
    }
    expect(detail.activityLog.at(-1)).toMatchObject({ action: 'Stage 2 submitted', performedBy: creatorId });

    // The admin's details dialog shows the Stage 2 column, and the screenshot and images open in the viewer.
    const admin = await openPage();
    await signInOnPage(admin.page, server.baseUrl);
    await admin.page.goto(`${server.baseUrl}/admin/creators/stage2_submitted`);
    await admin.page
      .getByRole('button', { name: `View Details for ${creatorId}` })
      .first()
      .click();
    const details = admin.page.getByRole('dialog', { name: `Creator Details: ${creatorId}` });
    await details.getByRole('heading', { name: 'Stage 2 Information' }).waitFor();
    await details.getByText('Brazil', { exact: true }).waitFor();
    await details.getByRole('button', { name: 'View Screenshot' }).click();
    const screenshot = admin.page.getByRole('dialog', { name: 'Revenue Screenshot' });
    await expectLoaded(admin.page, screenshot.getByRole('img', { name: 'Revenue Screenshot' }));
    await admin.page.keyboard.press('Escape');
    await details.getByRole('button', { name: 'View Image 2' }).click();
    const viewer = admin.page.getByRole('dialog', { name: 'Image 2' });
    await expectLoaded(admin.page, viewer.getByRole('img', { name: 'Image 2' }));
    await viewer.getByText('2 / 3', { exact: true }).waitFor();
    await viewer.getByRole('button', { name: 'Next image' }).click();
    const next = admin.page.getByRole('dialog', { name: 'Image 3' });
    await next.getByText('3 / 3', { exact: true }).waitFor();
    await expectLoaded(admin.page, next.getByRole('img', { name: 'Image 3' }));
    expect(admin.problems).toEqual([]);
    await admin.context.close();
  });

  it('re-opens prefilled, keeps the earlier images unless removed, and replaces the answers', async () => {
    const { creatorId, link } = await creatorWithLink('Bea Costa');
    const first = await openPage();
    await first.page.goto(link);
    await chooseCountry(first.page, 'Country', 'chi', 'Chile');
    await first.page.getByRole('spinbutton', { name: 'Age', exact: true }).fill('29');
    await first.page.getByRole('button', { name: 'Next Step' }).click();
    await radio(first.page, 'Compensation Type', 'Negotiable').click();
    for (let step = 2; step < 4; step++) await first.page.getByRole('button', { name: 'Next Step' }).click();
    await first.page.getByLabel('Why should an agency choose to work with you?').fill('First pitch');
    await first.page.getByLabel('Your Photos').setInputFiles(imagePaths);
    await first.page.getByRole('button', { name: 'Submit Application' }).click();
    await first.page.getByRole('heading', { name: 'Submission Complete!' }).waitFor();
    await first.context.close();
    const before = (await detailOf(creatorId)).stage2Data?.imageUrls ?? [];
    expect(before).toHaveLength(3);

    const { context, page, problems } = await openPage();
    await page.goto(link);
    await page.getByText('Step 1 of 4').waitFor();
    expect(await page.getByRole('combobox', { name: 'Country', exact: true }).inputValue()).toBe('Chile');
    expect(await page.getByRole('spinbutton', { name: 'Age', exact: true }).inputValue()).toBe('29');
    for (let step = 1; step < 4; step++) await page.getByRole('button', { name: 'Next Step' }).click();
    expect(await page.getByLabel('Why should an agency choose to work with you?').inputValue()).toBe('First pitch');
    // The earlier images load through the link's own file route.
    const earlier = page.getByRole('img', { name: /uploaded earlier/ });
    await earlier.nth(2).waitFor();
    await page.waitForFunction(() =>
      [...document.querySelectorAll('img')].every((image) => image.complete && image.naturalWidth > 0),
    );
    await page.getByRole('button', { name: 'Remove photo 2' }).click();
    await page.getByText('2 of 6 photos').waitFor();
    await page.getByLabel('Why should an agency choose to work with you?').fill('Second pitch');
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await page.getByRole('heading', { name: 'Submission Complete!' }).waitFor();
    expect(problems).toEqual([]);
    await context.close();

    const detail = await detailOf(creatorId);
    expect(detail.stage2Data?.agencyPitch).toBe('Second pitch');
    expect(detail.stage2Data?.imageUrls).toEqual([before[0], before[2]]);
    expect((await adminApi.fetch(before[1] ?? '')).status).toBe(404);
    expect(detail.activityLog.at(-1)?.action).toBe('Stage 2 re-submitted');
  });

  it('checks everything on submit, jumps to the first step with a problem and focuses the field', async () => {
    const { link } = await creatorWithLink('Cara Dias');
    const { context, page } = await openPage({ viewport: PHONE });
    await page.goto(link);
    for (let step = 1; step < 4; step++) await page.getByRole('button', { name: 'Next Step' }).click();
    await page.getByRole('button', { name: 'Submit Application' }).click();

    await page.getByText('Step 1 of 4').waitFor();
    await page.getByText('Please select your country', { exact: true }).waitFor();
    await page.waitForFunction(() => document.activeElement?.id === 'stage2-country');
    await page.getByText('Age is required', { exact: true }).waitFor();

    await chooseCountry(page, 'Country', 'portu', 'Portugal');
    await page.getByRole('spinbutton', { name: 'Age', exact: true }).fill('30');
    await page.getByRole('button', { name: 'Next Step' }).click();
    await page.getByText('Step 2 of 4').waitFor();
    for (let step = 2; step < 4; step++) await page.getByRole('button', { name: 'Next Step' }).click();
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await page.getByText('Step 2 of 4').waitFor();
    await page.getByText('Compensation type is required', { exact: true }).waitFor();
    await context.close();
  });

  it('names countries in the interface language and stores the English name', async () => {
    const { creatorId, link } = await creatorWithLink('Dora Weiss');
    const { context, page } = await openPage({ locale: 'de-DE' });
    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: 'Rollick Creator-Bewerbung: Stufe 2' }).waitFor();
    await page.getByText('Schritt 1 von 4').waitFor();
    await chooseCountry(page, 'Land', 'deut', 'Deutschland');
    await page.getByRole('spinbutton', { name: 'Alter', exact: true }).fill('27');
    await page.getByRole('button', { name: 'Nächster Schritt' }).click();
    await radio(page, 'Art der Vergütung', 'Verhandelbar').click();
    await page.getByRole('button', { name: 'Nächster Schritt' }).click();
    await page.getByRole('button', { name: 'Nächster Schritt' }).click();
    await page.getByLabel('Warum sollte eine Agentur mit dir zusammenarbeiten?').fill('Ich bin zuverlässig.');
    await page.getByRole('button', { name: 'Bewerbung absenden' }).click();
    await page.getByRole('heading', { name: 'Bewerbung abgeschlossen!' }).waitFor();
    await context.close();
    expect((await detailOf(creatorId)).stage2Data).toMatchObject({
      country: 'Germany',
      compensationType: 'negotiable',
    });
  });
});

describe('stage 2: links that do not work', () => {
  it('explains a link without its token and shows the spec’s toast', async () => {
    const { creatorId } = await creatorWithLink('Eva Mota');
    const { context, page } = await openPage();
    await page.goto(`${server.baseUrl}/stage2/${creatorId}`);
    await toast(page, 'Invalid link. Please use the link provided by Rollick.').waitFor();
    await page.getByRole('heading', { name: 'This link is incomplete' }).waitFor();
    await context.close();
  });

  it('says a replaced link is no longer valid and how to get a new one', async () => {
    const { creatorId, link } = await creatorWithLink('Fay Nunes');
    const again = await adminApi.fetch(`/api/admin/creators/${creatorId}/send-stage2`, { method: 'POST' });
    expect(again.status).toBe(200);
    const { context, page } = await openPage({ viewport: PHONE });
    await page.goto(link);
    await page.getByRole('heading', { name: 'This link is no longer valid' }).waitFor();
    await page
      .getByText('Please contact the Rollick team and ask them to send you a new link.', { exact: false })
      .waitFor();
    await toast(page, 'Invalid link').waitFor();
    await context.close();
  });
});
