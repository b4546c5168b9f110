import { describe, expect, it } from 'vitest';
import { LANGUAGE_COOKIE } from '#shared/language-detect.ts';
import { LANGUAGES } from '#shared/languages.ts';
import { setUpTestApp } from '#tests/setup/test-app.ts';
import { NOTICE_WORDS } from './notice-words.ts';

/** docs/decisions/048: GET /privacy, the default notice, in the visitor's language. */

const t = setUpTestApp({ signedIn: false, config: { brandName: 'Velvet Lane', retentionDays: 180 } });

const page = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('GET /privacy', () => {
  it.each(LANGUAGES.map((language) => [language.code, language.name] as const))(
    'is written in %s when asked, every text filled in',
    async (code) => {
      const res = await page(`/privacy?lang=${code}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['content-language']).toBe(code);
      const words = NOTICE_WORDS[code];
      expect(res.body).toContain(`<html lang="${code}"`);
      expect(res.body).toContain(`<title>${words.title} · Velvet Lane Agency Network</title>`);
      for (const text of [words.keptTitle, words.whyTitle, words.whoTitle, words.howLongTitle, words.rightsTitle]) {
        expect(res.body).toContain(text);
      }
      // The brand, the retention period and her own page are named; no placeholder or key is left.
      expect(res.body).toContain('Velvet Lane Agency Network');
      expect(res.body).toMatch(/\b180\b/);
      expect(res.body).not.toMatch(/\{\{?\w+\}?\}|undefined|page\.\w+/);
      expect(res.body).toContain(words.page.version.replace('{version}', t.app.privacyNotice.version));
      expect(res.body).toContain(words.page.home.replace('{brand}', 'Velvet Lane'));
      // Links to the notice in every other language, this one marked as the current page.
      for (const other of LANGUAGES) expect(res.body).toContain(`href="/privacy?lang=${other.code}"`);
      expect(res.body).toContain(`lang="${code}" aria-current="page"`);
    },
  );

  it('speaks the language the landing page would: the stored choice, then the browser', async () => {
    expect((await page('/privacy', { 'accept-language': 'de-DE,de;q=0.9' })).headers['content-language']).toBe('de');
    const stored = await page('/privacy', { cookie: `${LANGUAGE_COOKIE}=pt`, 'accept-language': 'de-DE' });
    expect(stored.headers['content-language']).toBe('pt');
    expect((await page('/privacy')).headers['content-language']).toBe('en');
  });

  it('runs no script at all, and says so in its policy', async () => {
    const res = await page('/privacy?lang=fr');
    expect(res.body).not.toContain('<script');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.headers['content-security-policy']).not.toContain('script-src');
    expect(res.headers.vary).toContain('Accept-Language');
  });

  it('tells how long applications are kept without RETENTION_DAYS too, and says consent is the basis', () => {
    expect(t.app.privacyNotice.isCustom).toBe(false);
    expect(t.app.privacyNotice.texts.en.markdown).toContain(NOTICE_WORDS.en.consentBasis);
    expect(t.app.privacyNotice.texts.en.markdown).toContain('deleted for good 180 days later');
  });
});
