import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_ADMIN, startServer } from './support/server.ts';

const ENTRY = path.resolve('dist/server/index.js');
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'rollick-lifecycle-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

async function signIn(baseUrl: string) {
  return fetch(`${baseUrl}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify(E2E_ADMIN),
  });
}

describe('the production server process', () => {
  it('keeps its data across a restart on the same DATA_DIR and exits cleanly on SIGTERM', async () => {
    const first = await startServer({ dataDir });
    expect((await signIn(first.baseUrl)).status).toBe(200);
    expect(await first.stop()).toBe(0);
    expect(first.output()).not.toContain(E2E_ADMIN.password);

    // No bootstrap variables the second time: the admin must come from the stored database.
    const second = await startServer({ dataDir, env: { ADMIN_USERNAME: '', ADMIN_PASSWORD: '' } });
    try {
      expect((await signIn(second.baseUrl)).status).toBe(200);
      expect(second.output()).not.toMatch(/random password/i);
    } finally {
      expect(await second.stop()).toBe(0);
    }
  });

  it('refuses a second process on the same embedded database with a clear message', async () => {
    const running = await startServer({ dataDir });
    try {
      const second = spawnSync(process.execPath, [ENTRY], {
        env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(second.status).toBe(1);
      expect(second.stderr).toMatch(/in use by another process \(pid \d+\)/);
      expect((await fetch(`${running.baseUrl}/readyz`)).status).toBe(200);
    } finally {
      await running.stop();
    }
  });

  it('stops on bad configuration with one line per problem', () => {
    const result = spawnSync(process.execPath, [ENTRY], {
      env: { PATH: process.env.PATH ?? '', PORT: 'abc', BRAND_NAME: '', DATA_DIR: dataDir },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('PORT: must be a whole number (got "abc")');
    expect(result.stderr).toContain('BRAND_NAME: must not be empty');
  });

  it('prints a generated admin password once when no admin exists', async () => {
    const fresh = await startServer({ env: { ADMIN_USERNAME: '', ADMIN_PASSWORD: '', LOG_LEVEL: 'info' } });
    try {
      expect(fresh.output()).toMatch(/reset-password admin/);
    } finally {
      await fresh.stop();
    }
  });
});
