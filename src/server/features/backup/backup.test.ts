import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Database, openDatabase } from '#server/db/client.ts';
import { createLocalFileStore, type FileStore } from '#server/lib/file-store.ts';
import { enrolledAdmin } from '#tests/component/admins.ts';
import { type CompleteCreator, insertCompleteCreator } from '#tests/fixtures/creators.ts';
import { buildTestApp, setUpTestApp, signIn, TEST_ADMIN } from '#tests/setup/test-app.ts';
import { createTestDatabase } from '#tests/setup/test-db.ts';
import { writeBackup } from './backup.service.ts';
import { writeBackupFile } from './backup-file.ts';
import { backedUpTables, rowsOf } from './backup-tables.ts';
import { requestBackup, startControlSocket } from './control-socket.ts';
import { holdingDeletions } from './deletion-hold.ts';
import { type RestoreTarget, restoreArchive, verifyArchive } from './restore.service.ts';

const t = setUpTestApp();
let dir: string;
let creators: CompleteCreator[];
const PASSPHRASE = 'correct horse battery staple, twice';

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'rollick-backup-test-'));
  creators = [await insertCompleteCreator(t), await insertCompleteCreator(t), await insertCompleteCreator(t)];
  await enrolledAdmin(t, 'reviewer.kim', 'a long reviewer password');
  // The alert worker stamps each event it fans out up to half a second after its commit (GATHER_MS): a stamp
  // landing after the backup would tell the live database from its restored copy.
  await vi.waitFor(
    async () => {
      const [waiting] = await rowsOf<{ count: number }>(
        t.database.db,
        sql`select count(*)::int as count from outbox_events where fanned_out_at is null`,
      );
      expect(waiting?.count).toBe(0);
    },
    { timeout: 10_000, interval: 100 },
  );
}, 60_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

const backup = (file: string, passphrase?: string) =>
  writeBackupFile(path.join(dir, file), passphrase, (sink) =>
    writeBackup({ database: t.database, store: t.store, twoFactorKey: t.config.totpEncryptionKey }, sink),
  );

/** Every stored row of every backed-up table, as text, in a stable order. */
async function contentsOf(database: Database): Promise<Record<string, string[]>> {
  const contents: Record<string, string[]> = {};
  for (const table of await backedUpTables(database.db)) {
    const list = table.columns.map((column) => `"${column}"`).join(', ');
    const rows = await rowsOf<{ line: string }>(
      database.db,
      sql.raw(`select row_to_json(r)::text as line from (select ${list} from "${table.name}") r`),
    );
    contents[table.name] = rows.map((row) => row.line).sort();
  }
  return contents;
}

/** A fresh database and upload folder to restore into; the restore closes the database it opens, this keeps it. */
async function freshTarget(): Promise<{
  target: RestoreTarget;
  database: Database;
  store: FileStore;
  close(): Promise<void>;
}> {
  const database = await createTestDatabase();
  const uploads = await mkdtemp(path.join(tmpdir(), 'rollick-restore-'));
  const store = createLocalFileStore(uploads);
  return {
    target: { openDatabase: async () => ({ ...database, close: async () => {} }), store, description: 'a test target' },
    database,
    store,
    close: async () => {
      await database.close();
      await rm(uploads, { recursive: true, force: true });
    },
  };
}

