import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ADMIN_MESSAGES } from '#shared/messages/admin.ts';
import { PUBLIC_MESSAGES } from '#shared/messages/public.ts';

type Tree = { [key: string]: string | Tree };

const LOCALES = path.resolve('src/client/locales');
const NAMESPACES = [
  '',
  'application',
  'admin',
  'account',
  'stage2',
  'me',
  'recruiters',
  'templates',
  'import',
  'messages',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

const read = (language: string, folder: string): Tree =>
  JSON.parse(readFileSync(path.join(LOCALES, folder, `${language}.json`), 'utf8')) as Tree;

/** Messages by key (docs/decisions/031): English is the shared catalogue, the others their two files. */
function loadMessages(language: string): Tree {
  if (language === 'en') return { ...PUBLIC_MESSAGES, ...ADMIN_MESSAGES };
  return { ...read(language, 'messages/public'), ...read(language, 'messages/admin') };
}

function load(language: string, namespace: Namespace): Tree {
  if (namespace === 'messages') return loadMessages(language);
  // The sign-in screen's texts are a part of the admin namespace with a file of its own (lib/i18n.ts).
  if (namespace === 'admin') return { ...read(language, 'admin'), ...read(language, 'login') };
  return read(language, namespace);
}

/**
 * The interface texts of one language, read from the same files the client ships, so one test walks a screen
 * in any language: `text('application.actions.next', 'application')`.
 */
export function textsOf(language: string): (key: string, namespace?: Namespace) => string {
  const trees = new Map(NAMESPACES.map((namespace) => [namespace, load(language, namespace)]));
  return (key, namespace = '') => {
    let node: string | Tree | undefined = trees.get(namespace);
    for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
    if (typeof node !== 'string') throw new Error(`No text ${namespace}:${key} in ${language}`);
    return node;
  };
}

function leafKeys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : leafKeys(value, `${prefix}${key}.`),
  );
}

/**
 * Every dotted key of every namespace, plural forms also by their base (`x_one` → `x`): what the translator
 * shows when it finds no text, so a screen showing one of them shows a raw key.
 */
export function translationKeys(): ReadonlySet<string> {
  const keys = NAMESPACES.flatMap((namespace) => leafKeys(load('en', namespace)));
  return new Set(
    keys.flatMap((key) => [key, key.replace(/_(zero|one|two|few|many|other)$/, '')]).filter((key) => key.includes('.')),
  );
}
