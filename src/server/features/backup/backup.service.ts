import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, open, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '#server/db/client.ts';
import type { FileStore } from '#server/lib/file-store.ts';
import { PACKAGE_VERSION } from '#server/lib/paths.ts';
import { backedUpTables, lastAppliedMigration, loadOrder, quoteName, rowsOf } from './backup-tables.ts';
import { TarWriter } from './tar.ts';

export const MANIFEST = 'manifest.json';
export const FORMAT = 'rollick-backup';
export const FORMAT_VERSION = 1;
export const TWO_FACTOR_KEY_ENTRY = 'secrets/totp-encryption.key';
/** Rows fetched per round trip while the snapshot is read. */
const FETCH_ROWS = 2_000;

export interface Manifest {
  format: typeof FORMAT;
  formatVersion: number;
  productVersion: string;
  createdAt: string;
  engine: Database['driver'];
  /** The newest migration the database had: a restore builds the schema up to it before loading rows. */
  lastMigration: string;
  /** Rows per table, as the snapshot read them. */
  tables: Record<string, number>;
  /** Every other entry of the archive, with its size and SHA-256 (hex). */
  entries: Record<string, { size: number; sha256: string }>;
  /** Files rows named that the store no longer had when the backup was taken (lost before it). */
  missingFiles: string[];
  /** Whether the key that opens the admins' two-factor secrets is inside (secrets/totp-encryption.key). */
  twoFactorKey: boolean;
}

export interface BackupSummary {
  creators: number;
  files: number;
  missingFiles: number;
  bytes: number;
  ms: number;
}

export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

/** The keys of every stored file a row names, read in the snapshot's transaction. */
async function namedFileKeys(tx: DbOrTx): Promise<string[]> {
  const rows = await rowsOf<{ key: string }>(
    tx,
    sql`select photo_key as key from creators where photo_key is not null
        union select revenue_screenshot_key from stage2_submissions where revenue_screenshot_key is not null
        union select jsonb_array_elements_text(image_keys) from stage2_submissions`,
  );
  return rows.map((row) => row.key).sort();
}

interface TableDump {
  name: string;
  rows: number;
  file: string;
}

/**
 * One table, row by row through a cursor, as JSON lines in a file of `dir`. Written plain: on the embedded
 * engine every other query waits while the snapshot's transaction is open, so compressing waits until after.
 */
async function dumpTable(tx: DbOrTx, table: { name: string; columns: string[] }, dir: string): Promise<TableDump> {
  const file = path.join(dir, `${table.name}.jsonl`);
  const out = await open(file, 'wx', 0o600);
  try {
    const columns = table.columns.map(quoteName).join(', ');
    await tx.execute(
      sql.raw(
        `declare backup_rows no scroll cursor for select row_to_json(r)::text as line from (select ${columns} from ${quoteName(table.name)}) r`,
      ),
    );
    let rows = 0;
    for (;;) {
      const batch = await rowsOf<{ line: string }>(tx, sql.raw(`fetch ${FETCH_ROWS} from backup_rows`));
      if (batch.length === 0) break;
      rows += batch.length;
      await out.write(`${batch.map((row) => row.line).join('\n')}\n`);
    }
    await tx.execute(sql.raw('close backup_rows'));
    return { name: table.name, rows, file };
  } finally {
    await out.close();
  }
}

/** A dump compressed beside itself, once the snapshot's transaction has ended; answers the compressed file. */
async function compress(dump: TableDump): Promise<string> {
  const gzipped = `${dump.file}.gz`;
  await pipeline(createReadStream(dump.file), createGzip({ level: 6 }), createWriteStream(gzipped, { mode: 0o600 }));
  await rm(dump.file);
  return gzipped;
}

async function* hashing(source: AsyncIterable<Buffer | string>, hash: ReturnType<typeof createHash>) {
  for await (const chunk of source) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    hash.update(bytes);
    yield bytes;
  }
}

export interface BackupSource {
  database: Database;
  store: FileStore;
  /** The key sealing two-factor secrets, when this install has one; carried in the archive. */
  twoFactorKey: Buffer | undefined;
}

/**
 * Writes a backup archive (docs/decisions/039) to `out`: the stored files every row names, the database's
 * rows as one consistent snapshot, the two-factor key, and `manifest.json` last. The snapshot is read in
 * one read-only repeatable-read transaction, so every creator acknowledged before it began is in it; files
 * are copied after it, while file deletions wait (`holdFileDeletions`), so every file it names is still
 * there. Does not end `out`.
 */
export async function writeBackup(source: BackupSource, out: Writable): Promise<BackupSummary> {
  const startedAt = Date.now();
  const { database, store } = source;
  const workDir = await mkdtemp(path.join(tmpdir(), 'rollick-backup-'));
  const release = await database.holdFileDeletions();
  try {
    const snapshot = await database.db.transaction(
      async (tx) => {
        const migration = await lastAppliedMigration(tx);
        if (!migration.tag) {
          throw new BackupError(
            'The database was migrated by a newer version than this one; take the backup with that version.',
          );
        }
        const tables = await backedUpTables(tx);
        // Written in the order a restore loads them: every table after those its foreign keys name.
        const order = await loadOrder(
          tx,
          tables.map((table) => table.name),
        );
        const dumps: TableDump[] = [];
        for (const name of order) {
          const table = tables.find((candidate) => candidate.name === name);
          if (table) dumps.push(await dumpTable(tx, table, workDir));
        }
        return { migration: migration.tag, dumps, keys: await namedFileKeys(tx) };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );

    const tar = new TarWriter(out);
    const entries: Manifest['entries'] = {};
    const add = async (name: string, size: number, body: Buffer | AsyncIterable<Buffer | string>) => {
      const hash = createHash('sha256');
      if (Buffer.isBuffer(body)) hash.update(body);
      await tar.add(name, size, Buffer.isBuffer(body) ? body : hashing(body, hash));
      entries[name] = { size, sha256: hash.digest('hex') };
    };

    const missingFiles: string[] = [];
    for (const key of snapshot.keys) {
      const file = await store.get(key);
      if (!file) {
        missingFiles.push(key);
        continue;
      }
      try {
        await add(`files/${key}`, file.size, file.stream);
      } finally {
        file.stream.destroy();
      }
    }
    for (const dump of snapshot.dumps) {
      const gzipped = await compress(dump);
      const { size } = await stat(gzipped);
      await add(`database/${dump.name}.jsonl.gz`, size, createReadStream(gzipped));
    }
    if (source.twoFactorKey) await add(TWO_FACTOR_KEY_ENTRY, 44, Buffer.from(source.twoFactorKey.toString('base64')));

    const tables = Object.fromEntries(snapshot.dumps.map((dump) => [dump.name, dump.rows]));
    const manifest: Manifest = {
      format: FORMAT,
      formatVersion: FORMAT_VERSION,
      productVersion: PACKAGE_VERSION,
      createdAt: new Date(startedAt).toISOString(),
      engine: database.driver,
      lastMigration: snapshot.migration,
      tables,
      entries,
      missingFiles,
      twoFactorKey: Boolean(source.twoFactorKey),
    };
    const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    await tar.add(MANIFEST, manifestBytes.length, manifestBytes);
    await tar.finish();
    return {
      creators: tables.creators ?? 0,
      files: snapshot.keys.length - missingFiles.length,
      missingFiles: missingFiles.length,
      bytes: tar.size,
      ms: Date.now() - startedAt,
    };
  } finally {
    await release();
    await rm(workDir, { recursive: true, force: true });
  }
}
