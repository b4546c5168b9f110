import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyMigrations, knownMigrations, pgliteRunner } from './migrator.ts';
import { CREATING_SUFFIX, openCluster } from './pglite-cluster.ts';
import type { PgliteThread } from './pglite-thread.ts';

const tags = knownMigrations().map(({ tag }) => tag);
const previousTag = tags.at(-2) as string;

const migrateUpTo = (upTo?: string) => (thread: PgliteThread) => applyMigrations(pgliteRunner(thread), { upTo });

async function recordedMigrations(thread: PgliteThread): Promise<number> {
  const { rows } = await thread.query('select count(*)::int as count from drizzle.__drizzle_migrations');
  return (rows[0] as { count: number }).count;
}

// The embedded database on disk only: PostgreSQL servers are created by their operators.
describe.skipIf(process.env.TEST_DB_DRIVER === 'postgres')('the embedded database on disk', () => {
  let dataDir: string;
  let dir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'rollick-cluster-'));
    dir = path.join(dataDir, 'db');
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('is created by another process, and the thread that migrated it does not serve it', async () => {
    const opened = await openCluster({ dir, migrate: migrateUpTo(previousTag) });
    try {
      expect(opened.createdBy).not.toBeNull();
      expect(opened.createdBy?.pid).not.toBe(process.pid);
      expect(opened.replaced?.applied).toEqual(tags.slice(0, -1));
      expect(opened.replaced?.threadId).not.toBe(opened.thread.threadId);
      // The serving thread reads what the one it replaced wrote.
      expect(await recordedMigrations(opened.thread)).toBe(tags.length - 1);
      await opened.thread.query("insert into rate_limits (bucket, count, reset_at) values ('kept', 1, now())");
      expect(await readdir(dataDir)).toEqual(['db']);
    } finally {
      await opened.thread.close();
    }
  }, 120_000);

  it('replaces the thread that applied pending migrations, keeping the data', async () => {
    const opened = await openCluster({ dir, migrate: migrateUpTo() });
    try {
      expect(opened.createdBy).toBeNull();
      expect(opened.replaced?.applied).toEqual([tags.at(-1)]);
      expect(opened.replaced?.threadId).not.toBe(opened.thread.threadId);
      expect(await recordedMigrations(opened.thread)).toBe(tags.length);
      const { rows } = await opened.thread.query("select count from rate_limits where bucket = 'kept'");
      expect(rows).toEqual([{ count: 1 }]);
    } finally {
      await opened.thread.close();
    }
  }, 120_000);

  it('keeps the thread that opened an up-to-date database: a later start does no more than before', async () => {
    const opened = await openCluster({ dir, migrate: migrateUpTo() });
    try {
      expect(opened).toMatchObject({ createdBy: null, replaced: null });
      expect(await recordedMigrations(opened.thread)).toBe(tags.length);
    } finally {
      await opened.thread.close();
    }
  }, 120_000);

  it('creates the database afresh over what a start stopped while creating it left', async () => {
    const other = await mkdtemp(path.join(tmpdir(), 'rollick-cluster-'));
    try {
      const creating = path.join(other, `db${CREATING_SUFFIX}`);
      await mkdir(path.join(creating, 'base'), { recursive: true });
      await writeFile(path.join(creating, 'PG_VERSION'), '17\n');
      await writeFile(path.join(creating, 'base', 'half-written'), 'x');
      const opened = await openCluster({ dir: path.join(other, 'db'), migrate: migrateUpTo() });
      try {
        expect(opened.createdBy).not.toBeNull();
        expect(await recordedMigrations(opened.thread)).toBe(tags.length);
        expect(existsSync(creating)).toBe(false);
        expect(existsSync(path.join(other, 'db', 'base', 'half-written'))).toBe(false);
      } finally {
        await opened.thread.close();
      }
    } finally {
      await rm(other, { recursive: true, force: true });
    }
  }, 120_000);
  it('copies a template, already migrated, in place of creating one: no other process and no thread replaced', async () => {
    const copyDir = await mkdtemp(path.join(tmpdir(), 'rollick-cluster-copy-'));
    try {
      const opened = await openCluster({ dir: path.join(copyDir, 'db'), migrate: migrateUpTo(), template: dir });
      try {
        expect(opened).toMatchObject({ createdBy: null, replaced: null });
        expect(await recordedMigrations(opened.thread)).toBe(tags.length);
        // The copy is this process's own, narrowed like a cluster it creates.
        expect((await stat(path.join(copyDir, 'db'))).mode & 0o077).toBe(0);
        expect(existsSync(path.join(copyDir, `db${CREATING_SUFFIX}`))).toBe(false);
      } finally {
        await opened.thread.close();
      }
    } finally {
      await rm(copyDir, { recursive: true, force: true });
    }
  }, 120_000);
});
