import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { isCreatorStatus } from '#shared/creator-status.ts';
import {
  detectLanguage,
  directionOf,
  LANGUAGE_COOKIE,
  LANGUAGE_STORAGE_KEY,
  normalizeLanguage,
} from '#shared/language-detect.ts';
import { FALLBACK_LANGUAGE, type LanguageCode } from '#shared/languages.ts';
import { statusName } from './status-name.ts';
import { createTranslator, type Namespace, type Texts, type TFunction, type TranslationKey } from './translator.ts';

export type { Namespace, TFunction, TranslationKey };

/**
 * Every language is its own chunk, fetched when used (architecture §6), so a page carries one language only; a page
 * rendered ahead of time carries its texts in itself (takePageTexts). Texts of screens the public page never shows
 * (admin, stage 2, her own page) live in their own namespaces, fetched with the screen (see loadNamespace) and
 * listed in lib/screen-texts.ts: the landing page downloads none of them, nor their list.
 */
const publicTexts = import.meta.glob<{ default: Texts }>('../locales/*.json');

export type LazyNamespace = Exclude<Namespace, 'translation'>;
/**
 * Parts of a namespace that only some code needs: the application form's labels and messages arrive with the
 * form, so the landing page's first load carries only its own texts; the sign-in screen's texts are the admin
 * namespace's `login` part, so the admin login's first load carries them without the back office's.
 */
export type TextPart = 'application' | 'login';

/** What can be loaded on its own: a namespace, or a part of the public texts. */
type Bundle = Namespace | TextPart;

const namespaceOf = (bundle: Bundle): Namespace =>
  bundle === 'application' ? 'translation' : bundle === 'login' ? 'admin' : bundle;

/** The server's messages name statuses by code (`{{from, status}}`): shown as the screens name them. */
const translator = createTranslator({
  statusName: (code, status) =>
    isCreatorStatus(status) ? statusName(translator.fixed(code, 'translation'), code as LanguageCode, status) : status,
});
const listeners = new Set<() => void>();
let language: LanguageCode = FALLBACK_LANGUAGE;
/** Texts in use: a language switch loads them all in the new language before it takes effect. */
const bundlesInUse = new Set<Bundle>(['translation']);
/** Which bundles each language has loaded. */
const loaded = new Set<string>();
/** Bumped on every change, so components re-render with the new texts. */
let version = 0;

function notify(): void {
  version++;
  for (const listener of listeners) listener();
}

async function load(code: LanguageCode, bundle: Bundle): Promise<void> {
  const key = `${code} ${bundle}`;
  if (loaded.has(key)) return;
  const loader =
    bundle === 'translation'
      ? publicTexts[`../locales/${code}.json`]
      : (await import('./screen-texts.ts')).screenTexts(code, bundle);
  if (!loader) throw new Error(`No texts for ${bundle} in ${code}`);
  translator.add(code, namespaceOf(bundle), (await loader()).default);
  loaded.add(key);
}

/** The element a page rendered ahead of time carries its texts in (scripts/prerender.mjs). */
export const PAGE_TEXTS_ID = 'page-texts';

/**
 * Takes the texts a page rendered ahead of time carries in itself, by bundle, as loaded in `code`: the page
 * hydrates without a request for them (docs/decisions/059). A page without them loads its texts as any other.
 */
export function takePageTexts(code: LanguageCode): void {
  const element = globalThis.document?.getElementById(PAGE_TEXTS_ID);
  if (!element?.textContent) return;
  const bundles = JSON.parse(element.textContent) as Partial<Record<Bundle, Texts>>;
  for (const [bundle, texts] of Object.entries(bundles) as Array<[Bundle, Texts]>) {
    translator.add(code, namespaceOf(bundle), texts);
    loaded.add(`${code} ${bundle}`);
  }
  element.remove();
}

/** The interface language and its texts (the subset of i18next's instance the screens use). */
export const i18n = {
  get language(): LanguageCode {
    return language;
  },
  get resolvedLanguage(): LanguageCode {
    return language;
  },
  getFixedT<NS extends Namespace = 'translation'>(code: LanguageCode, namespace?: NS): TFunction<NS> {
    return translator.fixed(code, namespace ?? ('translation' as NS));
  },
  t(key: TranslationKey, options?: Parameters<TFunction>[1]): string {
    return translator.fixed(language, 'translation')(key, options);
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/**
 * A screen's texts in the current language, re-rendering when it changes (product §1). The namespace must have
 * been loaded (the router loads a screen's namespace with its code, loadNamespace); one that was not is fetched,
 * unless `loadIfMissing` is false: a screen that loads it itself, later, says so.
 */
export function useTranslation<NS extends Namespace = 'translation'>(
  namespace?: NS,
  { loadIfMissing = true }: { loadIfMissing?: boolean } = {},
) {
  const current = useSyncExternalStore(
    i18n.subscribe,
    () => version,
    () => version,
  );
  const ns = namespace ?? ('translation' as NS);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new t for every change, so memoised children re-render.
  const t = useMemo(() => translator.fixed(language, ns), [ns, current]);
  const ready = translator.has(language, ns);
  useEffect(() => {
    // Should a screen render before its texts (a namespace nobody loaded), they are fetched now.
    if (!ready && loadIfMissing && ns !== 'translation') void loadNamespace(ns as LazyNamespace);
  }, [ready, ns, loadIfMissing]);
  return { t, i18n, ready };
}

function readStoredLanguage(): string | null {
  try {
    return globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY) ?? null;
  } catch {
    // Storage can be disabled (privacy settings, sandboxed frames): detection simply moves on.
    return null;
  }
}

/** Remembers the choice (product §1), and tells the server too, so the next landing page arrives in it. */
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

/**
 * Makes `code` the interface language once every namespace in use has its texts loaded in it. A screen may
 * start using a namespace while the switch loads (the form arriving just as a stored language is applied): it
 * is loaded in the new language too before the switch takes effect, or it would be left in the old one.
 */
async function activate(code: LanguageCode): Promise<void> {
  const missing = () => [...bundlesInUse].filter((bundle) => !loaded.has(`${code} ${bundle}`));
  for (let bundles = missing(); bundles.length > 0; bundles = missing()) {
    await Promise.all(bundles.map((bundle) => load(code, bundle)));
  }
  language = code;
  syncDocument(code);
  storeLanguage(code);
  notify();
}

let ready: Promise<void> | undefined;

/**
 * Starts in the given language (a page rendered ahead of time is hydrated in its own) or the detected one,
 * and resolves once its texts are loaded, so the first render is already in the right language. There is no
 * fallback language: every language is complete (locales.test.ts), and a fallback would download English
 * beside every other language. Never rejects: texts that fail to load leave their keys on screen.
 */
export function initI18n(code: LanguageCode = detectBrowserLanguage()): Promise<void> {
  ready ??= activate(code).catch((error: unknown) => console.error('i18n failed to initialise', error));
  return ready;
}

/** Loads a screen's namespace, or a part of the public texts, in the current language before it renders. */
export async function loadNamespace(bundle: LazyNamespace | TextPart): Promise<void> {
  await initI18n();
  bundlesInUse.add(bundle);
  await load(language, bundle);
  notify();
}

/** Switches the interface language (product §1); unsupported codes fall back to English. */
export async function changeLanguage(code: string): Promise<void> {
  await initI18n();
  await activate(normalizeLanguage(code) ?? FALLBACK_LANGUAGE);
}
