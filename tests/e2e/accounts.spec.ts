import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCodeAt } from '#server/lib/totp.ts';
import { AuditLog } from './support/axe.ts';
import { launchBrowser, newPage } from './support/browser.ts';
import { type AdminSession, createRecruiter, signInAdmin, signInOnPage, submitApplication } from './support/seed.ts';
import { type RunningServer, startServer } from './support/server.ts';

/**
 * Admin accounts (decision 021) in the browser: enrolling in two-factor sign-in from the account page, signing in with a code,
 * and an owner adding a reviewer, who sees only what a reviewer may do until the owner disables them.
 */

let server: RunningServer;
let browser: Browser;
let owner: AdminSession;

const DESKTOP = { width: 1280, height: 900 };

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  owner = await signInAdmin(server);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

function toast(page: Page, text: string | RegExp) {
  return page.getByRole('region', { name: /Notifications/ }).getByText(text);
}

async function signInAs(page: Page, credentials: { username: string; password: string }) {
  await page.goto(`${server.baseUrl}/admin`);
  await page.getByLabel('Username').fill(credentials.username);
  await page.getByLabel('Password').fill(credentials.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

describe('two-factor sign-in', () => {
  it('is set up from the account page with the QR code’s key, then asked for after the password', async () => {
    const credentials = { username: 'tara-owner', password: 'tara password 123' };
    const created = await owner.fetch('/api/admin/admins', { method: 'POST', body: { ...credentials, role: 'owner' } });
    expect(created.status).toBe(201);

    const { context, page } = await newPage(browser, { viewport: DESKTOP });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await signInAs(page, credentials);
    await page.waitForURL(`${server.baseUrl}/admin/dashboard`);
    await page.getByRole('link', { name: 'Your account' }).click();
    await page.getByRole('heading', { level: 1, name: 'Your account' }).waitFor();

    // The password first: an open session alone does not set it up. A wrong one is said under the field.
    const twoFactor = page.getByRole('region', { name: 'Two-factor sign-in' });
    await twoFactor.getByLabel('Current password').fill('not tara password');
    await twoFactor.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    await twoFactor.getByRole('alert').getByText('Your current password is not correct').waitFor();
    await twoFactor.getByLabel('Current password').fill(credentials.password);
    await twoFactor.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    const qr = page.getByRole('img', { name: 'QR code for your authenticator app' });
    await qr.waitFor();
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replaceAll(' ', '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    await page.getByLabel('Code from the app').fill('000000');
    await page.getByRole('button', { name: 'Turn on' }).click();
    await page.getByRole('alert').getByText('That code is not valid. Please try again.').waitFor();
    await page.getByLabel('Code from the app').fill(totpCodeAt(secret, Date.now()));
    await page.getByRole('button', { name: 'Turn on' }).click();
    const codes = page.getByRole('region', { name: 'Your recovery codes' }).getByRole('listitem');
    await codes.first().waitFor();
    expect(await codes.count()).toBe(10);
    const recoveryCode = (await codes.first().textContent()) ?? '';
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await page.getByText('10 recovery codes left.').waitFor();
    expect(await codes.count()).toBe(0);

    // Signing in again: the password, then the code.
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${server.baseUrl}/admin`);
    await signInAs(page, credentials);
    const code = page.getByLabel('Authentication code');
    await code.waitFor();
    const log = new AuditLog();
    await log.check(page, 'login code step');
    await code.fill('123456');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('alert').getByText('That code is not valid. Please try again.').waitFor();
    await code.fill(totpCodeAt(secret, Date.now() + 30_000));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(`${server.baseUrl}/admin/dashboard`);

    // A recovery code works once, in place of the app's code.
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${server.baseUrl}/admin`);
    await signInAs(page, credentials);
    await code.fill(recoveryCode);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(`${server.baseUrl}/admin/dashboard`);
    await page.goto(`${server.baseUrl}/admin/account`);
    await page.getByText('9 recovery codes left.').waitFor();
    await page.getByRole('cell', { name: 'Recovery code used' }).waitFor();
    await page.getByRole('cell', { name: 'Wrong current password' }).waitFor();
    expect(log.violations).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('an owner managing a reviewer', () => {
  it('adds a reviewer who is not offered an owner’s actions, and disabling them ends their session', async () => {
    await createRecruiter(owner, 'Quinn Scout', null);
    await submitApplication(server, {
      name: 'Pat Pending',
      language: 'English',
      gender: 'Female',
      contactMethod: 'Email',
      contactInfo: 'pat@example.com',
      hasOnlyFans: 'no',
      age: '30',
      agencyGoals: 'A steady agency',
      recruiter: 'Quinn Scout',
    });

    const ownerPage = await newPage(browser, { viewport: DESKTOP });
    await signInOnPage(ownerPage.page, server.baseUrl);
    await ownerPage.page.getByRole('link', { name: 'Admins' }).click();
    await ownerPage.page.getByRole('heading', { level: 1, name: 'Admins' }).waitFor();
    await ownerPage.page.getByRole('button', { name: 'Add admin' }).click();
    const dialog = ownerPage.page.getByRole('dialog', { name: 'Add an admin' });
    await dialog.getByLabel('Username').fill('remy');
    await dialog.getByLabel('Password').fill('remy password 12');
    await dialog.getByRole('radio', { name: 'Reviewer' }).click();
    await dialog.getByRole('button', { name: 'Add admin' }).click();
    await toast(ownerPage.page, 'remy was added').waitFor();
    const row = ownerPage.page
      .getByRole('row')
      .filter({ has: ownerPage.page.getByRole('rowheader', { name: 'remy' }) });
    await row.getByRole('cell', { name: 'Reviewer' }).waitFor();

    const reviewer = await newPage(browser, { viewport: DESKTOP });
    await signInAs(reviewer.page, { username: 'remy', password: 'remy password 12' });
    await reviewer.page.waitForURL(`${server.baseUrl}/admin/dashboard`);
    expect(await reviewer.page.getByRole('link', { name: 'Admins' }).count()).toBe(0);
    await reviewer.page.goto(`${server.baseUrl}/admin/recruiters`);
    await reviewer.page.getByText('Quinn Scout').first().waitFor();
    expect(await reviewer.page.getByRole('button', { name: 'Add Recruiter' }).count()).toBe(0);
    expect(await reviewer.page.getByRole('button', { name: /^Delete/ }).count()).toBe(0);
    await reviewer.page.goto(`${server.baseUrl}/admin/creators/pending`);
    await reviewer.page.getByText('Pat Pending').first().waitFor();
    await reviewer.page
      .getByRole('button', { name: /^Send Stage 2/ })
      .first()
      .waitFor();
    expect(await reviewer.page.getByRole('button', { name: /^Delete/ }).count()).toBe(0);

    await row.getByRole('button', { name: 'Disable: remy' }).click();
    await toast(ownerPage.page, 'remy is disabled and was signed out').waitFor();
    await row.getByRole('cell', { name: 'Disabled' }).waitFor();

    // The reviewer's next call is refused: they are sent to the login page.
    await reviewer.page.getByRole('link', { name: 'Dashboard' }).click();
    await reviewer.page.waitForURL(`${server.baseUrl}/admin`);
    await signInAs(reviewer.page, { username: 'remy', password: 'remy password 12' });
    await toast(reviewer.page, 'Invalid username or password.').waitFor();
    await Promise.all([ownerPage.context.close(), reviewer.context.close()]);
  });
});

describe('the API reference', () => {
  it('is shown to a signed-in admin with every route, under the site’s script policy, and no one else', async () => {
    const { context, page } = await newPage(browser, { viewport: DESKTOP });
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });

    await page.goto(`${server.baseUrl}/api/docs`);
    await page.waitForURL(`${server.baseUrl}/admin`);

    await signInOnPage(page, server.baseUrl);
    await page.goto(`${server.baseUrl}/api/docs`);
    await page.getByRole('heading', { name: /Rollick Agency Network API/ }).waitFor();
    // Grouped by tag, with the public form's calls and the admin's among them.
    await page.getByText('/api/submissions', { exact: true }).first().waitFor();
    await page.getByText('/api/admin/creators/{creatorId}/status', { exact: true }).first().waitFor();
    await page.getByText('/api/admin/creators/{creatorId}/status', { exact: true }).first().click();
    await page.getByText('ApiError').first().waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});
