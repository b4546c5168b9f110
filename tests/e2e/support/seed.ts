import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { expect } from 'vitest';
import { CAPTCHA_FIELD, solvedCaptcha } from './captcha.ts';
import { E2E_ADMIN, type RunningServer } from './server.ts';

/** The admin's session, signed in through the API: the test's own calls, for seeding and for checking screens. */
export interface AdminSession {
  baseUrl: string;
  /** The session cookie as the browser would send it (`name=value`). */
  cookie: string;
  fetch(pathname: string, init?: { method?: string; body?: unknown }): Promise<Response>;
}

/** Signs in through POST /api/admin/login (the e2e admin of support/server.ts). */
export async function signInAdmin(server: RunningServer): Promise<AdminSession> {
  const { baseUrl } = server;
  const login = await fetch(`${baseUrl}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify(E2E_ADMIN),
  });
  expect(login.status).toBe(200);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  return {
    baseUrl,
    cookie,
    fetch(pathname, init = {}) {
      // State-changing admin calls must carry our own Origin.
      const headers: Record<string, string> = { origin: baseUrl, cookie };
      if (init.body !== undefined) headers['content-type'] = 'application/json';
      return fetch(`${baseUrl}${pathname}`, {
        method: init.method ?? 'GET',
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
    },
  };
}

/** Signs in through the login page (product §2 /admin), which moves on to the dashboard. */
export async function signInOnPage(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/admin`);
  await page.getByLabel('Username').fill(E2E_ADMIN.username);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(`${baseUrl}/admin/dashboard`);
}

/** A recruiter created through the real admin API, as staff would. */
export async function createRecruiter(
  admin: AdminSession,
  name: string,
  email: string | null = null,
): Promise<{ id: string; name: string }> {
  const response = await admin.fetch('/api/admin/recruiters', { method: 'POST', body: { name, email } });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string; name: string };
}

/**
 * A real application through the public call (product §7 POST /api/submissions); answers its Creator ID. She
 * agrees to the privacy notice, as the form requires, unless the fields say otherwise.
 */
export async function submitApplication(
  server: RunningServer,
  fields: Record<string, string>,
  photo?: { file: Blob; name: string },
): Promise<string> {
  const form = new FormData();
  // First, as the page sends it: the server checks it before it writes any file.
  form.append(CAPTCHA_FIELD, await solvedCaptcha(server.baseUrl));
  for (const [key, value] of Object.entries({ consent: 'yes', ...fields })) form.append(key, value);
  if (photo) form.append('confirmationPhoto', photo.file, photo.name);
  const response = await fetch(`${server.baseUrl}/api/submissions`, {
    method: 'POST',
    headers: { origin: server.baseUrl },
    body: form,
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { creatorId: string }).creatorId;
}

/** The admin's "Send Stage 2" (product §7): the creator's stage-2 link, as an absolute URL. */
export async function sendStage2Link(admin: AdminSession, creatorId: string): Promise<string> {
  const sent = await admin.fetch(`/api/admin/creators/${creatorId}/send-stage2`, { method: 'POST' });
  expect(sent.status).toBe(200);
  const { link } = (await sent.json()) as { link: string };
  return `${admin.baseUrl}${link}`;
}

export interface JpegOptions {
  width: number;
  height: number;
  background: { r: number; g: number; b: number };
  quality?: number;
}

/** A plain-colour JPEG made on the fly. */
function jpeg({ width, height, background, quality }: JpegOptions) {
  return sharp({ create: { width, height, channels: 3, background } }).jpeg(quality === undefined ? {} : { quality });
}

/** A JPEG as a Blob, for a multipart upload. */
export async function jpegBlob(options: JpegOptions): Promise<Blob> {
  return new Blob([new Uint8Array(await jpeg(options).toBuffer())], { type: 'image/jpeg' });
}

/** A JPEG written to `file`, for a file input; answers the path. */
export async function jpegFile(file: string, options: JpegOptions): Promise<string> {
  await jpeg(options).toFile(file);
  return file;
}

/** The creator's stage-2 answers through the public call (product §7 POST /api/stage2/{creatorId}), with images. */
export async function submitStage2(link: string, images: Blob[]): Promise<void> {
  const url = new URL(link);
  const form = new FormData();
  form.append(CAPTCHA_FIELD, await solvedCaptcha(url.origin));
  const answers = {
    country: 'Brazil',
    age: '24',
    englishLevel: '3',
    compensationType: 'revenueShare',
    revenueShare: '40',
    isVerifiedOnlyFans: 'yes',
    onlyFansRevenue: '1500',
    hasExistingContent: 'yes',
    contentType: 'solo',
    agencyPitch: 'I post daily and my fans stay.',
  };
  for (const [key, value] of Object.entries(answers)) form.append(key, value);
  const [screenshot, ...photos] = images;
  if (screenshot) form.append('revenueScreenshotFile', screenshot, 'revenue.jpg');
  for (const [index, photo] of photos.entries()) form.append('imageFiles', photo, `photo-${index}.jpg`);
  const response = await fetch(`${url.origin}/api${url.pathname}${url.search}`, {
    method: 'POST',
    headers: { origin: url.origin },
    body: form,
  });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
}
