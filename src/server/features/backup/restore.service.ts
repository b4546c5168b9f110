import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open as openFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '#server/db/client.ts';
import { knownMigrations } from '#server/db/migrator.ts';
import { type FileExtension, type FileStore, isFileKey } from '#server/lib/file-store.ts';
import { open as openSealedValue, SecretBoxError } from '#server/lib/secret-box.ts';
import {
  BackupError,
  FORMAT,
  FORMAT_VERSION,
  MANIFEST,
  type Manifest,
  TWO_FACTOR_KEY_ENTRY,
} from './backup.service.ts';
import { backedUpTables, loadOrder, quoteName, rowsOf } from './backup-tables.ts';
import { isSealed, openSealed, SealedArchiveError } from './sealed-stream.ts';
import { ArchiveFormatError, readTar, type TarEntry } from './tar.ts';

/** Rows inserted per statement while a table loads. */
const LOAD_ROWS = 1_000;

export class PassphraseNeededError extends BackupError {
  constructor() {
    super(
      'The archive is encrypted: set BACKUP_PASSPHRASE (or BACKUP_PASSPHRASE_FILE), or run on a terminal to type it.',
    );
    this.name = 'PassphraseNeededError';
  }
}

/** Whether the archive at `file` is encrypted, from its first bytes. */
export async function isArchiveSealed(file: string): Promise<boolean> {
  const handle = await openFile(file, 'r').catch((error: NodeJS.ErrnoException) => {
    throw new BackupError(
      error.code === 'ENOENT' ? `No such file: ${file}` : `Cannot read ${file}: ${error.message.split('\n')[0]}`,
    );
  });
  try {
    const head = Buffer.alloc(8);
    const { bytesRead } = await handle.read(head, 0, 8, 0);
    return isSealed(head.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}

/** The archive's entries, decrypted on the way when it is sealed. */
async function entriesOf(file: string, passphrase: string | undefined): Promise<AsyncGenerator<TarEntry>> {
  const sealed = await isArchiveSealed(file);
  if (sealed && passphrase === undefined) throw new PassphraseNeededError();
  const raw = createReadStream(file);
  return readTar(sealed ? openSealed(raw, passphrase as string) : raw);
}

/** The lines of a gzip'd JSON-lines entry, whole lines only. */
async function* jsonLines(body: AsyncIterable<Buffer>): AsyncGenerator<string> {
  const gunzip = createGunzip();
  const input = Readable.from(body);
  input.on('error', (error) => gunzip.destroy(error));
  input.pipe(gunzip);
  let rest = '';
  for await (const chunk of gunzip) {
    const text = rest + (chunk as Buffer).toString('utf8');
    const lines = text.split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) if (line) yield line;
  }
  if (rest) yield rest;
}

async function* hashed(body: AsyncIterable<Buffer>, hash: ReturnType<typeof createHash>, counter: { bytes: number }) {
  for await (const chunk of body) {
    hash.update(chunk);
    counter.bytes += chunk.length;
    yield chunk;
  }
}

function describe(error: unknown): Error {
  if (error instanceof BackupError || error instanceof SealedArchiveError || error instanceof ArchiveFormatError) {
    return error;
  }
  const code = (error as { code?: string }).code;
  if (code === 'Z_DATA_ERROR' || code === 'Z_BUF_ERROR')
    return new BackupError('The archive is damaged (a table does not unpack).');
  return error instanceof Error ? error : new Error(String(error));
}

/** The stored file keys a row of these tables names. */
function keysNamedBy(table: string, line: string): string[] {
  if (table !== 'creators' && table !== 'stage2_submissions') return [];
  const row = JSON.parse(line) as Record<string, unknown>;
  const keys: unknown[] = [row.photo_key, row.revenue_screenshot_key, ...((row.image_keys as unknown[]) ?? [])];
  return keys.filter((key): key is string => typeof key === 'string');
}

function sealedSecretOf(line: string): string | undefined {
  const secret = (JSON.parse(line) as { totp_secret?: unknown }).totp_secret;
  return typeof secret === 'string' ? secret : undefined;
}

export interface VerifiedArchive {
  manifest: Manifest;
  /** The two-factor key the archive carries, when it does. */
  twoFactorKey: Buffer | undefined;
  /** One admin's sealed two-factor secret, when any admin uses it: what a key must open. */
  sealedSecret: string | undefined;
}

/**
 * Reads the whole archive once: every entry's size and SHA-256 against the manifest, nothing extra or
 * missing, each table's row count, and every file a row names present. Throws BackupError (or the
 * format's own errors) saying what is wrong; changes nothing anywhere.
 */
export async function verifyArchive(file: string, passphrase: string | undefined): Promise<VerifiedArchive> {
  const seen = new Map<string, { size: number; sha256: string }>();
  const rowCounts = new Map<string, number>();
  const named = new Set<string>();
  let manifestText: string | undefined;
  let twoFactorKey: Buffer | undefined;
  let sealedSecret: string | undefined;
  try {
    for await (const entry of await entriesOf(file, passphrase)) {
      if (seen.has(entry.name) || (entry.name === MANIFEST && manifestText !== undefined)) {
        throw new BackupError(`The archive is damaged: ${entry.name} appears twice.`);
      }
      if (entry.name === MANIFEST) {
        const chunks: Buffer[] = [];
        for await (const chunk of entry.body) chunks.push(chunk);
        manifestText = Buffer.concat(chunks).toString('utf8');
        continue;
      }
      const hash = createHash('sha256');
      const counter = { bytes: 0 };
      const body = hashed(entry.body, hash, counter);
      const table = /^database\/([a-z0-9_]+)\.jsonl\.gz$/.exec(entry.name)?.[1];
      if (table) {
        let rows = 0;
        for await (const line of jsonLines(body)) {
          rows++;
          for (const key of keysNamedBy(table, line)) named.add(key);
          if (table === 'admins' && sealedSecret === undefined) sealedSecret = sealedSecretOf(line);
        }
        rowCounts.set(table, rows);
      } else if (entry.name === TWO_FACTOR_KEY_ENTRY) {
        const chunks: Buffer[] = [];
        for await (const chunk of body) chunks.push(chunk);
        twoFactorKey = Buffer.from(Buffer.concat(chunks).toString('ascii').trim(), 'base64');
      } else {
        for await (const _ of body) {
          // read through for its hash
        }
      }
      seen.set(entry.name, { size: counter.bytes, sha256: hash.digest('hex') });
    }
  } catch (error) {
    throw describe(error);
  }
  if (manifestText === undefined)
    throw new BackupError('The archive is truncated or not a backup: it has no manifest.json.');
  let manifest: Manifest;
  try {
    manifest = JSON.parse(manifestText) as Manifest;
  } catch {
    throw new BackupError('The archive is damaged: its manifest.json does not read.');
  }
  if (manifest.format !== FORMAT) throw new BackupError('This archive is not a backup of this product.');
  if (manifest.formatVersion > FORMAT_VERSION) {
    throw new BackupError(
      `The archive was written by a newer version (${manifest.productVersion}); verify it with that.`,
    );
  }
  for (const [name, expected] of Object.entries(manifest.entries)) {
    const actual = seen.get(name);
    if (!actual) throw new BackupError(`The archive is incomplete: ${name} is missing.`);
    if (actual.size !== expected.size || actual.sha256 !== expected.sha256) {
      throw new BackupError(`The archive is damaged: ${name} does not match its checksum.`);
    }
  }
  for (const name of seen.keys()) {
    if (!(name in manifest.entries))
      throw new BackupError(`The archive holds ${name}, which its manifest does not list.`);
  }
  for (const [table, rows] of Object.entries(manifest.tables)) {
    if (rowCounts.get(table) !== rows) throw new BackupError(`The archive is damaged: table ${table} lacks rows.`);
  }
  const missing = new Set(manifest.missingFiles);
  for (const key of named) {
    if (!seen.has(`files/${key}`) && !missing.has(key))
      throw new BackupError(`The archive lacks the file ${key}, which a row names.`);
  }
  if (twoFactorKey && twoFactorKey.length !== 32)
    throw new BackupError('The archive is damaged: its two-factor key does not read.');
  return { manifest, twoFactorKey, sealedSecret };
}

export interface RestoreTarget {
  /** Opens the target database, its schema migrated up to `upTo` (a migration's tag). */
  openDatabase(upTo: string): Promise<Database>;
  store: FileStore;
  /** Where it is, for the summary: "the data directory /srv/data", "PostgreSQL and the bucket b". */
  description: string;
}

export interface RestoreSummary {
  creators: number;
  files: number;
  admins: number;
  ms: number;
}

/** Whether the target already holds anything a restore would replace. */
async function targetContents(database: Database, store: FileStore): Promise<string | null> {
  const [counts] = await rowsOf<{ admins: number; creators: number; recruiters: number }>(
    database.db,
    sql`select (select count(*) from admins)::int as admins, (select count(*) from creators)::int as creators,
               (select count(*) from recruiters)::int as recruiters`,
  );
  if (counts && counts.admins + counts.creators + counts.recruiters > 0) {
    const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;
    return `${count(counts.creators, 'creator')}, ${count(counts.recruiters, 'recruiter')} and ${count(counts.admins, 'admin')}`;
  }
  for await (const _ of store.list()) return 'stored files';
  return null;
}

async function loadTable(tx: Tx, table: string, columns: string[], body: AsyncIterable<Buffer>): Promise<number> {
  const name = sql.raw(quoteName(table));
  const list = sql.raw(columns.map(quoteName).join(', '));
  let batch: string[] = [];
  let rows = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    // The lines go in as they were read, never parsed here: numbers, dates and bytes keep their exact text.
    const json = `[${batch.join(',')}]`;
    await tx.execute(
      sql`insert into ${name} (${list}) select ${list} from json_populate_recordset(null::${name}, ${json}::json)`,
    );
    rows += batch.length;
    batch = [];
  };
  for await (const line of jsonLines(body)) {
    batch.push(line);
    if (batch.length >= LOAD_ROWS) await flush();
  }
  await flush();
  return rows;
}

