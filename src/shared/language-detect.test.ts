import { describe, expect, it } from 'vitest';
import {
  detectLanguage,
  directionOf,
  normalizeLanguage,
  parseAcceptLanguage,
  sanitizeLanguageTag,
} from './language-detect.ts';

describe('sanitizeLanguageTag', () => {
  it.each(['en', 'pt-BR', 'zh-Hant-TW', 'es-419', 'ckb', 'de-CH-1996'])('keeps the well-formed tag %s', (tag) => {
    expect(sanitizeLanguageTag(tag)).toBe(tag);
  });

  it('trims and turns the underscore form into a hyphen', () => {
    expect(sanitizeLanguageTag('  pt_BR ')).toBe('pt-BR');
  });

  it.each([
    '<script>alert(1)</script>',
    'en"><img src=x onerror=alert(1)>',
    "en' onmouseover='alert(1)",
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'en`x`',
    'en>',
    'de<',
  ])('discards the injection attempt %s', (value) => {
    expect(sanitizeLanguageTag(value)).toBeNull();
  });

  it.each(['', '   ', 'e', 'engl', 'en-', '-en', 'en--US', 'en-a', 'en-abcdefghi', 'en US', '12', 'en;q=0.9', 'en/US'])(
    'discards the malformed value %j',
    (value) => {
      expect(sanitizeLanguageTag(value)).toBeNull();
    },
  );

  it('discards absurdly long values', () => {
    expect(sanitizeLanguageTag(`en${'-abcdefgh'.repeat(10)}`)).toBeNull();
  });

  it.each([undefined, null, 42, {}, ['en']])('discards the non-string %j', (value) => {
    expect(sanitizeLanguageTag(value)).toBeNull();
  });
});

describe('normalizeLanguage', () => {
  it.each([
    ['en', 'en'],
    ['en-US', 'en'],
    ['pt-BR', 'pt'],
    ['pt_PT', 'pt'],
    ['de-DE', 'de'],
    ['DE-de', 'de'],
    ['ES', 'es'],
    ['es-419', 'es'],
    ['ru-RU', 'ru'],
    ['fr-CA', 'fr'],
  ])('maps %s to %s', (value, expected) => {
    expect(normalizeLanguage(value)).toBe(expected);
  });

  it.each(['it', 'zh-CN', 'ar', 'eng', 'english', '<fr>', 'javascript:fr'])(
    'returns null for the unsupported or unsafe value %s',
    (value) => {
      expect(normalizeLanguage(value)).toBeNull();
    },
  );
});

describe('detectLanguage', () => {
  it('prefers the stored choice over everything else', () => {
    expect(
      detectLanguage({ stored: 'de', browserLanguages: ['fr-FR'], browserLanguage: 'fr-FR', documentLanguage: 'es' }),
    ).toBe('de');
  });

  it('uses the browser languages in order of preference when nothing is stored', () => {
    expect(detectLanguage({ stored: null, browserLanguages: ['it-IT', 'pt-BR', 'fr'], browserLanguage: 'it-IT' })).toBe(
      'pt',
    );
  });

  it('uses navigator.language when navigator.languages is missing', () => {
    expect(detectLanguage({ browserLanguage: 'ru-RU' })).toBe('ru');
  });

  it('falls back to the page language tag', () => {
    expect(detectLanguage({ browserLanguages: ['it'], browserLanguage: 'it', documentLanguage: 'fr' })).toBe('fr');
  });

  it('skips a stored value that looks like script injection', () => {
    expect(detectLanguage({ stored: '<script>alert(1)</script>', browserLanguages: ['es-MX'] })).toBe('es');
    expect(detectLanguage({ stored: 'javascript:alert(1)', documentLanguage: 'de' })).toBe('de');
  });

  it('skips an unsupported stored value', () => {
    expect(detectLanguage({ stored: 'ja', browserLanguages: ['de-AT'] })).toBe('de');
  });

  it('falls back to English when nothing usable is found', () => {
    expect(detectLanguage({})).toBe('en');
    expect(detectLanguage({ stored: 'xx', browserLanguages: ['zh-CN', '"><svg>'], documentLanguage: 'ja' })).toBe('en');
  });
});

describe('directionOf', () => {
  it.each(['ar', 'he', 'iw', 'fa', 'ur', 'ps', 'sd', 'ug', 'yi', 'dv', 'ckb', 'ar-EG', 'fa-IR', 'HE-il'])(
    'reads %s right to left',
    (code) => {
      expect(directionOf(code)).toBe('rtl');
    },
  );

  it.each(['en', 'es', 'pt-BR', 'de', 'ru', 'fr', 'zh-Hant', 'ja'])('reads %s left to right', (code) => {
    expect(directionOf(code)).toBe('ltr');
  });

  it('follows an explicit script subtag', () => {
    expect(directionOf('az-Arab')).toBe('rtl');
    expect(directionOf('pa-Arab-PK')).toBe('rtl');
    expect(directionOf('ug-Latn')).toBe('ltr');
    expect(directionOf('ku-Arab')).toBe('rtl');
  });

  it('reads malformed or unsafe values left to right', () => {
    expect(directionOf('<ar>')).toBe('ltr');
    expect(directionOf('')).toBe('ltr');
    expect(directionOf(undefined)).toBe('ltr');
  });
});

describe('parseAcceptLanguage', () => {
  it('orders the languages by preference, as navigator.languages does', () => {
    expect(parseAcceptLanguage('fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5')).toEqual(['fr-CH', 'fr', 'en', 'de']);
    expect(parseAcceptLanguage('en;q=0.5, ru')).toEqual(['ru', 'en']);
  });

  it('leaves out refused languages and copes with nothing at all', () => {
    expect(parseAcceptLanguage('de;q=0, es')).toEqual(['es']);
    expect(parseAcceptLanguage(undefined)).toEqual([]);
    expect(parseAcceptLanguage('')).toEqual([]);
  });

  it('gives the server the same choice the browser makes', () => {
    const header = 'it-IT, pt-BR;q=0.9, en;q=0.8';
    expect(detectLanguage({ browserLanguages: parseAcceptLanguage(header) })).toBe('pt');
  });
});
