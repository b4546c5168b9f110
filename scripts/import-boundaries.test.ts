import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The directions architecture §9.1 and §9.15 set for imports inside a side, which Biome's per-folder rules do not
 * express: client features never import one another (route screens compose them), and the admin features on
 * the server are layered admins ← auth ← account.
 */
const ALIASES: Record<string, string> = {
  '#client/': 'src/client/',
  '#server/': 'src/server/',
  '#shared/': 'src/shared/',
};

/** Bottom first: a feature may import the ones before it, never one after it. */
const ADMIN_LAYERS = ['admins', 'auth', 'account'];

interface Edge {
  from: string;
  to: string;
}

function sourceFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'src'], {
    encoding: 'utf8',
  });
  return listed.split('\n').filter((file) => /\.(ts|tsx)$/.test(file));
}

/**
 * Every module a file imports (static, dynamic, type-only and re-exports), as a path from the repository root.
 * Only local modules count: an alias or a relative path.
 */
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g;

function importsOf(file: string): string[] {
  return [...readFileSync(file, 'utf8').matchAll(SPECIFIER)].flatMap(([, specifier = '']) => {
    const alias = Object.keys(ALIASES).find((prefix) => specifier.startsWith(prefix));
    if (alias) return [ALIASES[alias] + specifier.slice(alias.length)];
    if (specifier.startsWith('.')) return [path.posix.join(path.posix.dirname(file), specifier)];
    return [];
  });
}

const edges: Edge[] = sourceFiles().flatMap((from) => importsOf(from).map((to) => ({ from, to })));

/** The feature folder a path sits in, e.g. `creators` for src/client/features/creators/api/get-creators.ts. */
const featureOf = (file: string, side: 'client' | 'server') =>
  file.startsWith(`src/${side}/features/`) ? file.split('/')[3] : undefined;

describe('imports between features', () => {
  it('finds the imports it checks', () => {
    expect(edges.some(({ from }) => featureOf(from, 'client') === 'creators')).toBe(true);
    expect(
      edges.some(({ from, to }) => featureOf(from, 'server') === 'auth' && featureOf(to, 'server') === 'admins'),
    ).toBe(true);
  });

  it('never cross from one client feature into another', () => {
    const crossing = edges.filter(({ from, to }) => {
      const source = featureOf(from, 'client');
      const target = featureOf(to, 'client');
      return source !== undefined && target !== undefined && source !== target;
    });
    expect(crossing.map(({ from, to }) => `${from} → ${to}`)).toEqual([]);
  });

  it('run down the admin layers on the server: account → auth → admins', () => {
    const upward = edges.filter(({ from, to }) => {
      const source = ADMIN_LAYERS.indexOf(featureOf(from, 'server') ?? '');
      const target = ADMIN_LAYERS.indexOf(featureOf(to, 'server') ?? '');
      return source !== -1 && target > source;
    });
    expect(upward.map(({ from, to }) => `${from} → ${to}`)).toEqual([]);
  });
});
