import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * What the production server loads before its database is open, read from the build (`npm run build`): the
 * entry and every chunk it imports statically. The entry starts the embedded database's thread and only then
 * loads the rest of the server, so the two overlap (docs/decisions/057); packages that only some installations
 * use are loaded when configured.
 */
const SERVER = path.resolve('dist/server');

/** The packages and chunks one built module imports statically (`import … from "x"` and `import "x"`). */
function staticImports(file: string): string[] {
  const code = readFileSync(path.join(SERVER, file), 'utf8');
  return [...code.matchAll(/^import\s+(?:[^'"]*?\s+from\s+)?["']([^"']+)["'];?$/gms)].map((match) => match[1] ?? '');
}

/** The packages loaded by a module and its statically imported chunks, each chunk read once. */
function packagesLoadedBy(entry: string): Set<string> {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const pending = [entry];
  while (pending.length > 0) {
    const file = pending.pop() ?? '';
    if (seen.has(file)) continue;
    seen.add(file);
    for (const target of staticImports(file)) {
      if (target.startsWith('./')) pending.push(target.slice(2));
      else if (!target.startsWith('node:')) packages.add(target);
    }
  }
  return packages;
}

/** The chunks the entry imports dynamically: the database's client and the rest of the server. */
function loadedLater(): string[] {
  const code = readFileSync(path.join(SERVER, 'index.js'), 'utf8');
  const chunks = [...code.matchAll(/import\(["']\.\/([^"']+\.js)["']\)/g)].map((match) => match[1] ?? '');
  if (!chunks.some((chunk) => chunk.startsWith('serve-')))
    throw new Error('The entry does not load serve.ts with import()');
  return chunks;
}

describe('the built server entry', () => {
  const beforeDatabase = packagesLoadedBy('index.js');
  const whole = new Set([...beforeDatabase, ...loadedLater().flatMap((chunk) => [...packagesLoadedBy(chunk)])]);

  it('starts the embedded database before it loads the database driver or the web framework', () => {
    // Only the configuration's validation comes first: the entry needs it to know which database to open.
    expect([...beforeDatabase]).toEqual(['zod']);
    expect(readFileSync(path.join(SERVER, 'index.js'), 'utf8')).not.toMatch(/from ['"]\.\/serve-/);
    for (const name of ['drizzle-orm/pglite', 'fastify', '@fastify/static', '@node-rs/argon2']) {
      expect(whole).toContain(name);
    }
  });

  it('loads node-postgres, image work, Redis, metrics and the AWS SDK only when they are used', () => {
    const optional = [...whole].filter(
      (name) =>
        name === 'pg' ||
        name.startsWith('drizzle-orm/node-postgres') ||
        name === 'sharp' ||
        name === 'ioredis' ||
        name === 'prom-client' ||
        name.startsWith('@aws-sdk/'),
    );
    expect(optional).toEqual([]);
  });
});
