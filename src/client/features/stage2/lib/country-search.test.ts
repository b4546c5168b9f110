import { describe, expect, it } from 'vitest';
import { exactOption, filterOptions, foldText } from '#client/components/ui/combobox-filter.ts';
import { countryOptions } from './country-names.ts';

const labels = (options: { label: string }[]) => options.map((option) => option.label);

describe('foldText', () => {
  it('leaves out accents and case in the language’s own rules', () => {
    expect(foldText('  México ', 'es')).toBe('mexico');
    expect(foldText('Côte d’Ivoire', 'fr')).toBe('cote d’ivoire');
    expect(foldText('Пётр', 'ru')).toBe('петр');
    expect(foldText('İSTANBUL', 'tr')).toBe('istanbul');
    expect(foldText('São  Tomé', 'pt')).toBe('sao tome');
  });
});

describe('filterOptions over the stage-2 countries', () => {
  it('finds España from "esp" in Spanish, and from its English name', () => {
    const spanish = countryOptions('es');
    expect(labels(filterOptions(spanish, 'esp', 'es'))[0]).toBe('España');
    expect(labels(filterOptions(spanish, 'spain', 'es'))).toEqual(['España']);
    expect(labels(filterOptions(spanish, 'ESPANA', 'es'))).toEqual(['España']);
  });

  it('matches the start of any word, then anywhere, and keeps the list’s order within each', () => {
    const english = countryOptions('en');
    const found = labels(filterOptions(english, 'guinea', 'en'));
    expect(found[0]).toBe('Guinea');
    expect(found).toEqual(expect.arrayContaining(['Equatorial Guinea', 'Papua New Guinea', 'Guinea-Bissau']));
    expect(found.indexOf('Guinea-Bissau')).toBeLessThan(found.indexOf('Equatorial Guinea'));
  });

  it('finds Russian names typed without ё, and German ones in either language', () => {
    expect(labels(filterOptions(countryOptions('ru'), 'герм', 'ru'))).toEqual(['Германия']);
    expect(labels(filterOptions(countryOptions('de'), 'öster', 'de'))).toEqual(['Österreich']);
    expect(labels(filterOptions(countryOptions('de'), 'austria', 'de'))).toEqual(['Österreich']);
  });

  it('offers everything for nothing typed and nothing for a name that is no country', () => {
    const french = countryOptions('fr');
    expect(filterOptions(french, '   ', 'fr')).toHaveLength(french.length);
    expect(filterOptions(french, 'atlantis', 'fr')).toEqual([]);
  });
});

describe('exactOption', () => {
  it('is the option whose name was typed in full, accents and case aside', () => {
    const portuguese = countryOptions('pt');
    expect(exactOption(portuguese, 'alemanha', 'pt')?.value).toBe('Germany');
    expect(exactOption(portuguese, 'Germany', 'pt')?.value).toBe('Germany');
    expect(exactOption(portuguese, 'alem', 'pt')).toBeUndefined();
  });
});
