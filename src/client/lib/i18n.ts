import i18n, { type BackendModule, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';
import { detectLanguage, directionOf, LANGUAGE_STORAGE_KEY, normalizeLanguage } from './language-detect.ts';
import { FALLBACK_LANGUAGE, LANGUAGE_CODES, type LanguageCode } from './languages.ts';

/**
 * English ships in the entry bundle; every other language is its own chunk fetched when chosen (DESIGN §6),
 * so the landing page's first load carries one language only.
 */
const loadLocale: Record<Exclude<LanguageCode, 'en'>, () => Promise<{ default: ResourceLanguage }>> = {
  es: () => import('../locales/es.json'),
  pt: () => import('../locales/pt.json'),
  de: () => import('../locales/de.json'),
  ru: () => import('../locales/ru.json'),
  fr: () => import('../locales/fr.json'),
};

/**
 * Texts of screens the public page never shows (admin, stage 2) live in their own namespaces, one chunk per
 * language, fetched with the screen (see loadNamespace): the landing page downloads none of them.
 */
export type LazyNamespace = 'admin' | 'recruiters' | 'stage2';
const namespaceFiles = import.meta.glob<{ default: ResourceLanguage }>('../locales/{admin,recruiters,stage2}/*.json');

/** Lets plain i18n.changeLanguage(code) fetch the language's chunks before switching. */
const lazyLocales: BackendModule = {
  type: 'backend',
  callbackApi: false,
  init: () => {},
  read: async (language: string, namespace: string) => {
    const code = normalizeLanguage(language) ?? FALLBACK_LANGUAGE;
    if (namespace !== 'translation') {
      const load = namespaceFiles[`../locales/${namespace}/${code}.json`];
      return load ? (await load()).default : {};
    }
    if (code === 'en') return en;
    return (await loadLocale[code]()).default;
  },
};

/** Loads a screen's namespace in the current language (and English, the fallback) before it renders. */
export function loadNamespace(namespace: LazyNamespace): Promise<void> {
  return initI18n().then(() => i18n.loadNamespaces(namespace));
}

function readStoredLanguage(): string | null {
  try {
    return globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY) ?? null;
  } catch {
    // Storage can be disabled (privacy settings, sandboxed frames): detection simply moves on.
    return null;
  }
}

function storeLanguage(code: string): void {
  try {
    globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, code);
  } catch {
    // Not being able to remember the choice must not break switching language.
  }
}

/** Keeps <html lang> and dir in step with the active language, so screen readers and fonts follow it. */
function syncDocument(code: string): void {
  const root = globalThis.document?.documentElement;
  if (!root) return;
  root.lang = code;
  root.dir = directionOf(code);
}

export function detectBrowserLanguage(): LanguageCode {
  return detectLanguage({
    stored: readStoredLanguage(),
    browserLanguages: globalThis.navigator?.languages,
    browserLanguage: globalThis.navigator?.language,
    documentLanguage: globalThis.document?.documentElement.lang,
  });
}

i18n.on('languageChanged', (language) => {
  const code = normalizeLanguage(language) ?? FALLBACK_LANGUAGE;
  syncDocument(code);
  storeLanguage(code);
});

let ready: Promise<void> | undefined;

/**
 * Starts i18n with the detected language and resolves once its texts are loaded, so the first render is
 * already in the right language (no flash of English). Never rejects: a language chunk that fails to load
 * leaves the English fallback in place.
 */
export function initI18n(): Promise<void> {
  ready ??= i18n
    .use(lazyLocales)
    .use(initReactI18next)
    .init({
      lng: detectBrowserLanguage(),
      fallbackLng: FALLBACK_LANGUAGE,
      supportedLngs: LANGUAGE_CODES,
      load: 'languageOnly',
      resources: { en: { translation: en } },
      partialBundledLanguages: true,
      // React escapes what it renders; escaping here as well would show entities such as &amp; on screen.
      interpolation: { escapeValue: false },
      returnNull: false,
      // Ready before the first render (see above), so components never need to suspend on texts.
      react: { useSuspense: false },
    })
    .then(
      () => undefined,
      (error: unknown) => console.error('i18n failed to initialise', error),
    );
  return ready;
}

/** Switches the interface language (spec §1); unsupported codes fall back to English. */
export async function changeLanguage(code: string): Promise<void> {
  await i18n.changeLanguage(normalizeLanguage(code) ?? FALLBACK_LANGUAGE);
}

export { i18n };
