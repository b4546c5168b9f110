import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '#shared/languages.ts';
import { ADMIN_MESSAGES } from '#shared/messages/admin.ts';
import { PUBLIC_MESSAGES } from '#shared/messages/public.ts';

/**
 * Every namespace (the public texts in ./<lang>.json, and ./<namespace>/<lang>.json for screens that load
 * their texts on demand) must be complete in every language.
 */
const FILES = import.meta.glob<{ default: unknown }>(['./*.json', './*/*.json'], { eager: true });

function namespaceOf(path: string): { namespace: string; code: string } {
  const parts = path
    .replace(/^\.\//, '')
    .replace(/\.json$/, '')
    .split('/');
  return parts.length === 1
    ? { namespace: 'translation', code: parts[0] ?? '' }
    : { namespace: parts[0] ?? '', code: parts[1] ?? '' };
}

const NAMESPACES = new Map<string, Record<string, unknown>>();
for (const [path, module] of Object.entries(FILES)) {
  const { namespace, code } = namespaceOf(path);
  NAMESPACES.set(namespace, { ...NAMESPACES.get(namespace), [code]: module.default });
}

/** i18next's plural suffixes (CLDR categories): a key `x_one` / `x_other` is one plural group `x`. */
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** Every leaf as a dotted key; non-string leaves are kept so a test can reject them. */
function flatten(tree: unknown, prefix = ''): Map<string, unknown> {
  const leaves = new Map<string, unknown>();
  if (tree === null || typeof tree !== 'object' || Array.isArray(tree)) {
    leaves.set(prefix, tree);
    return leaves;
  }
  for (const [key, value] of Object.entries(tree)) {
    for (const [leafKey, leaf] of flatten(value, prefix ? `${prefix}.${key}` : key)) leaves.set(leafKey, leaf);
  }
  return leaves;
}

/** Each placeholder with its format (`count, number`, `from, status`): a translation must keep both. */
function placeholders(text: unknown): string[] {
  const names = [...String(text).matchAll(/\{\{\s*([^},\s]+)\s*(?:,\s*(\w+)\s*)?\}\}/g)].map(([, name, format]) =>
    format ? `${name}, ${format}` : (name ?? ''),
  );
  return [...new Set(names)].sort();
}

/**
 * The keys a language must have: English's keys, except that a plural group needs exactly the plural
 * categories of that language (Russian has one/few/many/other where English has one/other).
 */
function expectedKeys(en: unknown, code: string): Set<string> {
  const categories = new Intl.PluralRules(code).resolvedOptions().pluralCategories;
  const keys = new Set<string>();
  for (const key of flatten(en).keys()) {
    const base = key.replace(PLURAL_SUFFIX, '');
    if (base === key) keys.add(key);
    else for (const category of categories) keys.add(`${base}_${category}`);
  }
  return keys;
}

/** The English text a translated key is compared with: the same key, or the `other` form of its plural group. */
function englishFor(en: unknown, key: string): unknown {
  const english = flatten(en);
  return english.get(key) ?? english.get(key.replace(PLURAL_SUFFIX, '_other'));
}

describe.each([...NAMESPACES])('locales: %s', (_namespace, LOCALES) => {
  const en = LOCALES.en;
  const TRANSLATIONS = Object.entries(LOCALES).filter(([code]) => code !== 'en');
  it('has one file per interface language', () => {
    expect(Object.keys(LOCALES).sort()).toEqual([...LANGUAGE_CODES].sort());
  });

  describe.each(Object.entries(LOCALES))('%s', (code, locale) => {
    const leaves = flatten(locale);

    it('has every key English has, and no other', () => {
      const expected = expectedKeys(en, code);
      const missing = [...expected].filter((key) => !leaves.has(key));
      const extra = [...leaves.keys()].filter((key) => !expected.has(key));
      expect({ missing, extra }).toEqual({ missing: [], extra: [] });
    });

    it('has a non-empty string for every key', () => {
      const bad = [...leaves].filter(([, value]) => typeof value !== 'string' || value.trim() === '');
      expect(bad.map(([key]) => key)).toEqual([]);
    });
  });

  describe.each(TRANSLATIONS)('%s', (_code, locale) => {
    it('uses the same {{placeholders}} as English for every key', () => {
      const mismatches = [...flatten(locale)]
        .map(([key, value]) => {
          const isPlural = PLURAL_SUFFIX.test(key);
          // A plural form may leave out the count ("one application"), never any other value.
          const relevant = (names: string[]) => (isPlural ? names.filter((name) => name !== 'count') : names);
          return { key, expected: relevant(placeholders(englishFor(en, key))), actual: relevant(placeholders(value)) };
        })
        .filter(({ expected, actual }) => expected.join() !== actual.join());
      expect(mismatches).toEqual([]);
    });
  });
});

/**
 * Messages by key (docs/decisions/031): English is the shared catalogue itself, and each other language
 * translates every key of each part, with the same parameters.
 */
const MESSAGE_FILES = import.meta.glob<{ default: unknown }>('./messages/*/*.json', { eager: true });
const MESSAGE_PARTS = { public: PUBLIC_MESSAGES, admin: ADMIN_MESSAGES };

describe.each(Object.entries(MESSAGE_PARTS))('messages: %s', (part, catalogue) => {
  const files = new Map(
    Object.entries(MESSAGE_FILES)
      .filter(([path]) => path.startsWith(`./messages/${part}/`))
      .map(([path, module]) => [path.replace(/^.*\//, '').replace(/\.json$/, ''), module.default]),
  );

  it('has one file per language but English, whose texts are the catalogue', () => {
    expect([...files.keys()].sort()).toEqual(LANGUAGE_CODES.filter((code) => code !== 'en').sort());
  });

  describe.each([...files])('%s', (code, locale) => {
    const leaves = flatten(locale);

    it('has every key of the catalogue, and no other', () => {
      const expected = expectedKeys(catalogue, code);
      const missing = [...expected].filter((key) => !leaves.has(key));
      const extra = [...leaves.keys()].filter((key) => !expected.has(key));
      expect({ missing, extra }).toEqual({ missing: [], extra: [] });
    });

    it('has a non-empty string for every key', () => {
      const bad = [...leaves].filter(([, value]) => typeof value !== 'string' || value.trim() === '');
      expect(bad.map(([key]) => key)).toEqual([]);
    });

    it('uses the same {{placeholders}} as the catalogue for every key', () => {
      const mismatches = [...leaves]
        .map(([key, value]) => {
          const isPlural = PLURAL_SUFFIX.test(key);
          const relevant = (names: string[]) => (isPlural ? names.filter((name) => name !== 'count') : names);
          return {
            key,
            expected: relevant(placeholders(englishFor(catalogue, key))),
            actual: relevant(placeholders(value)),
          };
        })
        .filter(({ expected, actual }) => expected.join() !== actual.join());
      expect(mismatches).toEqual([]);
    });
  });
});
