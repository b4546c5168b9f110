import { mkdtemp, open, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { insertCompleteCreator } from '#tests/fixtures/creators.ts';
import { setUpTestApp } from '#tests/setup/test-app.ts';
import { writeBackup } from './backup.service.ts';
import { pruneBackups, scheduledName, startScheduledBackups } from './backup-file.ts';
import { verifyArchive } from './restore.service.ts';

/** Backups taken on a schedule (decision 039), of creators with everything: photos, stage 2, notes, duplicates. */
const t = setUpTestApp();
const PASSPHRASE = 'correct horse battery staple, twice';

beforeAll(async () => {
  for (let index = 0; index < 3; index++) await insertCompleteCreator(t);
}, 60_000);

describe('scheduled backups', () => {
  it('are taken every period, encrypted when a passphrase is set, keeping the newest and logging each', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'rollick-every-'));
    const logged: { message: string; details: object }[] = [];
    const log = {
      info: (details: object, message: string) => logged.push({ details, message }),
      error: (details: object, message: string) => logged.push({ details, message }),
    };
    const schedule = startScheduledBackups({
      database: t.database,
      config: { backup: { dir: path.join(folder, 'nightly'), everyMs: 150, keep: 2, passphrase: PASSPHRASE } },
      produce: (sink) => writeBackup({ database: t.database, store: t.store, twoFactorKey: undefined }, sink),
      log,
    });
    try {
      await vi.waitFor(() => expect(logged.length).toBeGreaterThanOrEqual(3), { timeout: 30_000, interval: 100 });
    } finally {
      schedule.stop();
      await schedule.runNow();
    }
    try {
      expect(logged.every((entry) => entry.message === 'scheduled backup written')).toBe(true);
      expect(logged[0]?.details).toMatchObject({ creators: 6, files: 15 });
      const names = (await readdir(path.join(folder, 'nightly'))).sort();
      expect(names).toHaveLength(2);
      for (const name of names) {
        expect(name).toMatch(/^backup-\d{8}T\d{6}Z\.tar\.enc$/);
        expect((await verifyArchive(path.join(folder, 'nightly', name), PASSPHRASE)).manifest.tables.creators).toBe(6);
      }
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }, 60_000);

  it('are taken once a period by whichever instance comes first to a shared BACKUP_DIR', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'rollick-shared-'));
    const logged: string[] = [];
    const log = {
      info: (_: object, message: string) => logged.push(message),
      error: (_: object, message: string) => logged.push(message),
    };
    const instances = [0, 1].map(() =>
      startScheduledBackups({
        database: t.database,
        config: { backup: { dir: folder, everyMs: 3_600_000, keep: 5, passphrase: undefined } },
        produce: (sink) => writeBackup({ database: t.database, store: t.store, twoFactorKey: undefined }, sink),
        log,
      }),
    );
    try {
      for (const instance of instances) await instance.runNow();
      expect(logged).toEqual(['scheduled backup written']);
      expect(await readdir(folder)).toHaveLength(1);
    } finally {
      for (const instance of instances) instance.stop();
      await rm(folder, { recursive: true, force: true });
    }
  }, 60_000);

  it('are named by time and pruned to the newest ones, leaving other files alone', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'rollick-scheduled-'));
    try {
      const names = [0, 1, 2, 3].map((hour) =>
        scheduledName(new Date(Date.UTC(2026, 10, 27, hour, 5, 9, 250)), hour === 3),
      );
      expect(names[0]).toBe('backup-20261127T000509Z.tar');
      expect(names[3]).toBe('backup-20261127T030509Z.tar.enc');
      for (const name of [...names, 'notes.txt']) await writeFile(path.join(folder, name), 'x');
      expect(await pruneBackups(folder, 2)).toEqual([names[0], names[1]]);
      const handle = await open(path.join(folder, 'notes.txt'), 'r');
      await handle.close();
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
