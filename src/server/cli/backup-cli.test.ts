import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#server/db/client.ts';
import { admins, creators } from '#server/db/schema.ts';
import { createAdmin } from '#server/features/admins/admins.service.ts';
import { createLocalFileStore } from '#server/lib/file-store.ts';
import { seal } from '#server/lib/secret-box.ts';
import { resolveTotpKey, TOTP_KEY_FILE } from '#server/lib/totp-key.ts';
import { insertCreator } from '#tests/factories.ts';
import { syntheticSelfie } from '#tests/fixtures/images.ts';
import { createScratchDatabase } from '#tests/setup/test-db.ts';
import { runAdminCli } from './admin-cli.ts';

/** The backup commands as the operator runs them, on real data directories (and PostgreSQL when configured). */
let work: string;
let source: string;
let photoKey: string;
const PASSPHRASE = 'purple elephants at dawn, 1987';

function sink() {
  const chunks: string[] = [];
  return {
    stream: new Writable({
      write(chunk, _encoding, done) {
        chunks.push(String(chunk));
        done();
      },
    }),
    text: () => chunks.join(''),
  };
}

async function admin(argv: string[], env: Record<string, string>, stdin = '') {
  const stdout = sink();
  const stderr = sink();
  const code = await runAdminCli(argv, {
    stdin: Readable.from(stdin ? [stdin] : []),
    stdout: stdout.stream,
    stderr: stderr.stream,
    env: { NODE_ENV: 'test', ...env },
  });
  return { code, out: stdout.text(), err: stderr.text() };
}

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'rollick-backup-cli-'));
  source = path.join(work, 'source');
  const database = await openDatabase({ driver: 'pglite', dataDir: source });
  try {
    // An owner with two-factor sign-in, sealed with the key the embedded install keeps in its data directory.
    const key = await resolveTotpKey({ totpEncryptionKey: undefined, databaseUrl: undefined, dataDir: source });
    const owner = await createAdmin(database.db, { username: 'owner', password: 'a long owner password' });
    await database.db
      .update(admins)
      .set({ totpSecret: seal(key as Buffer, 'JBSWY3DPEHPK3PXPJBSWY3DP'), totpEnabledAt: new Date() })
      .where(eq(admins.id, owner.id));
    const store = createLocalFileStore(path.join(source, 'uploads'));
    photoKey = (await store.put(await syntheticSelfie(4_242), { extension: 'jpg' })).key;
    await insertCreator(database.db, { name: 'Ngozi Okafor', contactInfo: 'ngozi.okafor@example.com', photoKey });
  } finally {
    await database.close();
  }
}, 60_000);
afterAll(() => rm(work, { recursive: true, force: true }));

/** The embedded cases do not depend on the suite's database: they run once, in the PGlite project. */
const isPostgresProject = process.env.TEST_DB_DRIVER === 'postgres';

