import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The package root, found by walking up from this module. Sources run from `src/server/lib` and the
 * bundle from `dist/server`, so a fixed relative path would be right for only one of them.
 */
function findProjectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('Cannot find the project root (no package.json above the server code)');
    dir = parent;
  }
  return dir;
}

export const PROJECT_ROOT = findProjectRoot();
/** The package's version, which the API document carries. */
export const PACKAGE_VERSION: string = JSON.parse(
  readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8'),
).version;
export const MIGRATIONS_DIR = path.join(PROJECT_ROOT, 'drizzle');
export const CLIENT_BUILD_DIR = path.join(PROJECT_ROOT, 'dist', 'client');
