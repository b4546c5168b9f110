import { describe, expect, it } from 'vitest';
import { COUNTRIES } from '#shared/countries.ts';
import { COUNTRY_CODES } from '#shared/country-codes.ts';
import { countryOptions } from './country-names.ts';

describe('countryOptions (decision 009: names in the interface language, stored in English)', () => {
  it('offers every country of the shared list once, each under a distinct region code', () => {
    const codes = Object.values(COUNTRY_CODES);
    expect(new Set(codes).size).toBe(COUNTRIES.length);
    for (const language of ['en', 'de', 'ru']) {
      expect(
        countryOptions(language)
          .map((option) => option.value)
          .sort(),
      ).toEqual([...COUNTRIES].sort());
    }
  });

  it('shows the spec’s own names in English', () => {
    const options = countryOptions('en');
    expect(options.every((option) => option.label === option.value)).toBe(true);
    expect(options.find((option) => option.value === 'Turkey')?.label).toBe('Turkey');
  });

  it('names countries in the interface language and sorts them the way it sorts', () => {
    const german = countryOptions('de');
    expect(german.find((option) => option.value === 'Germany')?.label).toBe('Deutschland');
    expect(german.find((option) => option.value === 'Hong Kong')?.label).toBe('Hongkong');
    const russian = countryOptions('ru').map((option) => option.label);
    expect(russian).toContain('Бразилия');
    const collator = new Intl.Collator('ru');
    expect([...russian].sort(collator.compare)).toEqual(russian);
  });

  it('has a name for every code in every interface language', () => {
    for (const language of ['es', 'pt', 'de', 'ru', 'fr']) {
      for (const option of countryOptions(language)) expect(option.label).not.toMatch(/^[A-Z]{2}$/);
    }
  });
});