/**
 * Loads a verified archive into an empty target (or any, with `force`): files first, then every table in
 * one transaction with the target's own triggers off (the archive holds the counts they keep). A failure
 * rolls the rows back and removes the files it wrote, so the target is left as it was.
 */
export async function restoreArchive(
  file: string,
  passphrase: string | undefined,
  verified: VerifiedArchive,
  target: RestoreTarget,
  options: { force: boolean },
): Promise<RestoreSummary> {
  const startedAt = Date.now();
  const { manifest } = verified;
  if (!knownMigrations().some((entry) => entry.tag === manifest.lastMigration)) {
    throw new BackupError(
      `The archive was made by a newer version (${manifest.productVersion}, migration ${manifest.lastMigration}); restore it with that version or a later one.`,
    );
  }
  const database = await target.openDatabase(manifest.lastMigration);
  const written: string[] = [];
  try {
    const existing = await targetContents(database, target.store);
    if (existing && !options.force) {
      throw new BackupError(
        `The target is not empty (it holds ${existing}); restore into an empty one, or add --force to replace it.`,
      );
    }
    const entries = (await entriesOf(file, passphrase))[Symbol.asyncIterator]();
    let next = await entries.next();
    for (; !next.done && next.value.name.startsWith('files/'); next = await entries.next()) {
      const key = next.value.name.slice('files/'.length);
      if (!isFileKey(key)) throw new BackupError(`The archive holds a file with a malformed name: ${next.value.name}`);
      const extension = key.slice(key.indexOf('.') + 1) as FileExtension;
      await target.store.put(Readable.from(next.value.body), { extension, key });
      written.push(key);
    }
    const counts = await database.db.transaction(async (tx) => {
      const tables = await backedUpTables(tx);
      const columns = new Map(tables.map((table) => [table.name, table.columns]));
      const names = tables.map((table) => table.name);
      for (const name of names) await tx.execute(sql.raw(`alter table ${quoteName(name)} disable trigger user`));
      await tx.execute(sql.raw(`truncate table ${names.map(quoteName).join(', ')} cascade`));
      const order = await loadOrder(tx, names);
      const loaded = new Map<string, number>();
      for (; !next.done; next = await entries.next()) {
        const table = /^database\/([a-z0-9_]+)\.jsonl\.gz$/.exec(next.value.name)?.[1];
        if (!table) continue;
        const tableColumns = columns.get(table);
        if (!tableColumns) throw new BackupError(`The archive holds table ${table}, which this version does not have.`);
        const unmet = order
          .slice(0, order.indexOf(table))
          .filter((parent) => !loaded.has(parent) && parent in manifest.tables);
        if (unmet.length > 0)
          throw new BackupError(`The archive's tables are out of order (${table} before ${unmet[0]}).`);
        loaded.set(table, await loadTable(tx, table, tableColumns, next.value.body));
      }
      for (const name of names) await tx.execute(sql.raw(`alter table ${quoteName(name)} enable trigger user`));
      const [admins] = await rowsOf<{ count: number }>(tx, sql`select count(*)::int as count from admins`);
      return { creators: loaded.get('creators') ?? 0, admins: admins?.count ?? 0 };
    });
    return { ...counts, files: written.length, ms: Date.now() - startedAt };
  } catch (error) {
    await Promise.allSettled(written.map((key) => target.store.delete(key)));
    throw describe(error);
  } finally {
    await database.close();
  }
}

/** Whether `key` opens a two-factor secret sealed by the archive's install. */
export function keyOpens(key: Buffer | undefined, sealed: string): boolean {
  if (!key) return false;
  try {
    openSealedValue(key, sealed);
    return true;
  } catch (error) {
    if (error instanceof SecretBoxError) return false;
    throw error;
  }
}
