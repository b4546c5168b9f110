import { isCreatorStatus, statusLabel } from '../creator-status.ts';
import { ADMIN_MESSAGES } from './admin.ts';
import { type MessageKey, type MessageLike, toMessage } from './message.ts';
import { PUBLIC_MESSAGES } from './public.ts';

/** Messages in English, as the API writes them: the catalogue's templates with their parameters filled in. */

type Texts = { readonly [key: string]: string | Texts };

// Pure: a client that imports a schema for its keys drops this module, and the English with it.
const GROUPS: readonly Texts[] = [PUBLIC_MESSAGES, ADMIN_MESSAGES];
const englishPlurals = /* @__PURE__ */ new Intl.PluralRules('en');
const englishNumbers = /* @__PURE__ */ new Intl.NumberFormat('en-US');

/** The English template of a key (the plural form `count` asks for), or undefined for a key not in the catalogue. */
function templateOf(key: string, count?: number): string | undefined {
  const path = key.split('.');
  const last = path.pop() ?? '';
  for (const group of GROUPS) {
    let node: string | Texts | undefined = group;
    for (const segment of path) node = typeof node === 'object' ? node[segment] : undefined;
    if (typeof node !== 'object') continue;
    const plural =
      count === undefined ? undefined : (node[`${last}_${englishPlurals.select(count)}`] ?? node[`${last}_other`]);
    const text = plural ?? node[last];
    if (typeof text === 'string') return text;
  }
  return undefined;
}

/** Whether a text is one of the catalogue's keys (a schema-library default message is not). */
export function isMessageKey(text: string): text is MessageKey {
  return templateOf(text) !== undefined || templateOf(text, 2) !== undefined;
}

/**
 * `{{name}}`, `{{name, number}}` for a number grouped as the language writes it, or `{{name, status}}` for a
 * status code (several joined by commas) written as the spec writes statuses: the client's translator reads the same.
 */
const PLACEHOLDER = /\{\{\s*(\w+)\s*(?:,\s*(number|status)\s*)?\}\}/g;
const englishAlternatives = /* @__PURE__ */ new Intl.ListFormat('en', { type: 'disjunction' });

function englishStatuses(codes: string): string {
  return englishAlternatives.format(codes.split(',').map((code) => (isCreatorStatus(code) ? statusLabel(code) : code)));
}

/** The message in English, as the API writes it. A key the catalogue lacks is written as it is. */
export function englishOf(message: MessageLike): string {
  const { key, params } = toMessage(message);
  const count = typeof params?.count === 'number' ? params.count : undefined;
  const template = templateOf(key, count);
  if (template === undefined) return key;
  return template.replace(PLACEHOLDER, (whole, name: string, format: string | undefined) => {
    const value = params?.[name];
    if (value === undefined) return whole;
    if (format === 'number' && typeof value === 'number') return englishNumbers.format(value);
    return format === 'status' ? englishStatuses(String(value)) : String(value);
  });
}

/** A table of keys as their English texts: the named messages tests and the command line compare replies with. */
export function englishTexts<const T extends Record<string, MessageLike>>(messages: T): { [K in keyof T]: string } {
  return Object.fromEntries(Object.entries(messages).map(([name, message]) => [name, englishOf(message)])) as {
    [K in keyof T]: string;
  };
}