describe('npm run admin -- backup / verify / restore', () => {
  it.skipIf(isPostgresProject)(
    'backs up a stopped embedded install, verifies it, and restores it with its two-factor key into an empty DATA_DIR',
    async () => {
      // Into a folder that does not exist yet, as the guide's first backup is.
      const file = path.join(work, 'backups', 'plain.tar');
      const taken = await admin(['backup', file], { DATA_DIR: source });
      expect(taken).toMatchObject({ code: 0, err: '' });
      expect(taken.out).toMatch(/^Backup written to .*plain\.tar: 1 creator, 1 file, \d+ KB, in [\d.]+ s\.\n$/);

      const verified = await admin(['verify', file], {});
      expect(verified.out).toMatch(
        /^Archive ok: 1 creator, 1 file, made .+ by version \d+\.\d+\.\d+ \(pglite, migration \d{4}_\w+\)\.\n$/,
      );

      const target = path.join(work, 'restored');
      const restored = await admin(['restore', file], { DATA_DIR: target });
      expect(restored.err).toBe('');
      expect(restored.out).toMatch(
        /^Restored 1 creator, 1 file and 1 admin into the data directory .*restored in [\d.]+ s\. The two-factor key is in .*restored\/totp-encryption\.key\.\n$/,
      );
      // The admins' secrets open with the key they were sealed with, which came along.
      expect(await readFile(path.join(target, TOTP_KEY_FILE), 'utf8')).toBe(
        await readFile(path.join(source, TOTP_KEY_FILE), 'utf8'),
      );
      expect(await readFile(path.join(target, 'uploads', photoKey))).toEqual(
        await readFile(path.join(source, 'uploads', photoKey)),
      );
      const database = await openDatabase({ driver: 'pglite', dataDir: target });
      try {
        const [creator] = await database.db.select().from(creators);
        expect(creator).toMatchObject({ name: 'Ngozi Okafor', photoKey });
      } finally {
        await database.close();
      }

      // Now the target holds data: refused without --force, and nothing is touched.
      const again = await admin(['restore', file], { DATA_DIR: target });
      expect(again).toMatchObject({ code: 1, out: '' });
      expect(again.err).toBe(
        'The target is not empty (it holds 1 creator, 0 recruiters and 1 admin); restore into an empty one, or add --force to replace it.\n',
      );
      expect((await admin(['restore', file, '--force'], { DATA_DIR: target })).code).toBe(0);
    },
    120_000,
  );

  it.skipIf(isPostgresProject)(
    'encrypts with BACKUP_PASSPHRASE or --encrypt, and opens with the same passphrase only',
    async () => {
      const file = path.join(work, 'sealed.tar.enc');
      const typed = await admin(['backup', file, '--encrypt'], { DATA_DIR: source }, `${PASSPHRASE}\n`);
      expect(typed.out).toMatch(/, encrypted, in [\d.]+ s\.\n$/);
      expect(await admin(['verify', file], {})).toMatchObject({
        code: 1,
        err: 'The archive is encrypted: set BACKUP_PASSPHRASE (or BACKUP_PASSPHRASE_FILE).\n',
      });
      expect(await admin(['verify', file], { BACKUP_PASSPHRASE: 'not the passphrase, surely' })).toMatchObject({
        code: 1,
        err: 'The passphrase is wrong, or the archive is damaged.\n',
      });
      expect((await admin(['verify', file], { BACKUP_PASSPHRASE: PASSPHRASE })).out).toMatch(
        /^Archive ok: .*, encrypted\.\n$/,
      );
      expect(await admin(['backup', file], { DATA_DIR: source, BACKUP_PASSPHRASE: 'short' })).toMatchObject({
        code: 1,
        err: 'Invalid configuration:\nBACKUP_PASSPHRASE: must be at least 12 characters\n',
      });
    },
    120_000,
  );

  it.skipIf(isPostgresProject)(
    'refuses a target whose two-factor key does not open the backup, before changing anything',
    async () => {
      const file = path.join(work, 'keyed.tar');
      expect((await admin(['backup', file], { DATA_DIR: source })).code).toBe(0);
      const other = path.join(work, 'other-key');
      const refused = await admin(['restore', file], {
        DATA_DIR: other,
        TOTP_ENCRYPTION_KEY: Buffer.alloc(32, 9).toString('base64'),
      });
      expect(refused.code).toBe(1);
      expect(refused.err).toMatch(
        /^TOTP_ENCRYPTION_KEY does not open the backup's two-factor secrets\. .*--two-factor-key-file/,
      );
      await expect(readFile(path.join(other, TOTP_KEY_FILE))).rejects.toThrow(/ENOENT/);
    },
    120_000,
  );

  it.skipIf(isPostgresProject)(
    'says plainly what is wrong with a missing, damaged or foreign file, and with its arguments',
    async () => {
      expect(await admin(['verify', path.join(work, 'nowhere.tar')], {})).toMatchObject({
        code: 1,
        err: `No such file: ${path.join(work, 'nowhere.tar')}\n`,
      });
      const foreign = path.join(work, 'notes.tar');
      await writeFile(foreign, 'Meeting notes, not a backup.\n'.repeat(40));
      expect((await admin(['verify', foreign], {})).err).toBe('This file is not a backup archive.\n');
      expect((await admin(['backup'], {})).err).toBe('Missing <file> for backup.\n');
      expect((await admin(['restore', 'x.tar', '--wipe'], {})).err).toBe('Unknown option for restore: --wipe\n');
      expect((await admin(['help'], {})).out).toContain('restore <file> [--force] [--two-factor-key-file <path>]');
    },
  );

  it.skipIf(!process.env.TEST_DATABASE_URL || !isPostgresProject)(
    'restores into PostgreSQL, writing the two-factor key where it is asked to',
    async () => {
      const file = path.join(work, 'to-postgres.tar');
      expect((await admin(['backup', file], { DATA_DIR: source })).code).toBe(0);
      const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL as string);
      try {
        const env = {
          DATABASE_URL: scratch.url,
          UPLOADS_DIR: path.join(work, 'pg-uploads'),
          DATA_DIR: path.join(work, 'pg'),
        };
        const withoutKey = await admin(['restore', file], env);
        expect(withoutKey.err).toMatch(
          /^Admins in this backup use two-factor sign-in: add --two-factor-key-file <path>/,
        );
        const keyFile = path.join(work, 'secrets', 'totp.key');
        const restored = await admin(['restore', file, '--two-factor-key-file', keyFile], env);
        expect(restored.err).toBe('');
        expect(restored.out).toMatch(
          /^Restored 1 creator, 1 file and 1 admin into PostgreSQL, uploads in .* The two-factor key is in .*totp\.key\.\n$/,
        );
        expect(await readFile(keyFile, 'utf8')).toBe(await readFile(path.join(source, TOTP_KEY_FILE), 'utf8'));
      } finally {
        await scratch.drop();
      }
    },
    120_000,
  );
});