async function bytesOf(store: FileStore, key: string): Promise<Buffer> {
  const file = await store.get(key);
  if (!file) throw new Error(`no file ${key}`);
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('a backup', () => {
  it('holds every row and every file a row names, and restores them byte for byte into an empty target', async () => {
    const written = await backup('full.tar');
    expect(written).toMatchObject({ creators: 6, missingFiles: 0 });
    // Each complete creator: a selfie, a second application's selfie, a revenue screenshot and two stage-2 images.
    expect(written.files).toBe(3 * 5);

    const verified = await verifyArchive(written.file, undefined);
    const { manifest } = verified;
    expect(manifest).toMatchObject({ format: 'rollick-backup', engine: t.database.driver, twoFactorKey: true });
    expect(manifest.tables).toMatchObject({ creators: 6, stage2_submissions: 3, admins: 2 });
    expect(manifest.tables).not.toHaveProperty('admin_sessions');
    expect(Object.keys(manifest.entries).filter((name) => name.startsWith('files/'))).toHaveLength(15);

    const restored = await freshTarget();
    try {
      const summary = await restoreArchive(written.file, undefined, verified, restored.target, { force: false });
      expect(summary).toMatchObject({ creators: 6, files: 15, admins: 2 });
      const before = await contentsOf(t.database);
      const after = await contentsOf(restored.database);
      expect(after).toEqual(before);
      for (const creator of creators) {
        const keys = [creator.files.selfie, ...creator.files.images, creator.files.revenueScreenshot];
        for (const key of keys)
          expect((await bytesOf(restored.store, key)).equals(await bytesOf(t.store, key))).toBe(true);
      }

      // The restored install serves them: its admin signs in with the same password and opens a creator's photo.
      const app = await buildTestApp({ database: restored.database, store: restored.store });
      try {
        const headers = await signIn(app, TEST_ADMIN);
        const creator = creators[0] as CompleteCreator;
        const detail = await app.app.inject({ url: `/api/admin/creators/${creator.creator.creatorId}`, headers });
        expect(detail.statusCode).toBe(200);
        const photo = await app.app.inject({ url: `/api/admin/files/${creator.files.selfie}`, headers });
        expect(photo.statusCode).toBe(200);
        expect(photo.rawPayload.equals(await bytesOf(t.store, creator.files.selfie))).toBe(true);
      } finally {
        await app.close();
      }

      // Once restored, the target is not empty: a second restore is refused unless forced, and changes nothing.
      const signedInSince = await contentsOf(restored.database);
      await expect(
        restoreArchive(written.file, undefined, verified, restored.target, { force: false }),
      ).rejects.toThrow(/The target is not empty \(it holds 6 creators, \d+ recruiters? and 2 admins\); .*--force/);
      expect(await contentsOf(restored.database)).toEqual(signedInSince);
      await restoreArchive(written.file, undefined, verified, restored.target, { force: true });
      expect(await contentsOf(restored.database)).toEqual(before);
    } finally {
      await restored.close();
    }
  }, 60_000);

  it('is refused by verify and restore when damaged or cut short, and the target is left as it was', async () => {
    const written = await backup('damaged.tar');
    const { size } = await stat(written.file);
    const truncated = path.join(dir, 'truncated.tar');
    await writeFile(truncated, (await readFile(written.file)).subarray(0, Math.floor(size / 2)));
    await expect(verifyArchive(truncated, undefined)).rejects.toThrow(/truncated/);

    // One byte changed inside a stored photo: the archive still reads, its checksum does not match.
    const flipped = path.join(dir, 'flipped.tar');
    const bytes = await readFile(written.file);
    const photoAt = bytes.indexOf(Buffer.from(`files/${creators[1]?.files.selfie}`)) + 512 + 100;
    bytes[photoAt] = (bytes[photoAt] ?? 0) ^ 0xff;
    await writeFile(flipped, bytes);
    await expect(verifyArchive(flipped, undefined)).rejects.toThrow(
      `The archive is damaged: files/${creators[1]?.files.selfie} does not match its checksum.`,
    );

    const restored = await freshTarget();
    try {
      const empty = await contentsOf(restored.database);
      for (const file of [truncated, flipped]) {
        await expect(verifyArchive(file, undefined)).rejects.toThrow(/truncated|damaged/);
      }
      expect(await contentsOf(restored.database)).toEqual(empty);

      // A sound archive whose rows the target will not take (a rule this target has of its own): the load fails
      // halfway, its rows are rolled back and the files it had written are removed again.
      await restored.database.db.execute(
        sql`alter table stage2_submissions add constraint no_pitches check (agency_pitch = '')`,
      );
      const verified = await verifyArchive(written.file, undefined);
      await expect(
        restoreArchive(written.file, undefined, verified, restored.target, { force: false }),
      ).rejects.toThrow();
      expect(await contentsOf(restored.database)).toEqual(empty);
      const files: string[] = [];
      for await (const { key } of restored.store.list()) files.push(key);
      expect(files).toEqual([]);
    } finally {
      await restored.close();
    }
  }, 60_000);

  it('is encrypted with a passphrase: the right one restores, a wrong one or a cut archive is refused', async () => {
    const sealed = await backup('sealed.tar.enc', PASSPHRASE);
    const plainText = await readFile(sealed.file);
    // Nothing of it reads without the passphrase: neither the names of entries nor the applicants' data.
    expect(plainText.includes(Buffer.from('manifest.json'))).toBe(false);
    expect(plainText.includes(Buffer.from(creators[0]?.files.selfie ?? '-'))).toBe(false);

    await expect(verifyArchive(sealed.file, 'not the passphrase at all')).rejects.toThrow(
      'The passphrase is wrong, or the archive is damaged.',
    );
    await expect(verifyArchive(sealed.file, undefined)).rejects.toThrow(/The archive is encrypted/);
    const cut = path.join(dir, 'cut.tar.enc');
    await writeFile(cut, plainText.subarray(0, plainText.length - 20_000));
    await expect(verifyArchive(cut, PASSPHRASE)).rejects.toThrow(/damaged or truncated/);

    const verified = await verifyArchive(sealed.file, PASSPHRASE);
    const restored = await freshTarget();
    try {
      await restoreArchive(sealed.file, PASSPHRASE, verified, restored.target, { force: false });
      expect(await contentsOf(restored.database)).toEqual(await contentsOf(t.database));
    } finally {
      await restored.close();
    }
  }, 60_000);

  it('fails with a clear message on a full disk, sealed or not, and lets deletions run again', async () => {
    for (const [name, passphrase] of [
      ['full-disk.tar', undefined],
      ['full-disk.tar.enc', PASSPHRASE],
    ] as const) {
      // The archive is written to <file>.partial: here that is the device that is always full.
      await symlink('/dev/full', path.join(dir, `${name}.partial`));
      await expect(backup(name, passphrase)).rejects.toThrow(`Cannot write ${path.join(dir, name)}: ENOSPC`);
      expect(await t.database.areFileDeletionsHeld()).toBe(false);
      await expect(stat(path.join(dir, name))).rejects.toThrow(/ENOENT/);
    }
  }, 60_000);

  it('finds every file its snapshot names although deletions ask to run meanwhile', async () => {
    const held = holdingDeletions(t.store, t.database);
    const release = await t.database.holdFileDeletions();
    const key = creators[2]?.files.selfie as string;
    try {
      expect(await t.database.areFileDeletionsHeld()).toBe(true);
      await held.delete(key);
      expect(await t.store.exists(key)).toBe(true);
    } finally {
      await release();
    }
    expect(await t.database.areFileDeletionsHeld()).toBe(false);
    const spare = await t.store.put(randomBytes(64), { extension: 'jpg' });
    await held.delete(spare.key);
    expect(await t.store.exists(spare.key)).toBe(false);
  });
});

describe('the control socket', () => {
  it('streams a backup to the command, and survives a command that goes away halfway', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'rollick-socket-'));
    const messages: string[] = [];
    const log = {
      info: (_: object, message: string) => messages.push(message),
      warn: (_: object, message: string) => messages.push(message),
    };
    const close = await startControlSocket(
      dataDir,
      { database: t.database, store: t.store, twoFactorKey: undefined },
      log,
    );
    try {
      expect((await stat(path.join(dataDir, 'control.sock'))).mode & 0o777).toBe(0o600);
      // A command that reads the first bytes and quits.
      const socket = net.connect(path.join(dataDir, 'control.sock'));
      socket.write('{"command":"backup"}\n');
      await new Promise((resolve) => socket.once('data', resolve));
      socket.destroy();
      await vi.waitFor(() => expect(messages).toContain('backup for the admin command failed'), { timeout: 20_000 });
      expect(await t.database.areFileDeletionsHeld()).toBe(false);

      const written = await writeBackupFile(path.join(dataDir, 'via-socket.tar'), undefined, async (sink) => {
        const summary = await requestBackup(dataDir, sink);
        if (!summary) throw new Error('no server answered');
        return summary;
      });
      expect(written).toMatchObject({ creators: 6, files: 15 });
      expect((await verifyArchive(written.file, undefined)).manifest.tables.creators).toBe(6);
    } finally {
      await close?.();
      await rm(dataDir, { recursive: true, force: true });
    }
    // Nobody listening: the command is told so, and opens the data directory itself.
    expect(await requestBackup(dataDir, new PassThrough())).toBeNull();
  }, 60_000);
});

