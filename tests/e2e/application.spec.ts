import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { filePart, multipartBody } from '../setup/multipart.ts';
import { rawUpload } from '../setup/raw-upload.ts';
import { launchBrowser, newPage, pickOption, waitForHydration, waitForSubmitted } from './support/browser.ts';
import { CAPTCHA_FIELD, solvedCaptcha } from './support/captcha.ts';
import { overflowProblems } from './support/overflow.ts';
import { type AdminSession, createRecruiter, jpegFile, signInAdmin } from './support/seed.ts';
import { type RunningServer, startServer } from './support/server.ts';

let server: RunningServer;
let browser: Browser;
let photoDir: string;
let photoPath: string;
let adminApi: AdminSession;
let recruiter: { id: string; name: string };

const DRAFT_KEY = 'rollick.application-draft';

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  adminApi = await signInAdmin(server);
  expect(adminApi.cookie).toMatch(/^rollick_session=/);
  recruiter = await createRecruiter(adminApi, 'Maria Lopez');

  photoDir = await mkdtemp(path.join(tmpdir(), 'rollick-photo-'));
  photoPath = await jpegFile(path.join(photoDir, 'selfie.jpg'), {
    width: 320,
    height: 400,
    background: { r: 214, g: 170, b: 140 },
    quality: 85,
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (photoDir) await rm(photoDir, { recursive: true, force: true });
});

/** Opens a Radix select by its label and picks an option, as a user would. */
async function choose(page: Page, label: string | RegExp, option: string | RegExp) {
  await pickOption(page.getByRole('combobox', { name: label }), option);
}

async function openForm(page: Page, url = server.baseUrl) {
  await page.goto(url);
  await page.getByRole('heading', { level: 1 }).waitFor();
  // The form's code loads as the visitor heads for it; step 1's name field shows it is in.
  await waitForHydration(page);
  await page.locator('#apply').scrollIntoViewIfNeeded();
  await page.locator('#application-name').waitFor();
}

