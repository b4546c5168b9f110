import i18n, { type BackendModule, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  detectLanguage,
  directionOf,
  LANGUAGE_COOKIE,
  LANGUAGE_STORAGE_KEY,
  normalizeLanguage,
} from '#shared/language-detect.ts';
import { FALLBACK_LANGUAGE, LANGUAGE_CODES, type LanguageCode } from '#shared/languages.ts';

/**
 * Every language is its own chunk, fetched when used (DESIGN §6), so a page carries one language only; a page
 * rendered ahead of time names its language's chunk for the browser to fetch beside the entry.
 */
const localeFiles = import.meta.glob<{ default: ResourceLanguage }>('../locales/*.json');
function loadLocale(code: LanguageCode) {
  const load = localeFiles[`../locales/${code}.json`];
  if (!load) throw new Error(`No texts for ${code}`);
  return load();
}

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
    return (await loadLocale(code)).default;
  },
};

/** Loads a screen's namespace in the current language before it renders. */
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

/** Remembers the choice (spec §1), and tells the server too, so the next landing page arrives in it. */
function storeLanguage(code: string): void {
  try {
    globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, code);
  } catch {
    // Not being able to remember the choice must not break switching language.
  }
  if (globalThis.document) {
    const secure = globalThis.location?.protocol === 'https:' ? '; Secure' : '';
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox; it holds a language code only.
    globalThis.document.cookie = `${LANGUAGE_COOKIE}=${code}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
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
 * Starts i18n in the given language (a page rendered ahead of time is hydrated in its own) or the detected
 * one, and resolves once its texts are loaded, so the first render is already in the right language. There
 * is no fallback language at run time: every language is complete (locales.test.ts), and a fallback would
 * download English beside every other language. Never rejects.
 */
export function initI18n(language: LanguageCode = detectBrowserLanguage()): Promise<void> {
  ready ??= i18n
    .use(lazyLocales)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: false,
      supportedLngs: LANGUAGE_CODES,
      load: 'languageOnly',
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
