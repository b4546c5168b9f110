import type { TFunction } from '#client/lib/i18n.ts';
import { countryName } from '#shared/country-names.ts';
import {
  COMPENSATION_TYPES,
  CONTACT_METHODS,
  CONTENT_TYPE_IDS,
  type ContactMethod,
  ENGLISH_LEVELS,
  GENDERS,
  type Gender,
  isOneOf,
  LANGUAGES,
  type Language,
} from '#shared/options.ts';
import type { Creator, Stage2Data } from '#shared/replies/creators.ts';

/** One answer as the details dialog shows it: a readable label and the value as text. */
export interface FieldEntry {
  key: string;
  label: string;
  value: string;
  /** Free text that may run to paragraphs: shown across the column, line breaks kept. */
  isLong: boolean;
}

export interface FieldTexts {
  /** The 'admin' namespace (field labels, yes/no, stage 2 option labels). */
  t: TFunction<'admin'>;
  /** The public namespace (application option labels shared with the form). */
  tc: TFunction;
  locale: string | undefined;
}

/**
 * Product §2: Stage 1 shows every creator field except these. The Rollick fields have their own block and
 * the recruiter its own line under Application Details, so neither is repeated here; the clock and the
 * duplicate flag show as badges and sections of their own (docs/decisions/025).
 */
const STAGE1_HIDDEN = new Set<string>([
  'id',
  'createdAt',
  'updatedAt',
  'status',
  'recruiter',
  'recruiterId',
  'confirmationPhotoUrl',
  'rollickCreatorHubId',
  'rollickListingUrl',
  'firstStaffActionAt',
  'hasDuplicates',
  // The consent line below the application says both, readably (creator-consent-line.tsx).
  'consentAt',
  'privacyNoticeVersion',
  // The team's own (decision 063): the cancel reason has its section, the assignee its line.
  'assigneeId',
  'assignee',
  'cancelReasonId',
  'cancelNote',
]);

/** Product §2: Stage 2 shows every field except these; the files appear as buttons, not text. */
const STAGE2_HIDDEN = new Set<string>([
  'id',
  'creatorId',
  'createdAt',
  'updatedAt',
  'revenueScreenshotUrl',
  'imageUrls',
]);

const STAGE1_LABELS = {
  creatorId: 'fields.creatorId',
  name: 'fields.name',
  language: 'fields.language',
  gender: 'fields.gender',
  contactMethod: 'fields.contactMethod',
  contactInfo: 'fields.contactInfo',
  hasOnlyFans: 'fields.hasOnlyFans',
  averageMonthlyRange: 'fields.averageMonthlyRange',
  age: 'fields.age',
  country: 'fields.country',
  agencyGoals: 'fields.agencyGoals',
  instagram: 'fields.instagram',
  tiktok: 'fields.tiktok',
  twitter: 'fields.twitter',
  locale: 'fields.locale',
  additionalInfo: 'fields.additionalInfo',
} as const satisfies Partial<Record<keyof Creator, string>>;

const STAGE2_LABELS = {
  country: 'fields.country',
  age: 'fields.age',
  englishLevel: 'fields.englishLevel',
  compensationType: 'fields.compensationType',
  monthlySalary: 'fields.monthlySalary',
  revenueShare: 'fields.revenueShare',
  isVerifiedOnlyFans: 'fields.isVerifiedOnlyFans',
  onlyFansRevenue: 'fields.onlyFansRevenue',
  hasExistingContent: 'fields.hasExistingContent',
  contentType: 'fields.contentType',
  agencyPitch: 'fields.agencyPitch',
} as const satisfies Partial<Record<keyof Stage2Data, string>>;

type FieldLabelKey =
  | (typeof STAGE1_LABELS)[keyof typeof STAGE1_LABELS]
  | (typeof STAGE2_LABELS)[keyof typeof STAGE2_LABELS];

const LONG_FIELDS = new Set(['agencyGoals', 'additionalInfo', 'agencyPitch']);

const LANGUAGE_IDS = {
  English: 'english',
  Spanish: 'spanish',
  Portuguese: 'portuguese',
  French: 'french',
  German: 'german',
  Russian: 'russian',
  Mandarin: 'mandarin',
  Japanese: 'japanese',
  Vietnamese: 'vietnamese',
  Other: 'other',
} as const satisfies Record<Language, string>;

const GENDER_IDS = {
  Male: 'male',
  Female: 'female',
  'Trans/Non-Binary': 'transNonBinary',
  'Prefer Not to Say': 'preferNotToSay',
} as const satisfies Record<Gender, string>;

const CONTACT_METHOD_IDS = {
  Telegram: 'telegram',
  WhatsApp: 'whatsapp',
  'SMS/Phone': 'phone',
  Email: 'email',
} as const satisfies Record<ContactMethod, string>;