describe.skipIf(process.env.TEST_DB_DRIVER === 'postgres')('a backup of an older version', () => {
  it('restores into this version: the schema is built up to its migration, loaded, then migrated on', async () => {
    const older = await mkdtemp(path.join(tmpdir(), 'rollick-older-'));
    const newer = await mkdtemp(path.join(tmpdir(), 'rollick-newer-'));
    try {
      const source = await openDatabase({ driver: 'pglite', dataDir: older, migrateUpTo: '0013_bulk_jobs' });
      try {
        await source.db.execute(
          sql`insert into recruiters (name, email) values ('Ana Beatriz Conceição', 'ana.conceicao@agency.example')`,
        );
        await source.db.execute(sql`insert into admins (username, password_hash) values ('owner', 'not a real hash')`);
        await writeBackupFile(path.join(older, 'older.tar'), undefined, (sink) =>
          writeBackup(
            { database: source, store: createLocalFileStore(path.join(older, 'uploads')), twoFactorKey: undefined },
            sink,
          ),
        );
      } finally {
        await source.close();
      }
      const verified = await verifyArchive(path.join(older, 'older.tar'), undefined);
      expect(verified.manifest.lastMigration).toBe('0013_bulk_jobs');
      expect(verified.manifest.tables).not.toHaveProperty('creator_change_undo');

      const store = createLocalFileStore(path.join(newer, 'uploads'));
      const target: RestoreTarget = {
        openDatabase: (upTo) => openDatabase({ driver: 'pglite', dataDir: newer, migrateUpTo: upTo }),
        store,
        description: 'an empty data directory',
      };
      await restoreArchive(path.join(older, 'older.tar'), undefined, verified, target, { force: false });
      const restored = await openDatabase({ driver: 'pglite', dataDir: newer });
      try {
        const [recruiter] = await rowsOf<{ name: string }>(restored.db, sql`select name from recruiters`);
        expect(recruiter?.name).toBe('Ana Beatriz Conceição');
        // The later migrations ran after the rows were in: the undo table of 0014 exists now.
        expect(await backedUpTables(restored.db)).toContainEqual(
          expect.objectContaining({ name: 'creator_change_undo' }),
        );
      } finally {
        await restored.close();
      }
    } finally {
      await rm(older, { recursive: true, force: true });
      await rm(newer, { recursive: true, force: true });
    }
  }, 180_000);

  it('made by a newer version is refused before anything changes', async () => {
    const written = await backup('from-the-future.tar');
    const verified = await verifyArchive(written.file, undefined);
    const future = {
      ...verified,
      manifest: { ...verified.manifest, lastMigration: '0099_from_a_later_version', productVersion: '9.0.0' },
    };
    const restored = await freshTarget();
    try {
      await expect(restoreArchive(written.file, undefined, future, restored.target, { force: false })).rejects.toThrow(
        'The archive was made by a newer version (9.0.0, migration 0099_from_a_later_version); restore it with that version or a later one.',
      );
      expect((await contentsOf(restored.database)).creators).toEqual([]);
    } finally {
      await restored.close();
    }
  }, 60_000);
});
