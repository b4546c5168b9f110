import { COUNTRIES, type Country } from '#shared/countries.ts';
import { countryName } from '#shared/country-names.ts';

export interface CountryOption {
  /** The spec's English name: what the API stores. */
  value: Country;
  label: string;
  /** The English name too, so typing either finds it. */
  keywords: readonly string[];
}

const cache = new Map<string, CountryOption[]>();

/**
 * Every country of the spec's list, named in the interface language and sorted the way that language
 * sorts. English keeps the spec's own names; a browser without Intl.DisplayNames gets them too.
 */
export function countryOptions(language: string | undefined): CountryOption[] {
  const code = language ?? 'en';
  const cached = cache.get(code);
  if (cached) return cached;
  const options = COUNTRIES.map((value) => {
    const label = countryName(value, code);
    return { value, label, keywords: label === value ? [] : [value] };
  });
  const collator = new Intl.Collator(code);
  options.sort((a, b) => collator.compare(a.label, b.label));
  cache.set(code, options);
  return options;
}