describe('application form: completing it', () => {
  it('submits in English with a photo, shows the success screen and starts over at step 1', async () => {
    const { context, page } = await newPage(browser);
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    await openForm(page);
    await page.getByRole('link', { name: 'Apply Now' }).first().click();

    await page.getByText('Step 1 of 5').waitFor();
    await page.getByRole('heading', { name: 'Basic Information' }).waitFor();
    await page.getByLabel('Full Name').fill('Ana Lima');
    await choose(page, 'Preferred Language', 'Portuguese');
    await choose(page, 'Gender', 'Female');
    await page.getByRole('button', { name: 'Next' }).click();

    await page.getByText('Step 2 of 5').waitFor();
    await page.getByRole('heading', { name: 'Contact Details' }).waitFor();
    expect(await page.getByLabel('Email Address').count()).toBe(0);
    await choose(page, 'Preferred Contact Method', 'Email');
    const email = page.getByLabel('Email Address');
    expect(await email.getAttribute('type')).toBe('email');
    await email.fill('ana.lima@example.com');
    await page.getByRole('button', { name: 'Next' }).click();

    await page.getByRole('heading', { name: 'Experience and Goals' }).waitFor();
    await page.getByRole('radio', { name: 'No' }).click();
    await page.getByLabel('Age', { exact: true }).fill('24');
    await page.getByLabel('What are you looking for in an agency?').fill('Help with marketing and more free time.');
    await page.getByRole('button', { name: 'Next' }).click();

    await page.getByRole('heading', { name: 'Additional Details' }).waitFor();
    await page.getByLabel('Instagram').fill('@ana.lima');
    await page.getByRole('button', { name: 'Next' }).click();

    await page.getByText('Step 5 of 5').waitFor();
    await choose(page, 'Recruiter', recruiter.name);
    const photo = page.getByLabel('Verification Photo');
    expect(await photo.getAttribute('accept')).toBe('image/*');
    await photo.setInputFiles(photoPath);
    await page.getByRole('img', { name: 'Preview of your photo' }).waitFor();
    // Consent to the privacy notice (docs/decisions/048): its link opens the notice in her language, in a new tab.
    const notice = page.getByRole('link', { name: /privacy notice/ });
    expect(await notice.getAttribute('href')).toBe('/privacy?lang=en');
    expect(await notice.getAttribute('target')).toBe('_blank');
    await page.getByRole('checkbox', { name: /I have read and agree to the privacy notice/ }).click();
    await page.getByRole('button', { name: 'Submit Application' }).click();

    await waitForSubmitted(page, page.getByRole('heading', { name: 'Thank you for applying!' }));
    await page.getByText('A team member will contact you within 24-48 hours.', { exact: true }).waitFor();
    await page.getByText('Application Submitted!', { exact: true }).waitFor();
    await page
      .getByText('Thank you for applying! A team member will contact you within 24-48 hours.', { exact: true })
      .waitFor();
    expect(await page.evaluate((key) => localStorage.getItem(key), DRAFT_KEY)).toBeNull();

    // The application arrived: the admin API lists it, with the normalised answers and a stored photo.
    const creators = (await (await adminApi.fetch('/api/admin/creators')).json()) as Record<string, unknown>[];
    const stored = creators.find((creator) => creator.name === 'Ana Lima');
    expect(stored).toMatchObject({ contactMethod: 'Email', contactInfo: 'ana.lima@example.com', status: 'pending' });
    expect(stored?.consentAt).toEqual(expect.any(String));
    expect(stored?.privacyNoticeVersion).toMatch(/^[0-9a-f]{12}$/);

    // A real ending: her reference, what happens next on the channel she chose, and no "start" intro above it.
    const reference = page.getByTestId('application-reference');
    expect(await reference.textContent()).toBe(stored?.creatorId);
    const next = page.getByRole('region', { name: 'What happens next' });
    await next.getByText('contacts you by Email within 24-48 hours', { exact: false }).waitFor();
    await next.getByText('ana.lima@example.com', { exact: true }).waitFor();
    const intro = page.getByRole('heading', { name: 'Start Your Application' });
    expect(await intro.evaluate((heading) => heading.getBoundingClientRect().width)).toBeLessThanOrEqual(1);
    expect(await page.getByText('Five short steps', { exact: false }).count()).toBe(0);
    const ownPage = page.getByRole('link', { name: 'Open your application page' });
    expect(await ownPage.getAttribute('href')).toMatch(
      new RegExp(`^/me/${stored?.creatorId}\\?token=[A-Za-z0-9_-]{20,}$`),
    );
    const startOver = page.getByRole('button', { name: 'Submit New Application' });
    expect(await startOver.getAttribute('data-variant')).toBe('outline');

    await startOver.click();
    await page.getByText('Step 1 of 5').waitFor();
    await page.getByRole('heading', { name: 'Start Your Application' }).waitFor();
    expect(await page.getByLabel('Full Name').inputValue()).toBe('');
    await page.waitForFunction(() => window.scrollY === 0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('submits in Spanish, with the account branch and a Telegram contact', async () => {
    const { context, page } = await newPage(browser, { locale: 'es-ES' });
    await openForm(page);
    await page.getByRole('link', { name: 'Postúlate ahora' }).first().click();

    await page.getByText('Paso 1 de 5').waitFor();
    await page.getByLabel('Nombre completo').fill('Lucía Fernández');
    await choose(page, 'Idioma preferido', 'Español');
    await choose(page, 'Género', 'Mujer');
    await page.getByRole('button', { name: 'Siguiente' }).click();

    await choose(page, 'Método de contacto preferido', 'Telegram');
    const telegram = page.getByLabel('Usuario de Telegram');
    expect(await telegram.getAttribute('placeholder')).toBe('@usuario');
    await telegram.fill('lucia_fdz');
    await page.getByRole('button', { name: 'Siguiente' }).click();

    await page.getByRole('radio', { name: 'Sí' }).click();
    expect(await page.getByLabel('Edad', { exact: true }).count()).toBe(0);
    await choose(page, 'Ingresos mensuales promedio', /1000.*2500/);
    await page.getByLabel('¿Qué buscas en una agencia?').fill('Quiero crecer y delegar los chats.');
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await page.getByRole('button', { name: 'Siguiente' }).click();

    await choose(page, 'Reclutador', recruiter.name);
    await page.getByLabel('Foto de verificación').setInputFiles(photoPath);
    await page.getByRole('checkbox', { name: /He leído y acepto el aviso de privacidad/ }).click();
    await page.getByRole('button', { name: 'Enviar solicitud' }).click();

    await page.getByRole('heading', { name: '¡Gracias por postularte!' }).waitFor();
    await page.getByText('¡Solicitud enviada!', { exact: true }).waitFor();
    const creators = (await (await adminApi.fetch('/api/admin/creators')).json()) as Record<string, unknown>[];
    expect(creators.find((creator) => creator.name === 'Lucía Fernández')).toMatchObject({
      contactMethod: 'Telegram',
      contactInfo: '@lucia_fdz',
    });

    await page.getByRole('button', { name: 'Enviar otra solicitud' }).click();
    await page.getByText('Paso 1 de 5').waitFor();
    await context.close();
  });
});

describe('application form: validation', () => {
  it('moves through the steps without checking them, then shows the errors of an empty submit on step 1', async () => {
    const { context, page } = await newPage(browser);
    await openForm(page);
    for (let step = 1; step < 5; step++) await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Step 5 of 5').waitFor();
    await page.getByRole('button', { name: 'Submit Application' }).click();

    await page.getByText('Step 1 of 5').waitFor();
    const error = page.getByText('Name is required', { exact: true });
    await error.waitFor();
    expect(await error.getAttribute('role')).toBe('alert');
    await page.waitForFunction(() => document.activeElement?.id === 'application-name');
    const name = page.getByLabel('Full Name');
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    expect(await name.getAttribute('aria-describedby')).toContain(await error.getAttribute('id'));
    await page.getByText('Language is required', { exact: true }).waitFor();
    await page.getByText('Gender is required', { exact: true }).waitFor();

    // Fixing step 1 and submitting again jumps to the next step with a problem.
    await name.fill('Ana Lima');
    expect(await page.getByText('Name is required', { exact: true }).count()).toBe(0);
    await choose(page, 'Preferred Language', 'English');
    await choose(page, 'Gender', 'Female');
    for (let step = 1; step < 5; step++) await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await page.getByText('Step 2 of 5').waitFor();
    await page.getByText('Contact method is required', { exact: true }).waitFor();
    await page.waitForFunction(() => document.activeElement?.id === 'application-contactMethod');

    // The contact field follows the method, and is checked against it.
    await choose(page, 'Preferred Contact Method', 'WhatsApp');
    const whatsapp = page.getByLabel('WhatsApp Number');
    expect(await whatsapp.getAttribute('type')).toBe('tel');
    expect(await whatsapp.getAttribute('placeholder')).toBe('+1234567890');
    await whatsapp.fill('12');
    await page.getByText('Please enter a valid phone number, like +1234567890').waitFor();
    await context.close();
  });

  it('marks every step that needs fixing after a failed submit, and a fixed step loses its mark as she types', async () => {
    const { context, page } = await newPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true });
    await openForm(page);
    // Step 1 half done; steps 2 and 3 untouched; step 4 is optional; step 5 without recruiter or photo.
    await page.getByLabel('Full Name').fill('Camila Rocha');
    await choose(page, 'Preferred Language', 'Portuguese');
    for (let step = 1; step < 3; step++) await page.getByRole('button', { name: 'Next' }).click();
    for (let step = 3; step < 5; step++) await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Submit Application' }).click();

    const map = page.getByRole('navigation', { name: 'Steps that need fixing' });
    await map.waitFor();
    await map
      .getByText('4 steps need fixing: Basic Information, Contact Details, Experience and Goals, Final Details')
      .waitFor();
    const cell = (n: number, title: string, state: string) =>
      map.getByRole('button', { name: `Step ${n}: ${title}, ${state}` });
    await cell(1, 'Basic Information', 'needs fixing').waitFor();
    await cell(2, 'Contact Details', 'needs fixing').waitFor();
    await cell(3, 'Experience and Goals', 'needs fixing').waitFor();
    await cell(4, 'Additional Details', 'complete').waitFor();
    await cell(5, 'Final Details', 'needs fixing').waitFor();
    expect(await cell(1, 'Basic Information', 'needs fixing').getAttribute('aria-current')).toBe('step');

    // Step 1's only problem is fixed by choosing: its mark goes at once, without another submit.
    await page.getByText('Gender is required', { exact: true }).waitFor();
    await choose(page, 'Gender', 'Female');
    await cell(1, 'Basic Information', 'complete').waitFor();
    await map.getByText('3 steps need fixing: Contact Details, Experience and Goals, Final Details').waitFor();

    // A marked step is one tap away, its message already shown and its field focused; typing clears it.
    await cell(3, 'Experience and Goals', 'needs fixing').click();
    await page.getByText('Step 3 of 5').waitFor();
    const goalsMessage = page.getByText("Please tell us what you're looking for", { exact: true });
    await goalsMessage.waitFor();
    await page.getByLabel('What are you looking for in an agency?').fill('Someone to handle chatting and promotion.');
    expect(await goalsMessage.count()).toBe(0);

    // Next never blocks, and the next step's messages are there on arrival.
    await page.getByRole('button', { name: 'Previous' }).click();
    await page.getByText('Contact method is required', { exact: true }).waitFor();
    expect(await overflowProblems(page, 'error map, phone')).toEqual([]);
    await context.close();
  });

  it('checks the photo as soon as it is chosen, and lets the applicant replace or remove it', async () => {
    const { context, page } = await newPage(browser);
    await openForm(page);
    for (let step = 1; step < 5; step++) await page.getByRole('button', { name: 'Next' }).click();
    const photo = page.getByLabel('Verification Photo');

    await photo.setInputFiles({ name: 'huge.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(5_000_001) });
    await page.getByText('Photo must be less than 5MB', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Remove' }).click();
    expect(await page.getByText('Photo must be less than 5MB').count()).toBe(0);

    await photo.setInputFiles({ name: 'anim.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await page.getByText('Only JPEG, JPG and PNG files are accepted', { exact: true }).waitFor();
    await photo.setInputFiles(photoPath);
    await page.getByRole('img', { name: 'Preview of your photo' }).waitFor();
    expect(await page.getByText('Only JPEG, JPG and PNG files are accepted').count()).toBe(0);
    await page.getByText('selfie.jpg').waitFor();
    await page.getByRole('button', { name: 'Replace' }).waitFor();
    await context.close();
  });

  it('maps a refusal from the server onto its field and step (a recruiter removed meanwhile)', async () => {
    const leaving = await createRecruiter(adminApi, 'Leaving Recruiter');
    const { context, page } = await newPage(browser);
    await openForm(page, `${server.baseUrl}/?ref=${leaving.id}`);
    await fillValidApplication(page);
    await page.getByRole('combobox', { name: 'Recruiter' }).filter({ hasText: 'Leaving Recruiter' }).waitFor();
    expect((await adminApi.fetch(`/api/admin/recruiters/${leaving.id}`, { method: 'DELETE' })).status).toBe(200);

    await page.getByRole('button', { name: 'Submit Application' }).click();
    await page.getByText('Submission Failed', { exact: true }).waitFor();
    await page.getByRole('alert').filter({ hasText: 'Please select a recruiter' }).waitFor();
    await page.waitForFunction(() => document.activeElement?.id === 'application-recruiter');
    await context.close();
  });
});

/** Steps 1–4 with valid answers, leaving the applicant on step 5. */
async function fillValidApplication(page: Page) {
  await page.getByLabel('Full Name').fill('Test Applicant');
  await choose(page, 'Preferred Language', 'English');
  await choose(page, 'Gender', 'Prefer Not to Say');
  await page.getByRole('button', { name: 'Next' }).click();
  await choose(page, 'Preferred Contact Method', 'SMS/Phone');
  await page.getByLabel('Phone Number').fill('+1 (555) 123-4567');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('What are you looking for in an agency?').fill('Growth');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByText('Step 5 of 5').waitFor();
  await agreeToPrivacyNotice(page);
}

/** Ticks step 5's consent box, whatever the interface language; a reload unticks it (it is never in the draft). */
async function agreeToPrivacyNotice(page: Page) {
  const box = page.locator('#application-consent');
  await box.click();
  await page.waitForFunction(
    () => document.querySelector('#application-consent')?.getAttribute('aria-checked') === 'true',
  );
}

describe('application form: submitting', () => {
  it('locks the form while sending, says Submitting..., and reports a network failure', async () => {
    const { context, page } = await newPage(browser);
    await openForm(page);
    await fillValidApplication(page);
    await choose(page, 'Recruiter', recruiter.name);
    await page.getByLabel('Verification Photo').setInputFiles(photoPath);

    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let requests = 0;
    await page.route('**/api/submissions', async (route) => {
      requests += 1;
      await held;
      await route.abort('internetdisconnected');
    });
    await page.getByRole('button', { name: 'Submit Application' }).click();
    const submitting = page.getByRole('button', { name: 'Submitting...' });
    await submitting.waitFor();
    expect(await submitting.isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    expect(await page.getByRole('combobox', { name: 'Recruiter' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Replace' }).isDisabled()).toBe(true);
    await page.getByRole('progressbar', { name: 'Uploading photo…' }).waitFor();
    await submitting.click({ force: true });
    release();

    await page.getByText('Network Error', { exact: true }).waitFor();
    await page
      .getByText('Unable to submit your application. Please check your connection and try again.', { exact: true })
      .waitFor();
    await page.getByRole('button', { name: 'Submit Application' }).waitFor();
    expect(requests).toBe(1);
    await context.close();
  });

  it('shows the rate-limit message of a 429 in the interface language, with the minutes to wait when told', async () => {
    const { context, page } = await newPage(browser);
    await openForm(page);
    await fillValidApplication(page);
    await choose(page, 'Recruiter', recruiter.name);
    await page.waitForFunction((key) => localStorage.getItem(key)?.includes('"step":5'), DRAFT_KEY);
    // The applicant switches to German; the draft brings them back to step 5 with their answers.
    await page.evaluate(() => localStorage.setItem('rollick.lang', 'de'));
    await page.reload();
    await page.getByText('Schritt 5 von 5').waitFor();
    await agreeToPrivacyNotice(page);
    await page.route('**/api/submissions', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Too many applications from this network.', code: 'RATE_LIMITED' }),
      }),
    );
    await page.getByRole('button', { name: 'Bewerbung absenden' }).click();
    await page.getByText('Senden fehlgeschlagen', { exact: true }).waitFor();
    await page
      .getByText('Zu viele Bewerbungen aus diesem Netzwerk. Bitte versuche es später noch einmal.', { exact: true })
      .waitFor();

    // The server says when (Retry-After, as every 429 of ours does): the toast names the minutes.
    await page.unroute('**/api/submissions');
    await page.route('**/api/submissions', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        headers: { 'Retry-After': '1475' },
        body: JSON.stringify({
          message: 'Too many applications from this network. Please try again later.',
          code: 'RATE_LIMITED',
          messageKey: 'application.tooMany',
        }),
      }),
    );
    await page.getByRole('button', { name: 'Bewerbung absenden' }).click();
    await page
      .getByText('Zu viele Bewerbungen aus diesem Netzwerk. Bitte versuche es in 25 Minuten noch einmal.', {
        exact: true,
      })
      .waitFor();
    await page.getByText('Senden fehlgeschlagen', { exact: true }).first().waitFor();
    await context.close();
  });
  it('says, in the interface language, that another upload from the network is still arriving', async () => {
    // Two slow uploads from this machine's address, still arriving: the address's whole share (real server).
    // Each carries a proof of work of its own, first, as the page sends it: without one it would be refused at once.
    const port = Number(new URL(server.baseUrl).port);
    const slow = await Promise.all(
      [1, 2].map(async () => {
        const body = await multipartBody({
          [CAPTCHA_FIELD]: await solvedCaptcha(server.baseUrl),
          name: 'Slow Upload',
          confirmationPhoto: filePart(Buffer.alloc(500_000, 1)),
        });
        return rawUpload({ port, localAddress: '127.0.0.1', path: '/api/submissions', body, sendFirst: 4_000 });
      }),
    );
    for (const upload of slow) upload.trickle(4_000, 500);
    try {
      const { context, page } = await newPage(browser);
      await openForm(page);
      await fillValidApplication(page);
      await choose(page, 'Recruiter', recruiter.name);
      await page.waitForFunction((key) => localStorage.getItem(key)?.includes('"step":5'), DRAFT_KEY);
      await page.evaluate(() => localStorage.setItem('rollick.lang', 'fr'));
      await page.reload();
      await page.getByText('Étape 5 sur 5').waitFor();
      await agreeToPrivacyNotice(page);
      await page.getByRole('button', { name: 'Envoyer ma candidature' }).click();
      await page
        .getByText(
          'Un autre envoi depuis votre réseau est encore en cours. Attendez qu’il se termine, puis réessayez.',
          {
            exact: true,
          },
        )
        .waitFor();
      expect(slow.map((upload) => upload.isClosed)).toEqual([false, false]);
      await context.close();
    } finally {
      for (const upload of slow) upload.close();
    }
    // Once they have gone, this address may upload again (a refused empty form proves it got through).
    await vi.waitFor(async () => {
      const res = await fetch(`${server.baseUrl}/api/submissions`, { method: 'POST', body: new FormData() });
      expect(res.status).toBe(400);
    });
  });
});

describe('application form: languages, draft and recruiter links', () => {
  it('is German for a German browser, messages included', async () => {
    const { context, page } = await newPage(browser, { locale: 'de-DE' });
    await openForm(page);
    await page.getByText('Schritt 1 von 5').waitFor();
    await page.getByRole('heading', { name: 'Starte deine Bewerbung' }).waitFor();
    await page.getByLabel('Vollständiger Name').waitFor();
    for (let step = 1; step < 5; step++) await page.getByRole('button', { name: 'Weiter' }).click();
    await page.getByRole('button', { name: 'Bewerbung absenden' }).click();
    await page.getByText('Bitte gib deinen Namen an', { exact: true }).waitFor();
    expect(await page.getByText('Name is required').count()).toBe(0);
    await context.close();
  });

  it('keeps the answers and the step through a reload', async () => {
    const { context, page } = await newPage(browser);
    await openForm(page);
    await page.getByLabel('Full Name').fill('Draft Person');
    await choose(page, 'Gender', 'Male');
    await page.getByRole('button', { name: 'Next' }).click();
    await choose(page, 'Preferred Contact Method', 'Telegram');
    await page.getByLabel('Telegram Username').fill('@draft_person');
    await page.waitForFunction((key) => localStorage.getItem(key)?.includes('@draft_person'), DRAFT_KEY);

    await page.reload();
    await page.getByText('Step 2 of 5').waitFor();
    expect(await page.getByLabel('Telegram Username').inputValue()).toBe('@draft_person');
    await page.getByRole('button', { name: 'Previous' }).click();
    expect(await page.getByLabel('Full Name').inputValue()).toBe('Draft Person');
    await page.getByRole('combobox', { name: 'Gender' }).filter({ hasText: 'Male' }).waitFor();
    await context.close();
  });

  it('preselects the recruiter of a /?ref= link and ignores an unknown one', async () => {
    const referred = await newPage(browser);
    await openForm(referred.page, `${server.baseUrl}/?ref=${recruiter.id}`);
    for (let step = 1; step < 5; step++) await referred.page.getByRole('button', { name: 'Next' }).click();
    await referred.page.getByRole('combobox', { name: 'Recruiter' }).filter({ hasText: recruiter.name }).waitFor();
    await referred.context.close();

    const unknown = await newPage(browser);
    await openForm(unknown.page, `${server.baseUrl}/?ref=00000000-0000-0000-0000-000000000000`);
    for (let step = 1; step < 5; step++) await unknown.page.getByRole('button', { name: 'Next' }).click();
    const select = unknown.page.getByRole('combobox', { name: 'Recruiter' });
    await select.filter({ hasText: 'Select your recruiter' }).waitFor();
    await unknown.context.close();
  });
});
