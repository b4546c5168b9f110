import type { Country } from './countries.ts';
import { COUNTRY_CODES } from './country-codes.ts';

/** Where CLDR's long name carries a political qualifier people do not look for ("… SAR China"). */
const SHORT_NAMED = new Set(['HK', 'MO', 'PS']);

type RegionNames = { long: Intl.DisplayNames; short: Intl.DisplayNames } | null;
const namesByLanguage = new Map<string, RegionNames>();

function regionNames(language: string): RegionNames {
  if (namesByLanguage.has(language)) return namesByLanguage.get(language) ?? null;
  let names: RegionNames = null;
  try {
    names = {
      long: new Intl.DisplayNames([language], { type: 'region', fallback: 'none' }),
      short: new Intl.DisplayNames([language], { type: 'region', style: 'short', fallback: 'none' }),
    };
  } catch {
    // A runtime without Intl.DisplayNames keeps the spec's English names.
  }
  namesByLanguage.set(language, names);
  return names;
}

const isListedCountry = (value: string): value is Country => Object.hasOwn(COUNTRY_CODES, value);

/**
 * A stored country (the spec's English name) in the interface language, for the stage-2 list and every admin
 * screen alike. English keeps the spec's own names; a name not on the list (stage 1's free text) stays as written.
 */
export function countryName(value: string, language: string | undefined): string {
  if (!language || language === 'en' || !isListedCountry(value)) return value;
  const names = regionNames(language);
  const region = COUNTRY_CODES[value];
  return (names && (SHORT_NAMED.has(region) ? names.short : names.long).of(region)) || value;
}
