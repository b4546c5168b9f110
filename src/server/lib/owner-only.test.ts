import { chmod, mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { dataDirWarning } from '../startup-checks.ts';
import { wideEntries } from './owner-only.ts';

const made: string[] = [];
afterEach(async () => {
  for (const dir of made.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function freshDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

/** Every folder and file under `dir`, as an earlier version left them: readable by everyone. */
async function widen(dir: string): Promise<void> {
  await chmod(dir, 0o777);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) await widen(full);
    else await chmod(full, 0o666);
  }
}

// The embedded database's own files: run once, in the PGlite project.
describe.skipIf(process.env.TEST_DB_DRIVER === 'postgres')('the embedded database on disk', () => {
  it('is narrowed to its owner when opened, and what it writes afterwards is owner-only too', async () => {
    const dataDir = await freshDir('rollick-modes-');
    const first = await openDatabase({ driver: 'pglite', dataDir });
    await first.close();
    await widen(path.join(dataDir, 'db'));
    expect((await wideEntries(dataDir)).count).toBeGreaterThan(500);

    const reopened = await openDatabase({ driver: 'pglite', dataDir });
    // New tables, their indexes and WAL: files PostgreSQL creates after the database is open.
    await reopened.db.execute(sql`CREATE TABLE export_batches (id serial PRIMARY KEY, label text NOT NULL)`);
    await reopened.db.execute(
      sql`INSERT INTO export_batches (label) SELECT 'batch ' || n FROM generate_series(1, 5000) AS n`,
    );
    await reopened.db.execute(sql`CHECKPOINT`);
    await reopened.close();

    expect(await wideEntries(dataDir)).toEqual({ paths: [], count: 0 });
    expect(((await stat(path.join(dataDir, 'db'))).mode & 0o777).toString(8)).toBe('700');
    // Two on-disk databases, the first one made from nothing: slower than the suite's default allows.
  }, 120_000);
});

describe('dataDirWarning', () => {
  it('says nothing of an owner-only DATA_DIR, and names the first five wider entries with a count', async () => {
    const dataDir = await freshDir('rollick-warn-');
    await chmod(dataDir, 0o700);
    await writeFile(path.join(dataDir, 'totp-encryption.key'), 'key\n', { mode: 0o600 });
    expect(await dataDirWarning(dataDir)).toBeUndefined();

    const exports = path.join(dataDir, 'exports');
    await mkdir(exports, { mode: 0o700 });
    for (let n = 1; n <= 6; n++) {
      await writeFile(path.join(exports, `creators-${n}.csv`), 'name\n');
      await chmod(path.join(exports, `creators-${n}.csv`), 0o644);
    }
    const warning = await dataDirWarning(dataDir);
    expect(warning).toMatch(/^6 entries under DATA_DIR can be read by other users than this one: /);
    expect(warning?.match(/\(644\)/g)).toHaveLength(5);
    expect(warning).toContain(', and 1 more.');
    expect(warning).not.toContain('totp-encryption.key');
  });
});
