import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * What the production server loads before its database is open, read from the build's graph (`npm run build`
 * writes dist/server/bundle-graph.json from esbuild's metafile): the entry and every chunk it imports statically,
 * with the packages bundled into each and those loaded from node_modules. The entry starts the embedded
 * database's thread and only then loads the rest of the server, so the two overlap (docs/decisions/057);
 * packages that only some installations use are loaded when configured.
 */
interface BuiltFile {
  entryPoint: string | null;
  bundled: string[];
  imports: { path: string; kind: string; external: boolean }[];
}
const SERVER = path.resolve('dist/server');
const GRAPH: Record<string, BuiltFile> = JSON.parse(readFileSync(path.join(SERVER, 'bundle-graph.json'), 'utf8'));

/** A package's name from an import path: `drizzle-orm/pglite` → `drizzle-orm`, `@aws-sdk/client-s3` stays. */
function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

function file(name: string): BuiltFile {
  const built = GRAPH[name];
  if (!built) throw new Error(`${name} is not in the build's graph`);
  return built;
}

/** The packages a file and the chunks it imports statically hold or load, each chunk read once. */
function packagesLoadedBy(entry: string): Set<string> {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const pending = [entry];
  while (pending.length > 0) {
    const name = pending.pop() ?? '';
    if (seen.has(name)) continue;
    seen.add(name);
    const built = file(name);
    for (const bundled of built.bundled) packages.add(bundled);
    for (const target of built.imports) {
      if (target.kind !== 'import-statement' && target.kind !== 'require-call') continue;
      if (target.external) packages.add(packageName(target.path));
      else pending.push(target.path);
    }
  }
  return packages;
}

/** The chunks a file imports with import(). */
function loadedLaterBy(name: string): string[] {
  return file(name)
    .imports.filter((target) => target.kind === 'dynamic-import' && !target.external)
    .map((target) => target.path);
}

/** The chunk the entry loads once the database's thread is on its way: start.ts, which reads the configuration. */
function startChunk(): string {
  const chunk = loadedLaterBy('index.js').find((name) => file(name).entryPoint === 'src/server/start.ts');
  if (!chunk) throw new Error('The entry does not load start.ts with import()');
  return chunk;
}

describe('the built server entry', () => {
  const start = startChunk();
  const later = loadedLaterBy(start);
  const whole = new Set([
    ...packagesLoadedBy('index.js'),
    ...packagesLoadedBy(start),
    ...later.flatMap((chunk) => [...packagesLoadedBy(chunk)]),
  ]);

  it('starts the embedded database before it loads the configuration, the driver or the web framework', () => {
    // The entry reads the environment itself: no package comes before the database's thread.
    expect([...packagesLoadedBy('index.js')]).toEqual([]);
    // Then only the configuration's validation: it says which database to open.
    expect([...packagesLoadedBy(start)]).toEqual(['zod']);
    expect(later.map((chunk) => file(chunk).entryPoint)).toEqual(
      expect.arrayContaining(['src/server/db/client.ts', 'src/server/serve.ts']),
    );
    for (const name of ['drizzle-orm', '@electric-sql/pglite', 'fastify', '@fastify/static', '@node-rs/argon2']) {
      expect(whole).toContain(name);
    }
  });

  it('loads node-postgres, image work, Redis, metrics and the AWS SDK only when they are used', () => {
    const optional = [...whole].filter(
      (name) =>
        name === 'pg' ||
        name === 'sharp' ||
        name === 'ioredis' ||
        name === 'prom-client' ||
        name === 'nodemailer' ||
        name.startsWith('@aws-sdk/'),
    );
    expect(optional).toEqual([]);
    // They are in the build all the same, loaded by import() where they are configured.
    const everything = new Set(
      Object.values(GRAPH).flatMap((built) => [
        ...built.bundled,
        ...built.imports.filter((target) => target.external).map((target) => packageName(target.path)),
      ]),
    );
    for (const name of ['pg', 'sharp', 'ioredis', 'prom-client', '@aws-sdk/client-s3'])
      expect(everything).toContain(name);
  });

  it('bundles the framework and the drivers written in JavaScript, so a start resolves no file of theirs', () => {
    const external = new Set(
      Object.values(GRAPH).flatMap((built) =>
        built.imports.filter((target) => target.external).map((target) => packageName(target.path)),
      ),
    );
    for (const name of ['fastify', 'zod', 'drizzle-orm', 'pg', 'find-my-way', 'ajv'])
      expect(external).not.toContain(name);
  });

  it('leaves in node_modules the packages that find files beside their code or are loaded with import()', () => {
    // In a bundle __dirname names dist/server, not the package: its files would not be found.
    const scripts = readdirSync(SERVER).filter((name) => name.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(5);
    for (const name of scripts) {
      expect(readFileSync(path.join(SERVER, name), 'utf8'), name).not.toMatch(/\b__(?:dirname|filename)\b/);
    }
    // Node's import() of a CommonJS package gives its named exports; a bundled chunk would give only its default.
    for (const built of Object.values(GRAPH)) {
      for (const target of built.imports.filter((entry) => entry.kind === 'dynamic-import' && !entry.external)) {
        expect(file(target.path).entryPoint, target.path).toMatch(/^src\//);
      }
    }
  });

  it('finds every package it leaves in node_modules from where the bundle runs', () => {
    // A package nested under another's node_modules is found from that package, not from dist/server.
    const external = [
      ...new Set(
        Object.values(GRAPH).flatMap((built) =>
          built.imports.filter((target) => target.external).map((target) => target.path),
        ),
      ),
    ].filter((name) => !['esbuild', 'pg-native'].includes(name));
    expect(external.length).toBeGreaterThan(5);
    const script = `for (const name of ${JSON.stringify(external)}) import.meta.resolve(name);`;
    expect(() =>
      execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: SERVER, stdio: 'pipe' }),
    ).not.toThrow();
  });
});
