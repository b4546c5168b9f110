import type { TFunction } from '#client/lib/i18n.ts';
import {
  CONTACT_METHODS,
  type ContactMethod,
  type Gender,
  isOneOf,
  type Language,
  type MonthlyRange,
} from '#shared/options.ts';

/**
 * The option values of product §3 are what the API stores (English); these are the interface's words for them.
 * The maps are exhaustive, so a new option in src/shared fails the type check until it has a label.
 */
const LANGUAGE_KEYS = {
  English: 'application.options.language.english',
  Spanish: 'application.options.language.spanish',
  Portuguese: 'application.options.language.portuguese',
  French: 'application.options.language.french',
  German: 'application.options.language.german',
  Russian: 'application.options.language.russian',
  Mandarin: 'application.options.language.mandarin',
  Japanese: 'application.options.language.japanese',
  Vietnamese: 'application.options.language.vietnamese',
  Other: 'application.options.language.other',
} as const satisfies Record<Language, string>;

const GENDER_KEYS = {
  Male: 'application.options.gender.male',
  Female: 'application.options.gender.female',
  'Trans/Non-Binary': 'application.options.gender.transNonBinary',
  'Prefer Not to Say': 'application.options.gender.preferNotToSay',
} as const satisfies Record<Gender, string>;

/** Also names the method-specific keys of the contact-info field (label, placeholder, hint). */
export const CONTACT_METHOD_IDS = {
  Telegram: 'telegram',
  WhatsApp: 'whatsapp',
  'SMS/Phone': 'phone',
  Email: 'email',
} as const satisfies Record<ContactMethod, string>;

export const languageLabel = (t: TFunction, value: Language) => t(LANGUAGE_KEYS[value]);
export const genderLabel = (t: TFunction, value: Gender) => t(GENDER_KEYS[value]);
export const contactMethodLabel = (t: TFunction, value: ContactMethod) =>
  t(`application.options.contactMethod.${CONTACT_METHOD_IDS[value]}`);

export function contactMethodOf(value: string): ContactMethod | null {
  return isOneOf(CONTACT_METHODS, value) ? value : null;
}

/** "$1,000–$2,500" in the reader's number format, e.g. "1.000 $–2.500 $" in German. */
export function monthlyRangeLabel(range: MonthlyRange, locale: string | undefined): string {
  const amounts = range.match(/[\d,]+/g)?.map((amount) => Number(amount.replaceAll(',', ''))) ?? [];
  let format: Intl.NumberFormat;
  try {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
  } catch {
    return range;
  }
  const [from, to] = amounts;
  if (from === undefined) return range;
  if (to === undefined) return `${format.format(from)}+`;
  return `${format.format(from)}–${format.format(to)}`;
}
