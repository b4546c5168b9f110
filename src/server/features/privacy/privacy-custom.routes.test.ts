import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creators } from '#server/db/schema.ts';
import { insertRecruiter } from '#tests/factories.ts';
import { setUpTestApp } from '#tests/setup/test-app.ts';
import { RECRUITER_NAME, submit, validApplication } from '../submissions/submissions.test-support.ts';
import { defaultNotice, loadPrivacyNotice } from './privacy-notice.ts';

/** docs/decisions/048: the operator's own notice, from PRIVACY_DIR, is the one served, agreed to and versioned. */

const privacyDir = mkdtempSync(path.join(tmpdir(), 'rollick-privacy-'));
writeFileSync(
  path.join(privacyDir, 'privacy.en.md'),
  [
    '# How Velvet Lane handles your data',
    'We keep your application for **one year**. Questions: [privacy@velvetlane.example](mailto:privacy@velvetlane.example).',
    '<script>alert("x")</script> [a trap](javascript:alert) [our home page](/)',
  ].join('\n\n'),
);
writeFileSync(
  path.join(privacyDir, 'privacy.es.md'),
  '# Cómo trata Velvet Lane tus datos\n\nGuardamos tu solicitud un año.\n',
);

const t = setUpTestApp({ signedIn: false, config: { brandName: 'Velvet Lane', privacyDir } });
const settings = { brandName: 'Velvet Lane', retentionDays: undefined, isConsentAsked: true };

beforeAll(async () => {
  await insertRecruiter(t.database.db, { name: RECRUITER_NAME, email: 'dana@agency.test' });
});
afterAll(() => rmSync(privacyDir, { recursive: true, force: true }));

describe('a privacy notice of the operator (PRIVACY_DIR)', () => {
  it('is the notice in force, with a version of its own', () => {
    const byDefault = loadPrivacyNotice({ ...settings, dataDir: path.join(privacyDir, 'none'), privacyDir: undefined });
    expect(t.app.privacyNotice.isCustom).toBe(true);
    expect(t.app.privacyNotice.version).toMatch(/^[0-9a-f]{12}$/);
    expect(t.app.privacyNotice.version).not.toBe(byDefault.version);
    expect(byDefault.texts.en.markdown).toBe(defaultNotice('en', settings));
  });

  it('is served at /privacy as written, its markup shown as text, never run', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/privacy?lang=en' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>How Velvet Lane handles your data · Velvet Lane Agency Network</title>');
    expect(res.body).toContain('<strong>one year</strong>');
    expect(res.body).toMatch(/<a [^>]*href="mailto:privacy@velvetlane\.example"[^>]*>privacy@velvetlane\.example<\/a>/);
    expect(res.body).toContain('&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62;');
    expect(res.body).not.toContain('<script');
    // A link to anywhere but the web, e-mail or this site keeps its words and loses its address.
    expect(res.body).not.toContain('javascript:');
    expect(res.body).toContain(' a trap ');
    expect(res.body).toMatch(/<a [^>]*href="\/"[^>]*>our home page<\/a>/);
    expect(res.body).toContain(`Version ${t.app.privacyNotice.version}`);
  });

  it('shows a language without its own file the English one, in the page of that language', async () => {
    const spanish = await t.app.inject({ method: 'GET', url: '/privacy?lang=es' });
    expect(spanish.body).toContain('Cómo trata Velvet Lane tus datos');
    const german = await t.app.inject({ method: 'GET', url: '/privacy?lang=de' });
    expect(german.headers['content-language']).toBe('de');
    expect(german.body).toContain('<article lang="en">');
    expect(german.body).toContain('How Velvet Lane handles your data');
    expect(german.body).toContain('Zurück zu Velvet Lane');
  });

  it('is the version an application made now agrees to', async () => {
    const res = await submit(t, validApplication({ name: 'Marta Kowalczyk', consent: 'yes' }));
    expect(res.statusCode).toBe(201);
    const [row] = await t.database.db
      .select()
      .from(creators)
      .where(eq(creators.creatorId, (res.json() as { creatorId: string }).creatorId));
    expect(row?.privacyNoticeVersion).toBe(t.app.privacyNotice.version);
  });

  it('changes version with any change to its text', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'rollick-privacy-'));
    const load = () => loadPrivacyNotice({ ...settings, dataDir: dir, privacyDir: undefined });
    writeFileSync(path.join(dir, 'privacy.en.md'), '# Notice\n\nWe keep it for a year.\n');
    const first = load().version;
    writeFileSync(path.join(dir, 'privacy.en.md'), '# Notice\n\nWe keep it for two years.\n');
    expect(load().version).not.toBe(first);
  });

  it('refuses to start with translations but no English file, rather than mix texts', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'rollick-privacy-'));
    writeFileSync(path.join(dir, 'privacy.fr.md'), '# Politique\n\nTexte.\n');
    expect(() => loadPrivacyNotice({ ...settings, dataDir: dir, privacyDir: undefined })).toThrow(/privacy\.en\.md/);
  });
});
