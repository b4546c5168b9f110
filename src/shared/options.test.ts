import { describe, expect, it } from 'vitest';
import { COUNTRIES, isCountry } from './countries.ts';
import { CONTENT_TYPES, ENGLISH_LEVELS, isOneOf, MONTHLY_RANGES, YES_NO } from './options.ts';

describe('option lists', () => {
  it('has the product §3 monthly ranges with en dashes', () => {
    expect(MONTHLY_RANGES).toHaveLength(9);
    expect(MONTHLY_RANGES[0]).toBe('$0\u2013$100');
    expect(MONTHLY_RANGES.at(-1)).toBe('$20,000+');
  });

  it('has the six content types and the six English levels of product §3/§9', () => {
    expect(CONTENT_TYPES.map((type) => type.id)).toEqual([
      'softcore',
      'softcoreHard',
      'fullNudity',
      'solo',
      'boyGirl',
      'sameSame',
    ]);
    expect(CONTENT_TYPES[0]?.label).toBe('Softcore \u2013 No Nudity');
    expect(ENGLISH_LEVELS.map((level) => level.value)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(ENGLISH_LEVELS[5]?.label).toBe('Native/Bilingual');
  });

  it('isOneOf checks membership exactly', () => {
    expect(isOneOf(YES_NO, 'yes')).toBe(true);
    expect(isOneOf(YES_NO, 'Yes')).toBe(false);
    expect(isOneOf(YES_NO, undefined)).toBe(false);
  });
});

describe('country list', () => {
  it('has about 240 unique names in alphabetical order', () => {
    expect(COUNTRIES.length).toBeGreaterThanOrEqual(240);
    expect(new Set(COUNTRIES).size).toBe(COUNTRIES.length);
    expect([...COUNTRIES].sort((a, b) => a.localeCompare(b, 'en'))).toEqual([...COUNTRIES]);
  });

  it('isCountry accepts listed names only', () => {
    expect(isCountry('Brazil')).toBe(true);
    expect(isCountry("Côte d'Ivoire")).toBe(true);
    expect(isCountry('brazil')).toBe(false);
    expect(isCountry('Atlantis')).toBe(false);
  });
});
