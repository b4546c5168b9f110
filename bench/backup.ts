import { execFile } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { promisify } from 'node:util';
import { createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { type Database, openDatabase } from '../src/server/db/client.ts';
import { writeBackup } from '../src/server/features/backup/backup.service.ts';
import { writeBackupFile } from '../src/server/features/backup/backup-file.ts';
import { backedUpTables, loadOrder, quoteName } from '../src/server/features/backup/backup-tables.ts';
import { restoreArchive, verifyArchive } from '../src/server/features/backup/restore.service.ts';
import { createLocalFileStore, type FileStore } from '../src/server/lib/file-store.ts';
import { rawClientOf } from './admin-lists.ts';
import { freshPostgres, noisyJpeg, quantile, round, seedNetwork } from './support.ts';

/**
 * Backups at scale (docs/decisions/039): `npm run bench -- backup` seeds 100,000 creators, 1,000 of them with
 * a photo of 65 to 100 KB, and times a backup (plain and with a passphrase), its verification and its restore
 * into an empty target of the same engine, beside the raw cost of the same data measured in the same run:
 * `tar -cf` of the uploads folder plus every backed-up table's rows as JSON lines through the bare driver;
 * the verify beside `tar -xf` of the archive; the restore beside `tar -xf` plus the same rows loaded through
 * the bare driver (the target's opening and migration timed apart). The seed needs 20,000 creators or more.
 * While the plain backup runs, `select 1` is sent every 50 ms: its slowest answer is how long requests wait.
 * On PGlite, and on PostgreSQL with BENCH_DATABASE_URL or TEST_DATABASE_URL. BENCH_BACKUP_CREATORS and
 * BENCH_BACKUP_PHOTOS change the counts.
 */
const CREATORS = Number(process.env.BENCH_BACKUP_CREATORS ?? 100_000);
const PHOTOS = Number(process.env.BENCH_BACKUP_PHOTOS ?? 1_000);
const PASSPHRASE = 'a long bench passphrase, not a real one';
const PROBE_EVERY_MS = 50;
const RSS_EVERY_MS = 100;
const MB = 1024 * 1024;

const run = promisify(execFile);
const mb = (bytes: number) => round(bytes / MB);

/** `select 1` again and again while something runs: how long a request waits meanwhile. */
function probeIntake(database: Database) {
  const waits: number[] = [];
  let isRunning = true;
  const loop = (async () => {
    while (isRunning) {
      const started = performance.now();
      await database.db.execute(sql`select 1`);
      waits.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS));
    }
  })();
  return async () => {
    isRunning = false;
    await loop;
    return { probes: waits.length, medianMs: round(quantile(waits, 0.5)), maxMs: round(Math.max(0, ...waits)) };
  };
}

/** The process's resident memory, sampled while something runs: its peak above where it started. */
function sampleRss() {
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, RSS_EVERY_MS);
  return () => {
    clearInterval(timer);
    peak = Math.max(peak, process.memoryUsage().rss);
    return { rssBeforeMb: mb(before), peakRssDeltaMb: mb(peak - before) };
  };
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { ms: Math.round(performance.now() - started), value };
}

