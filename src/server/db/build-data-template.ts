import { chmodSync, lstatSync, readdirSync } from 'node:fs';
import { cp, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from './client.ts';
import { knownMigrations } from './migrator.ts';
import { DATA_TEMPLATE_DIR } from './pglite-template.ts';

/**
 * Readable by everyone: the build runs as one user and the server, copying the template into its own
 * DATA_DIR, as another. The server narrows its copy to its own user.
 */
function widenForReading(target: string): void {
  const stats = lstatSync(target);
  if (stats.isSymbolicLink()) return;
  chmodSync(target, stats.isDirectory() ? 0o755 : 0o644);
  if (stats.isDirectory()) for (const name of readdirSync(target)) widenForReading(path.join(target, name));
}

/**
 * `npm run build`'s last step: creates and migrates an embedded cluster once, so that a server's first start
 * on an empty DATA_DIR copies it instead of running initdb and every migration (pglite-template.ts).
 */
async function buildDataTemplate(): Promise<void> {
  const work = await mkdtemp(path.join(tmpdir(), 'rollick-data-template-'));
  const next = `${DATA_TEMPLATE_DIR}.new`;
  try {
    // Gone first, so the new cluster is created from nothing rather than copied from the last build's.
    await rm(DATA_TEMPLATE_DIR, { recursive: true, force: true });
    await rm(next, { recursive: true, force: true });
    const database = await openDatabase({ driver: 'pglite', dataDir: work });
    await database.close();
    // Copied, not renamed: the temporary folder may be on another file system.
    await cp(work, next, { recursive: true });
    // The data directory's own files (its lock, keys) stay out: only the cluster is copied into new ones.
    for (const name of readdirSync(next)) if (name !== 'db') await rm(path.join(next, name), { recursive: true });
    const tags = knownMigrations().map((migration) => migration.tag);
    await writeFile(path.join(next, 'migrations.json'), `${JSON.stringify(tags)}\n`);
    widenForReading(next);
    await rename(next, DATA_TEMPLATE_DIR);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

await buildDataTemplate();
