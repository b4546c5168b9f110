import { COUNTRIES, type Country } from '#shared/countries.ts';
import { COUNTRY_CODES } from './country-codes.ts';

export interface CountryOption {
  /** The spec's English name: what the API stores. */
  value: Country;
  label: string;
}

/** Where CLDR's long name carries a political qualifier people do not look for ("… SAR China"). */
const SHORT_NAMED = new Set(['HK', 'MO', 'PS']);

function regionNames(language: string): { long: Intl.DisplayNames; short: Intl.DisplayNames } | null {
  try {
    return {
      long: new Intl.DisplayNames([language], { type: 'region', fallback: 'none' }),
      short: new Intl.DisplayNames([language], { type: 'region', style: 'short', fallback: 'none' }),
    };
  } catch {
    return null;
  }
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
  const names = code === 'en' ? null : regionNames(code);
  const options = COUNTRIES.map((value) => {
    const region = COUNTRY_CODES[value];
    const label = names && (SHORT_NAMED.has(region) ? names.short : names.long).of(region);
    return { value, label: label || value };
  });
  const collator = new Intl.Collator(code);
  options.sort((a, b) => collator.compare(a.label, b.label));
  cache.set(code, options);
  return options;
}
