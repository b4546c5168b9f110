import { FALLBACK_LANGUAGE, isLanguageCode, type LanguageCode } from './languages.ts';

/** The single place the chosen language is cached (product §1). */
export const LANGUAGE_STORAGE_KEY = 'rollick.lang';
/**
 * The same choice as a cookie, so the server can send the landing page already in that language (local
 * storage never reaches it). It only ever holds a language code.
 */
export const LANGUAGE_COOKIE = 'rollick_lang';

/** BCP-47-ish: a primary language subtag, then optional script, region or variant subtags (en, pt-BR, zh-Hant-TW). */
const LANGUAGE_TAG = /^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})*$/;
/** Real tags are short; anything longer is not worth parsing. */
const MAX_TAG_LENGTH = 35;
/** Markers of an injection attempt: such a value is discarded outright, never repaired (product §1). */
const SUSPICIOUS = /[<>"'`]|javascript:/i;

/** Scripts written right to left: Arabic, Hebrew (and its old code iw), Persian, Urdu, Pashto, Sindhi, Uyghur, Yiddish, Dhivehi, Sorani Kurdish. */
const RTL_LANGUAGES = new Set(['ar', 'he', 'iw', 'fa', 'ur', 'ps', 'sd', 'ug', 'yi', 'dv', 'ckb']);

/**
 * A well-formed language tag with the underscore form (pt_BR, as some systems write it) turned into a hyphen,
 * or null for anything that is not a plausible tag.
 */
export function sanitizeLanguageTag(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  if (trimmed.length === 0 || trimmed.length > MAX_TAG_LENGTH || SUSPICIOUS.test(trimmed)) return null;
  const tag = trimmed.replaceAll('_', '-');
  return LANGUAGE_TAG.test(tag) ? tag : null;
}

/** The supported interface language a tag stands for (pt-BR → pt, DE-de → de), or null. */
export function normalizeLanguage(value: unknown): LanguageCode | null {
  const tag = sanitizeLanguageTag(value);
  if (!tag) return null;
  const primary = tag.split('-')[0]?.toLowerCase();
  return isLanguageCode(primary) ? primary : null;
}

export interface DetectionSources {
  /** The value cached in local storage. */
  stored?: string | null | undefined;
  /** navigator.languages, most preferred first. */
  browserLanguages?: readonly string[] | undefined;
  /** navigator.language, for browsers without navigator.languages. */
  browserLanguage?: string | undefined;
  /** The lang attribute of <html>. */
  documentLanguage?: string | null | undefined;
}

/** Product §1 order: local storage, then the browser's languages, then the page's language tag, then English. */
export function detectLanguage(sources: DetectionSources): LanguageCode {
  const candidates = [
    sources.stored,
    ...(sources.browserLanguages ?? []),
    sources.browserLanguage,
    sources.documentLanguage,
  ];
  for (const candidate of candidates) {
    const code = normalizeLanguage(candidate);
    if (code) return code;
  }
  return FALLBACK_LANGUAGE;
}

/**
 * The languages of an Accept-Language header, most preferred first (by q, then by position): what the
 * browser also reports as navigator.languages. Languages with q=0 are refused, so they are left out.
 */
export function parseAcceptLanguage(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .slice(0, 20)
    .map((entry, index) => {
      const [tag = '', ...params] = entry.trim().split(';');
      const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag && entry.tag !== '*' && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}

/** Text direction for a language tag; unknown or malformed tags read left to right. */
export function directionOf(code: unknown): 'rtl' | 'ltr' {
  const tag = sanitizeLanguageTag(code)?.toLowerCase();
  if (!tag) return 'ltr';
  const [primary = '', script] = tag.split('-');
  // A script subtag overrides the language's usual script (e.g. Azerbaijani in Arabic script, az-Arab).
  if (script === 'arab' || script === 'hebr' || script === 'thaa' || script === 'syrc') return 'rtl';
  if (script === 'latn' || script === 'cyrl') return 'ltr';
  return RTL_LANGUAGES.has(primary) ? 'rtl' : 'ltr';
}