/** A database of the engine's own: PGlite in a temporary data directory, or a new PostgreSQL database. */
async function scratchDatabase(
  driver: 'pglite' | 'postgres',
  migrateUpTo?: string,
): Promise<{ database: Database; cleanup(): Promise<void> }> {
  if (driver === 'postgres') {
    const fresh = await freshPostgres(postgresUrl() ?? '');
    const database = await openDatabase({ driver: 'postgres', url: fresh.url, poolSize: 4, migrateUpTo });
    return {
      database,
      cleanup: async () => {
        await database.close().catch(() => {});
        await fresh.drop();
      },
    };
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'rollick-bench-backup-db-'));
  const database = await openDatabase({ driver: 'pglite', dataDir, migrateUpTo });
  return {
    database,
    cleanup: async () => {
      await database.close().catch(() => {});
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

const postgresUrl = () => process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;

/** PHOTOS creators, the newest, with a photo of noise each (65 to 100 KB, as a phone's selfie after intake). */
async function seedPhotos(database: Database, store: FileStore): Promise<number> {
  const { rows } = (await database.db.execute(
    sql`select id from creators order by created_at desc limit ${PHOTOS}`,
  )) as unknown as { rows: { id: string }[] };
  const photos: { id: string; key: string }[] = [];
  let bytes = 0;
  for (const [index, { id }] of rows.entries()) {
    const photo = await noisyJpeg(300 + ((index * 37) % 141), 260);
    const { key, size } = await store.put(photo, { extension: 'jpg' });
    photos.push({ id, key });
    bytes += size;
  }
  await database.db.execute(sql`update creators set photo_key = photos.key
    from json_to_recordset(${JSON.stringify(photos)}::json) as photos(id uuid, key text) where creators.id = photos.id`);
  return bytes;
}

/**
 * The baseline: the same data without the backup's code. The uploads folder through `tar -cf`, and every
 * table the backup holds as JSON lines, each table in one `select` through the bare driver (PGlite's thread or
 * a pg pool) written to a file as is, or through gzip as the backup writes it.
 */
async function rawDump(database: Database, uploadsDir: string, dir: string, gzip: boolean) {
  await mkdir(dir, { recursive: true });
  const started = performance.now();
  const tarFile = path.join(dir, 'uploads.tar');
  await run('tar', ['-cf', tarFile, '-C', uploadsDir, '.']);
  const tarMs = performance.now() - started;
  const client = rawClientOf(database);
  const tables = await backedUpTables(database.db);
  let dumpBytes = 0;
  for (const table of tables) {
    const file = path.join(dir, `${table.name}.jsonl${gzip ? '.gz' : ''}`);
    const out = createWriteStream(file);
    let sink: Writable = out;
    if (gzip) {
      sink = createGzip({ level: 6 });
      sink.pipe(out);
    }
    const { rows } = await client.query(
      `select row_to_json(r)::text as line from (select ${table.columns.map(quoteName).join(', ')} from ${quoteName(table.name)}) r`,
    );
    // Written 2,000 lines at a time, as the backup writes what each of its fetches brings.
    for (let at = 0; at < rows.length; at += 2_000) {
      const lines = rows.slice(at, at + 2_000).map((row) => `${row.line as string}\n`);
      if (!sink.write(lines.join(''))) await new Promise((resolve) => sink.once('drain', resolve));
    }
    sink.end();
    await finished(out);
    dumpBytes += (await stat(file)).size;
  }
  const totalMs = Math.round(performance.now() - started);
  const tarBytes = (await stat(tarFile)).size;
  await rm(dir, { recursive: true, force: true });
  return {
    ms: totalMs,
    tarMs: Math.round(tarMs),
    bytes: tarBytes + dumpBytes,
    tarMb: mb(tarBytes),
    dumpMb: mb(dumpBytes),
  };
}

/**
 * The restore's baseline: the files out of a plain `tar` (`tar -xf`), and every table's rows read from the
 * source through the bare driver as JSON lines and loaded into an empty, migrated target, 1,000 rows per
 * `insert … json_populate_recordset`, its triggers off and its tables emptied first, in one transaction, in the order of its foreign keys.
 */
async function rawLoad(source: Database, target: Database, archive: string, into: string) {
  await mkdir(into, { recursive: true });
  const started = performance.now();
  await run('tar', ['-xf', archive, '-C', into]);
  const client = rawClientOf(source);
  const tables = await backedUpTables(source.db);
  const order = await loadOrder(
    source.db,
    tables.map((table) => table.name),
  );
  await target.db.transaction(async (tx) => {
    for (const name of order) await tx.execute(sql.raw(`alter table ${quoteName(name)} disable trigger user`));
    // The migrations leave rows in the count tables; a restore empties every table first, so does this.
    await tx.execute(sql.raw(`truncate table ${order.map(quoteName).join(', ')} cascade`));
    for (const name of order) {
      const table = tables.find((candidate) => candidate.name === name);
      if (!table) continue;
      const list = table.columns.map(quoteName).join(', ');
      const { rows } = await client.query(
        `select row_to_json(r)::text as line from (select ${list} from ${quoteName(name)}) r`,
      );
      for (let at = 0; at < rows.length; at += 1_000) {
        const json = `[${rows
          .slice(at, at + 1_000)
          .map((row) => row.line as string)
          .join(',')}]`;
        await tx.execute(
          sql`insert into ${sql.raw(quoteName(name))} (${sql.raw(list)}) select ${sql.raw(list)}
            from json_populate_recordset(null::${sql.raw(quoteName(name))}, ${json}::json)`,
        );
      }
    }
    for (const name of order) await tx.execute(sql.raw(`alter table ${quoteName(name)} enable trigger user`));
  });
  return Math.round(performance.now() - started);
}

async function measureOn(driver: 'pglite' | 'postgres') {
  const work = await mkdtemp(path.join(tmpdir(), 'rollick-bench-backup-'));
  const uploadsDir = path.join(work, 'uploads');
  const store = createLocalFileStore(uploadsDir);
  const source = await scratchDatabase(driver);
  const { database } = source;
  try {
    const seed = await timed(async () => {
      await seedNetwork(database.db, CREATORS);
      const photoBytes = await seedPhotos(database, store);
      await database.db.execute(sql`vacuum (analyze)`);
      return photoBytes;
    });
    const backup = (file: string, passphrase?: string) =>
      writeBackupFile(path.join(work, file), passphrase, (sink) =>
        writeBackup({ database, store, twoFactorKey: undefined }, sink),
      );

    // Each side twice, alternating, the faster of each: the first pass also warms the caches for the second.
    const baselines = [];
    const plains = [];
    for (const pass of [1, 2]) {
      baselines.push(await rawDump(database, uploadsDir, path.join(work, 'raw'), false));
      const stopProbe = probeIntake(database);
      const stopRss = sampleRss();
      const written = await timed(() => backup(`plain-${pass}.tar`));
      plains.push({ ms: written.ms, summary: written.value, memory: stopRss(), intake: await stopProbe() });
      if (pass === 1) await rm(written.value.file);
    }
    const gzipBaseline = await rawDump(database, uploadsDir, path.join(work, 'raw-gz'), true);
    const baseline = baselines.reduce((a, b) => (b.ms < a.ms ? b : a));
    const plain = plains.reduce((a, b) => (b.ms < a.ms ? b : a));
    const plainFile = plains[1]?.summary.file ?? '';

    const stopSealedRss = sampleRss();
    const sealed = await timed(() => backup('sealed.tar.enc', PASSPHRASE));
    const sealedMemory = stopSealedRss();
    const verified = await timed(() => verifyArchive(plainFile, undefined));
    const verifiedSealed = await timed(() => verifyArchive(sealed.value.file, PASSPHRASE));

    const restoredUploads = path.join(work, 'restored-uploads');
    const targets: { cleanup(): Promise<void> }[] = [];
    let openTargetMs = 0;
    const restored = await timed(() =>
      restoreArchive(
        plainFile,
        undefined,
        verified.value,
        {
          // Opening and migrating the empty target is timed apart: the baseline's target is opened untimed.
          openDatabase: async (upTo) => {
            const opened = await timed(() => scratchDatabase(driver, upTo));
            openTargetMs += opened.ms;
            targets.push(opened.value);
            return opened.value.database;
          },
          store: createLocalFileStore(restoredUploads),
          description: 'an empty target',
        },
        { force: false },
      ),
    );
    for (const target of targets) await target.cleanup();
    const baselineTarget = await scratchDatabase(driver);
    let rawLoadMs = 0;
    try {
      const uploadsTar = path.join(work, 'uploads.tar');
      await run('tar', ['-cf', uploadsTar, '-C', uploadsDir, '.']);
      rawLoadMs = await rawLoad(database, baselineTarget.database, uploadsTar, path.join(work, 'raw-restored'));
    } finally {
      await baselineTarget.cleanup();
    }
    const untar = await timed(async () => {
      const into = path.join(work, 'untarred');
      await mkdir(into);
      await run('tar', ['-xf', plainFile, '-C', into]);
    });

    return {
      creators: CREATORS,
      photos: PHOTOS,
      seedMs: seed.ms,
      photosMb: mb(seed.value),
      tables: verified.value.manifest.tables,
      baseline,
      baselineGzip: gzipBaseline,
      plain: {
        ms: plain.ms,
        mb: mb(plain.summary.archiveBytes),
        files: plain.summary.files,
        ...plain.memory,
        intakeMeanwhile: plain.intake,
        allPassesMs: plains.map((pass) => pass.ms),
        ratio: round(plain.ms / Math.max(baseline.ms, 1)),
        ratioToGzipBaseline: round(plain.ms / Math.max(gzipBaseline.ms, 1)),
        sizeRatio: round(plain.summary.archiveBytes / baseline.bytes),
      },
      sealed: {
        ms: sealed.ms,
        mb: mb(sealed.value.archiveBytes),
        ...sealedMemory,
        ratio: round(sealed.ms / Math.max(baseline.ms, 1)),
      },
      // Against `tar -xf` of the same archive: the least any reader of it does.
      untarMs: untar.ms,
      verify: { plainMs: verified.ms, sealedMs: verifiedSealed.ms, ratio: round(verified.ms / Math.max(untar.ms, 1)) },
      restore: {
        ms: restored.ms,
        openTargetMs,
        creators: restored.value.creators,
        files: restored.value.files,
        baselineMs: rawLoadMs,
        ratio: round((restored.ms - openTargetMs) / Math.max(rawLoadMs, 1)),
      },
      allBaselinesMs: baselines.map((pass) => pass.ms),
    };
  } finally {
    await source.cleanup();
    await rm(work, { recursive: true, force: true });
  }
}

export async function measureBackup() {
  // Other work on a shared machine moves every figure; the load average says how much there was.
  const results: Record<string, unknown> = { loadAverageBefore: loadavg().map(round) };
  if (postgresUrl()) results.postgres = await measureOn('postgres');
  results.pglite = await measureOn('pglite');
  results.loadAverageAfter = loadavg().map(round);
  return results;
}
