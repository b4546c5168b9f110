import { describe, expect, it } from 'vitest';
import { createTranslator } from './translator.ts';

function translator() {
  const instance = createTranslator();
  instance.add('en', 'translation', {
    greeting: 'Hello, {{name}}!',
    nested: { deeper: { text: 'Deep' } },
    items_one: '{{count}} item',
    items_other: '{{count}} items',
  } as never);
  instance.add('ru', 'translation', {
    items_one: '{{count}} файл',
    items_few: '{{count}} файла',
    items_many: '{{count}} файлов',
    items_other: '{{count}} файла',
  } as never);
  return instance;
}

describe('createTranslator', () => {
  it('finds nested keys and fills in placeholders without escaping', () => {
    const t = translator().fixed('en', 'translation') as (key: string, options?: object) => string;
    expect(t('nested.deeper.text')).toBe('Deep');
    expect(t('greeting', { name: 'Ana & <Bo>' })).toBe('Hello, Ana & <Bo>!');
    expect(t('greeting')).toBe('Hello, {{name}}!');
  });

  it("chooses plural forms by the language's own rules", () => {
    const instance = translator();
    const en = instance.fixed('en', 'translation') as (key: string, options?: object) => string;
    const ru = instance.fixed('ru', 'translation') as (key: string, options?: object) => string;
    expect([1, 2].map((count) => en('items', { count }))).toEqual(['1 item', '2 items']);
    expect([1, 3, 5, 21, 1.5].map((count) => ru('items', { count }))).toEqual([
      '1 файл',
      '3 файла',
      '5 файлов',
      '21 файл',
      '1.5 файла',
    ]);
  });

  it("writes {{value, number}} with the language's digit grouping, and other values as they are", () => {
    const instance = createTranslator();
    const texts = { total_one: '{{count, number}} match', total_other: '{{count, number}} matches', code: '{{code}}' };
    for (const language of ['en', 'de', 'ru']) instance.add(language, 'translation', texts as never);
    const inLanguage = (language: string) =>
      instance.fixed(language, 'translation') as (key: string, o?: object) => string;
    expect(inLanguage('en')('total', { count: 1234567 })).toBe('1,234,567 matches');
    expect(inLanguage('de')('total', { count: 1000 })).toBe('1.000 matches');
    expect(inLanguage('ru')('total', { count: 1000 })).toBe('1\u00a0000 matches');
    expect(inLanguage('en')('total', { count: 1 })).toBe('1 match');
    expect(inLanguage('en')('code', { code: 1000 })).toBe('1000');
  });

  it('names {{value, status}} by the given namer in each language, several as that language lists alternatives', () => {
    const names: Record<string, Record<string, string>> = { ru: { pending: 'На рассмотрении', listed: 'Опубликован' } };
    const instance = createTranslator({ statusName: (language, status) => names[language]?.[status] ?? status });
    instance.add('ru', 'translation', {
      refused: 'Можно только «{{allowed, status}}»; этот «{{status, status}}»',
    } as never);
    const t = instance.fixed('ru', 'translation') as (key: string, o?: object) => string;
    expect(t('refused', { allowed: 'pending,listed', status: 'listed' })).toBe(
      'Можно только «На рассмотрении или Опубликован»; этот «Опубликован»',
    );
  });

  it('answers a missing key with the key itself, and knows which texts it has', () => {
    const instance = translator();
    expect((instance.fixed('en', 'translation') as (key: string) => string)('no.such')).toBe('no.such');
    expect(instance.has('en', 'translation')).toBe(true);
    expect(instance.has('de', 'translation')).toBe(false);
  });
});
