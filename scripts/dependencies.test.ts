import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * `dependencies` are what the built server needs at run time, and only that: a production install (the
 * container image, `npm install --omit=dev` after a build) carries them, and the client, built ahead of time
 * into dist/client, needs none of its packages there. React, Radix and the icons alone were some 80 MB of the image.
 */
const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** Packages the server's source imports that production never loads, each with the reason. */
const DEVELOPMENT_ONLY: Record<string, string> = {
  // Bundles the database worker when the server runs from source (tests, `npm run dev`); the build ships it bundled.
  esbuild: 'src/server/db/pglite-thread.ts',
};

/** Production dependencies no server file imports, each with the reason. */
const LOADED_OTHERWISE: Record<string, string> = {
  // `npm run admin` runs the admin CLI from source through it, on an install without the build's tools.
  tsx: 'package.json scripts.admin',
};

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*)['"]([^'"]+)['"]/g;

/** The package a bare specifier names (`@aws-sdk/client-s3/x` → `@aws-sdk/client-s3`); none for local or built-in. */
function packageOf(specifier: string): string | null {
  // The pattern also meets words like "from" inside strings: only what reads as a package name counts.
  if (!/^(@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*(\/[\w./-]*)?$/.test(specifier)) return null;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? null);
}

/** What the server's and the shared code's own files import, tests left out (they run with every package). */
function serverImports(): Set<string> {
  const files = execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', 'src/server', 'src/shared'],
    {
      encoding: 'utf8',
    },
  )
    .split('\n')
    .filter((file) => /\.ts$/.test(file) && !/\.test\.ts$|\.test-support\.ts$/.test(file));
  const packages = new Set<string>();
  for (const file of files) {
    for (const [, specifier = ''] of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
      const name = packageOf(specifier);
      if (name) packages.add(name);
    }
  }
  return packages;
}

describe('production dependencies', () => {
  const imported = serverImports();

  it('hold every package the server imports', () => {
    const missing = [...imported].filter((name) => !manifest.dependencies[name] && !DEVELOPMENT_ONLY[name]);
    expect(missing).toEqual([]);
  });

  it('hold nothing the server does not load: the client’s packages are for the build', () => {
    const unused = Object.keys(manifest.dependencies).filter((name) => !imported.has(name) && !LOADED_OTHERWISE[name]);
    expect(unused).toEqual([]);
    for (const name of ['react', 'react-dom', 'lucide-react', '@tanstack/react-query']) {
      expect(manifest.devDependencies[name], name).toBeDefined();
    }
  });
});
