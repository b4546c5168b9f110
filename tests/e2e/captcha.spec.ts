import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, pickOption, waitForHydration, waitForSubmitted } from './support/browser.ts';
import { createRecruiter, jpegFile, signInAdmin } from './support/seed.ts';
import { type RunningServer, startServer } from './support/server.ts';

/** The application form's proof of work (docs/decisions/049), in a real browser against the real server. */

let server: RunningServer;
let browser: Browser;
let photoDir: string;
let photoPath: string;
let recruiterName: string;

beforeAll(async () => {
  // The production default: CAPTCHA on.
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  recruiterName = (await createRecruiter(await signInAdmin(server), 'Lucia Ferreira')).name;
  photoDir = await mkdtemp(path.join(tmpdir(), 'rollick-captcha-'));
  photoPath = await jpegFile(path.join(photoDir, 'selfie.jpg'), {
    width: 320,
    height: 400,
    background: { r: 200, g: 160, b: 130 },
    quality: 85,
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (photoDir) await rm(photoDir, { recursive: true, force: true });
});

const choose = (page: Page, label: string, option: string) =>
  pickOption(page.getByRole('combobox', { name: label }), option);

const isChallenge = (request: Request) => new URL(request.url()).pathname === '/api/captcha/challenge';

async function fillApplication(page: Page) {
  await page.getByLabel('Full Name').fill('Lucia Ferreira Santos');
  await choose(page, 'Preferred Language', 'Portuguese');
  await choose(page, 'Gender', 'Female');
  await page.getByRole('button', { name: 'Next' }).click();
  await choose(page, 'Preferred Contact Method', 'Email');
  await page.getByLabel('Email Address').fill('lucia.ferreira@example.com');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('What are you looking for in an agency?').fill('Steady promotion and fair terms');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByText('Step 5 of 5').waitFor();
  await choose(page, 'Recruiter', recruiterName);
  await page.getByLabel('Verification Photo').setInputFiles(photoPath);
  await page.getByRole('checkbox', { name: /I have read and agree to the privacy notice/ }).click();
}

describe('the application form proves it is no bot, unseen', () => {
  it('solves in a worker of this site once she starts on the form, never on the landing alone', async () => {
    const { context, page } = await newPage(browser);
    const requests: Request[] = [];
    const workers: string[] = [];
    page.on('request', (request) => requests.push(request));
    page.on('worker', (worker) => workers.push(worker.url()));
    await page.goto(server.baseUrl);
    await waitForHydration(page);
    await page.locator('#apply').scrollIntoViewIfNeeded();
    await page.locator('#application-name').waitFor();
    // The landing page and the form's code loaded: no proof of work yet.
    expect(requests.filter(isChallenge)).toEqual([]);

    await fillApplication(page);
    expect(requests.filter(isChallenge)).toHaveLength(1);
    expect(workers).toEqual([expect.stringMatching(new RegExp(`^${server.baseUrl}/assets/captcha-worker-`))]);

    // Accepted with its photo: the solution came first, as the server refuses a file before it.
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await waitForSubmitted(page, page.getByRole('heading', { name: 'Thank you for applying!' }));

    // No other site was asked anything, and the proof of work stored nothing in the browser.
    // (The photo's preview is a blob: URL of this site.)
    const elsewhere = requests.map((request) => request.url()).filter((url) => new URL(url).origin !== server.baseUrl);
    expect(elsewhere).toEqual([]);
    // The one cookie is the language the site remembers; the proof of work adds none.
    expect((await context.cookies()).map((cookie) => cookie.name)).toEqual(['rollick_lang']);
    await context.close();
  });

  it('gets a fresh solution and sends once more when the server refuses the first, and she sees only success', async () => {
    const { context, page } = await newPage(browser);
    const challenges: Request[] = [];
    page.on('request', (request) => isChallenge(request) && challenges.push(request));
    let posts = 0;
    let challengesAtRetry = 0;
    await page.route('**/api/submissions', async (route) => {
      posts += 1;
      if (posts > 1) {
        challengesAtRetry = challenges.length;
        return route.continue();
      }
      // As the server answers a solution used before or expired meanwhile.
      return route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({
          code: 'CAPTCHA_FAILED',
          message: 'The anti-spam check failed. Please try again.',
          messageKey: 'captcha.failed',
        }),
      });
    });
    await page.goto(server.baseUrl);
    await waitForHydration(page);
    await page.locator('#apply').scrollIntoViewIfNeeded();
    await page.locator('#application-name').waitFor();
    await fillApplication(page);
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await waitForSubmitted(page, page.getByRole('heading', { name: 'Thank you for applying!' }));
    expect(posts).toBe(2);
    // One solved while she filled the form in, one more for the second try.
    expect(challengesAtRetry).toBe(2);
    await context.close();
  });
});
