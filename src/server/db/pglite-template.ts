import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../lib/paths.ts';
import { knownMigrations } from './migrator.ts';

/**
 * Where the build keeps an embedded cluster made and migrated ahead of time (scripts/build-server.mjs): `db/`,
 * the cluster, and `migrations.json`, the tags it was migrated to.
 */
export const DATA_TEMPLATE_DIR = path.join(PROJECT_ROOT, 'dist', 'data-template');

/**
 * The template's cluster when one was built and its migrations are the first of those this code carries (a
 * build older than the code migrates the copy up to date as usual); none otherwise, and a new database is
 * then created from nothing. Only for the code's own migrations: tests that migrate from a folder of their
 * own, or a restore that stops at an older migration, never start from it.
 */
export function dataTemplate(options: { migrationsDir?: string | undefined; upTo?: string | undefined }) {
  if (options.migrationsDir !== undefined || options.upTo !== undefined) return undefined;
  const cluster = path.join(DATA_TEMPLATE_DIR, 'db');
  if (!existsSync(path.join(cluster, 'PG_VERSION'))) return undefined;
  let tags: unknown;
  try {
    tags = JSON.parse(readFileSync(path.join(DATA_TEMPLATE_DIR, 'migrations.json'), 'utf8'));
  } catch {
    return undefined;
  }
  const known = knownMigrations().map((migration) => migration.tag);
  if (!Array.isArray(tags) || tags.length === 0 || tags.length > known.length) return undefined;
  return tags.every((tag, index) => tag === known[index]) ? cluster : undefined;
}
