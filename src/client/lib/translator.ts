import type { ADMIN_MESSAGES } from '#shared/messages/admin.ts';
import type { PUBLIC_MESSAGES } from '#shared/messages/public.ts';
import type accountEn from '../locales/account/en.json';
import type adminEn from '../locales/admin/en.json';
import type applicationEn from '../locales/application/en.json';
import type translationEn from '../locales/en.json';
import type importEn from '../locales/import/en.json';
import type loginEn from '../locales/login/en.json';
import type meEn from '../locales/me/en.json';
import type recruitersEn from '../locales/recruiters/en.json';
import type stage2En from '../locales/stage2/en.json';
import type templatesEn from '../locales/templates/en.json';

/**
 * The texts' shape, from English, the source of truth for keys: t('no.such.key') is a type error, and
 * locales.test.ts keeps the other five languages in step with it.
 */
export interface Namespaces {
  /** The public pages' texts; the application form's part arrives with the form (i18n.ts, loadTextPart). */
  translation: typeof translationEn & typeof applicationEn;
  /** The back office's texts; the sign-in screen's part arrives on its own (i18n.ts, TextPart). */
  admin: typeof adminEn & typeof loginEn;
  /** The account and admin-management screens (decision 021). */
  account: typeof accountEn;
  recruiters: typeof recruitersEn;
  /** The owners' message templates screen (decision 060). */
  templates: typeof templatesEn;
  /** The owners' CSV import of creators (decision 061). */
  import: typeof importEn;
  stage2: typeof stage2En;
  /** Her own page (decision 047). */
  me: typeof meEn;
  /**
   * The messages of shared schemas and server errors by key (docs/decisions/031), English from the shared
   * catalogue: those the public forms show, and those only the admin screens show (lib/screen-texts.ts).
   */
  messages: typeof PUBLIC_MESSAGES;
  adminMessages: typeof ADMIN_MESSAGES;
}
export type Namespace = keyof Namespaces;

/** Every leaf of a nested text object as a dotted key. */
type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** CLDR plural categories, the suffixes of plural keys (`items_one`, `items_other`). */
const PLURAL_CATEGORIES = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;
type PluralCategory = (typeof PLURAL_CATEGORIES)[number];
type WithoutPlural<K extends string> = K extends `${infer Base}_${PluralCategory}` ? Base : K;

/** The keys of a namespace: its leaves, and the base of each plural group (`items`, used with `count`). */
export type TranslationKey<NS extends Namespace = 'translation'> =
  | Leaves<Namespaces[NS]>
  | WithoutPlural<Leaves<Namespaces[NS]>>;

/** Values for `{{name}}` placeholders; `count` also picks the plural form. */
export type TranslationOptions = { count?: number } & Record<string, string | number | undefined>;

export type TFunction<NS extends Namespace = 'translation'> = (
  key: TranslationKey<NS>,
  options?: TranslationOptions,
) => string;

/** A namespace's texts in one language, as loaded from its JSON file. */
export type Texts = { [key: string]: string | Texts };

/**
 * `{{name}}`, `{{name, number}}` for a number written the language's way, or `{{name, status}}` for a creator
 * status (a code, or several joined by commas) named in the language (i18next's format syntax).
 */
const PLACEHOLDER = /\{\{\s*([\w.]+)\s*(?:,\s*(number|status)\s*)?\}\}/g;

function flatten(texts: Texts, prefix = '', into = new Map<string, string>()): Map<string, string> {
  for (const [key, value] of Object.entries(texts)) {
    if (typeof value === 'string') into.set(`${prefix}${key}`, value);
    else flatten(value, `${prefix}${key}.`, into);
  }
  return into;
}

/**
 * Looks texts up by language, namespace and key, with `{{name}}` placeholders filled in (never escaped: React
 * escapes what it renders) and plural forms chosen by the language's CLDR rules, as i18next's JSON v4 format
 * writes them. `{{count, number}}` groups digits as the language does ('1,000', '1.000', '1 000'), so a text
 * decides where a count is a quantity rather than a code. A key with no text answers itself, so a gap shows
 * rather than breaking the screen.
 */
export function createTranslator(
  formats: {
    /** How `{{name, status}}` names a status code in a language; the code as it is without one. */
    statusName?: (language: string, status: string) => string;
  } = {},
) {
  const dictionaries = new Map<string, Map<string, string>>();
  const pluralRules = new Map<string, Intl.PluralRules>();
  const id = (language: string, namespace: string) => `${language}\u0000${namespace}`;

  const numberFormats = new Map<string, Intl.NumberFormat>();
  const formatNumber = (language: string, value: number) => {
    let format = numberFormats.get(language);
    if (!format) {
      format = new Intl.NumberFormat(language);
      numberFormats.set(language, format);
    }
    return format.format(value);
  };

  const rulesFor = (language: string) => {
    let rules = pluralRules.get(language);
    if (!rules) {
      rules = new Intl.PluralRules(language);
      pluralRules.set(language, rules);
    }
    return rules;
  };

  function translate(language: string, namespace: Namespace, key: string, options?: TranslationOptions): string {
    const dictionary = dictionaries.get(id(language, namespace));
    let text: string | undefined;
    if (typeof options?.count === 'number') {
      const category = rulesFor(language).select(options.count);
      text = dictionary?.get(`${key}_${category}`) ?? dictionary?.get(`${key}_other`);
    }
    text ??= dictionary?.get(key);
    if (text === undefined) return key;
    if (!options) return text;
    return text.replace(PLACEHOLDER, (whole, name: string, format: string | undefined) => {
      const value = options[name];
      if (value === undefined) return whole;
      if (format === 'number' && typeof value === 'number') return formatNumber(language, value);
      if (format === 'status') return statusNames(language, String(value));
      return String(value);
    });
  }

  const statusLists = new Map<string, Intl.ListFormat>();
  /** One status or several ("pending or listed"), as the language lists alternatives. */
  function statusNames(language: string, codes: string): string {
    let list = statusLists.get(language);
    if (!list) {
      list = new Intl.ListFormat(language, { type: 'disjunction' });
      statusLists.set(language, list);
    }
    const name = formats.statusName;
    return list.format(codes.split(',').map((code) => (name ? name(language, code) : code)));
  }

  return {
    /** Adds texts to a namespace in a language (a namespace may arrive in parts). */
    add(language: string, namespace: Namespace, texts: Texts): void {
      const key = id(language, namespace);
      dictionaries.set(key, flatten(texts, '', dictionaries.get(key)));
    },
    has(language: string, namespace: Namespace): boolean {
      return dictionaries.has(id(language, namespace));
    },
    /** A t() bound to one language and namespace. */
    fixed<NS extends Namespace>(language: string, namespace: NS): TFunction<NS> {
      return (key, options) => translate(language, namespace, key, options);
    },
  };
}

export type Translator = ReturnType<typeof createTranslator>;
