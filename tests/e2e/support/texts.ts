import { readFileSync } from 'node:fs';
import path from 'node:path';

type Tree = { [key: string]: string | Tree };

const LOCALES = path.resolve('src/client/locales');
const NAMESPACES = ['', 'application', 'admin', 'account', 'stage2', 'recruiters'] as const;
export type Namespace = (typeof NAMESPACES)[number];

function load(language: string, namespace: Namespace): Tree {
  return JSON.parse(readFileSync(path.join(LOCALES, namespace, `${language}.json`), 'utf8')) as Tree;
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
