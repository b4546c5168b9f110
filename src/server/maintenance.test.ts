import { readdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { insertCreator } from '#tests/factories.ts';
import { setUpTestApp, spooledFiles } from '#tests/setup/test-app.ts';
import { buildApp } from './app.ts';
import { ORPHAN_MIN_AGE_MS, ORPHAN_SWEEP_INTERVAL_MS } from './features/files/files.service.ts';
import { startMaintenance } from './maintenance.ts';
import { REQUEST_MAX_MS, spoolDirOf } from './plugins/uploads.ts';

const t = setUpTestApp({ signedIn: false });

const isEmbedded = process.env.TEST_DB_DRIVER !== 'postgres';
const uploads = () => path.join(t.config.dataDir, 'uploads');
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

async function backdate(file: string, minutes: number) {
  await utimes(file, minutesAgo(minutes), minutesAgo(minutes));
}

/** A file in the store, last written `minutes` ago. */
async function storedFile(minutes: number): Promise<string> {
  const { key } = await t.store.put(Buffer.from(`file ${Math.random()}`), { extension: 'jpg' });
  await backdate(path.join(uploads(), key), minutes);
  return key;
}

const silent = { info() {}, error() {} } as never;

/** Maintenance as a server that started at `startedAt` runs it. */
function startFor(startedAt: Date) {
  return startMaintenance({
    database: t.database,
    store: t.store,
    intake: t.app.intake,
    config: t.config,
    log: silent,
    startedAt,
  });
}

/** Maintenance's first pass, as a server that started at `startedAt` runs it; then it stops. */
async function firstPass(startedAt: Date) {
  const maintenance = startFor(startedAt);
  await maintenance.firstPass;
  maintenance.stop();
}

describe('start-up upkeep (crash hygiene)', () => {
  it('empties the upload spool when the app starts', async () => {
    const leftover = path.join(spoolDirOf(t.config), 'crashed-mid-upload.upload');
    await writeFile(leftover, 'half an upload');
    expect(await spooledFiles(t)).toHaveLength(1);

    const restarted = await buildApp({ config: t.config, database: t.database, store: t.store, limiter: t.limiter });
    await restarted.close();

    expect(await spooledFiles(t)).toEqual([]);
  });

  // The embedded database means this process is the only instance: nothing before its start is in flight.
  it.runIf(isEmbedded)(
    'removes, on its first pass, every orphan and unfinished write from before the start, and nothing newer',
    async () => {
      const photo = await storedFile(2);
      await insertCreator(t.database.db, { photoKey: photo });
      const orphan = await storedFile(2);
      const temp = path.join(uploads(), '.tmp', 'crashed.part');
      await writeFile(temp, 'half a file');
      await backdate(temp, 2);
      const startedAt = minutesAgo(1);
      // Written after the start: it may belong to a request about to commit its row.
      const inFlight = await storedFile(0);

      await firstPass(startedAt);

      expect(await t.store.exists(orphan)).toBe(false);
      expect(await readdir(path.join(uploads(), '.tmp'))).toEqual([]);
      for (const key of [photo, inFlight]) expect(await t.store.exists(key), key).toBe(true);
    },
  );

  // On PostgreSQL other instances share the store: a file from before this start may be another's upload.
  it.runIf(!isEmbedded)(
    'removes, on its first pass, only orphans older than any request, whenever this instance started',
    async () => {
      const old = await storedFile(ORPHAN_MIN_AGE_MS / 60_000 + 1);
      const othersUpload = await storedFile(2);

      await firstPass(new Date());

      expect(await t.store.exists(old)).toBe(false);
      expect(await t.store.exists(othersUpload)).toBe(true);
    },
  );

  it('leaves the shared sweep to the instance that holds the maintenance lock', async () => {
    const orphan = await storedFile(ORPHAN_MIN_AGE_MS / 60_000 + 1);

    await t.database.exclusive('maintenance', () => firstPass(new Date()));
    expect(await t.store.exists(orphan)).toBe(true);

    await firstPass(new Date());
    expect(await t.store.exists(orphan)).toBe(false);
  });

  it('removes spooled uploads older than any request can last, and keeps younger ones', async () => {
    const abandoned = path.join(spoolDirOf(t.config), 'abandoned.upload');
    const arriving = path.join(spoolDirOf(t.config), 'arriving.upload');
    await writeFile(abandoned, 'left behind');
    await backdate(abandoned, REQUEST_MAX_MS / 60_000 + 1);
    await writeFile(arriving, 'still arriving');

    await firstPass(new Date());

    expect(await spooledFiles(t)).toEqual(['arriving.upload']);
  });
});

describe('the embedded database’s upkeep', () => {
  // PGlite runs no autovacuum: the hourly pass does its work, so dead row versions do not pile up in the lists.
  it.runIf(isEmbedded)(
    'vacuums and analyses every table on the hourly pass, not at start-up',
    async () => {
      const lastVacuum = async () => {
        const { rows } = (await t.database.db.execute(
          sql`select last_vacuum, last_analyze from pg_stat_user_tables where relname = 'creators'`,
        )) as unknown as { rows: { last_vacuum: string | null; last_analyze: string | null }[] };
        return rows[0];
      };
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
      try {
        const before = await lastVacuum();
        const maintenance = startFor(new Date());
        await maintenance.firstPass;
        expect(await lastVacuum()).toEqual(before);

        vi.advanceTimersByTime(ORPHAN_SWEEP_INTERVAL_MS);
        // Vacuuming every table took over the default second on a busy CI machine.
        await vi.waitFor(async () => expect((await lastVacuum())?.last_vacuum).not.toBe(before?.last_vacuum), {
          timeout: 30_000,
          interval: 100,
        });
        maintenance.stop();
        expect((await lastVacuum())?.last_analyze).not.toBeNull();
      } finally {
        vi.useRealTimers();
      }
    },
    60_000,
  );
});