/** 'averageMonthlyRange' → 'Average Monthly Range': a readable label for a field this build does not know yet. */
export function humanizeKey(key: string): string {
  const words = key
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function yesNo({ t }: FieldTexts, value: boolean): string {
  return value ? t('values.yes') : t('values.no');
}

function money(locale: string | undefined, amount: number): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(amount);
}

/** A stored contact method in the interface language; anything unknown as stored. */
export function contactMethodText(tc: TFunction, value: string): string {
  return isOneOf(CONTACT_METHODS, value) ? tc(`application.options.contactMethod.${CONTACT_METHOD_IDS[value]}`) : value;
}

function stage1Value(texts: FieldTexts, key: string, value: unknown): string {
  const { tc } = texts;
  if (key === 'hasOnlyFans' && (value === 'yes' || value === 'no')) return yesNo(texts, value === 'yes');
  if (key === 'language' && isOneOf(LANGUAGES, value)) return tc(`application.options.language.${LANGUAGE_IDS[value]}`);
  if (key === 'gender' && isOneOf(GENDERS, value)) return tc(`application.options.gender.${GENDER_IDS[value]}`);
  if (key === 'contactMethod' && typeof value === 'string') return contactMethodText(tc, value);
  if (key === 'country' && typeof value === 'string') return countryName(value, texts.locale);
  // The interface language she applied in, which messages to her are written in: named, not coded.
  if (key === 'locale' && typeof value === 'string') return languageNameIn(texts.locale, value);
  return plainText(texts, value);
}

function stage2Value(texts: FieldTexts, key: string, value: unknown): string {
  const { t, locale } = texts;
  switch (key) {
    case 'englishLevel': {
      const level = ENGLISH_LEVELS.find((option) => option.value === value);
      return level ? `${level.value} – ${t(`englishLevels.${level.value}`)}` : plainText(texts, value);
    }
    case 'compensationType':
      return isOneOf(COMPENSATION_TYPES, value) ? t(`compensationTypes.${value}`) : plainText(texts, value);
    case 'monthlySalary':
    case 'onlyFansRevenue':
      return typeof value === 'number' ? money(locale, value) : plainText(texts, value);
    case 'revenueShare':
      return typeof value === 'number'
        ? new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(value / 100)
        : plainText(texts, value);
    case 'isVerifiedOnlyFans':
      return value === 'yes' || value === 'no' ? yesNo(texts, value === 'yes') : plainText(texts, value);
    case 'country':
      return typeof value === 'string' ? countryName(value, locale) : plainText(texts, value);
    case 'contentType':
      return (Array.isArray(value) ? value : [value])
        .map((id) => (isOneOf(CONTENT_TYPE_IDS, id) ? t(`contentTypes.${id}`) : String(id)))
        .join(', ');
    default:
      return plainText(texts, value);
  }
}

function plainText(texts: FieldTexts, value: unknown): string {
  if (typeof value === 'boolean') return yesNo(texts, value);
  if (typeof value === 'number') return new Intl.NumberFormat(texts.locale).format(value);
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(String).join(', ');
  return JSON.stringify(value);
}

function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/** Known fields in the spec's order, then any the server added since, in the order it sent them. */
function orderedKeys(record: object, known: readonly string[], hidden: Set<string>): string[] {
  const present = Object.keys(record).filter((key) => !hidden.has(key));
  return [...known.filter((key) => present.includes(key)), ...present.filter((key) => !known.includes(key))];
}

function entries(
  record: object,
  labels: Readonly<Record<string, FieldLabelKey>>,
  hidden: Set<string>,
  texts: FieldTexts,
  format: (texts: FieldTexts, key: string, value: unknown) => string,
): FieldEntry[] {
  const values = record as Record<string, unknown>;
  return orderedKeys(record, Object.keys(labels), hidden)
    .filter((key) => !isEmpty(values[key]))
    .map((key) => {
      const labelKey = labels[key];
      return {
        key,
        label: labelKey ? texts.t(labelKey) : humanizeKey(key),
        value: format(texts, key, values[key]),
        isLong: LONG_FIELDS.has(key),
      };
    });
}

/** Product §2 'Stage 1 Information': the non-empty creator fields, readable. */
export function stage1Entries(creator: Creator, texts: FieldTexts): FieldEntry[] {
  return entries(creator, STAGE1_LABELS, STAGE1_HIDDEN, texts, stage1Value);
}

/** Product §2 'Stage 2 Information': the non-empty stage 2 answers, readable. */
export function stage2Entries(stage2: Stage2Data, texts: FieldTexts): FieldEntry[] {
  return entries(stage2, STAGE2_LABELS, STAGE2_HIDDEN, texts, stage2Value);
}

/** "Russian" in English, "русский" in Russian: a language a creator applied or is written to in, named in the admin's. */
export function languageNameIn(adminLanguage: string | undefined, code: string): string {
  try {
    return new Intl.DisplayNames(adminLanguage, { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}
