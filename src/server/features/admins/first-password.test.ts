import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, Readable, Writable } from 'node:stream';
import { beforeEach, describe, expect, it } from 'vitest';
import { runAdminCli } from '#server/cli/admin-cli.ts';
import { admins } from '#server/db/schema.ts';
import { postLogin, sessionCookieOf, setUpTestApp, TEST_ORIGIN } from '#tests/setup/test-app.ts';
import { createAdmin, ensureFirstAdmin, resetAdminPassword } from './admins.service.ts';
import { FIRST_PASSWORD_FILE, retireFirstPassword, revealFirstPassword } from './first-password.ts';

const t = setUpTestApp({ signedIn: false });
const quiet = { info: () => {}, warn: () => {} };
const passwordFile = () => path.join(t.config.dataDir, FIRST_PASSWORD_FILE);

/** A fresh install started by a service manager: no admin, no terminal, so the password goes to the file. */
async function freshInstall(): Promise<{ username: string; password: string }> {
  await t.database.db.delete(admins);
  const noTerminal = Object.assign(new PassThrough(), { isTTY: false });
  await ensureFirstAdmin(t.database.db, { adminBootstrap: undefined }, quiet, (credentials) =>
    revealFirstPassword(credentials, { terminal: noTerminal, dataDir: t.config.dataDir }),
  );
  const text = await readFile(passwordFile(), 'utf8');
  return {
    username: /^Username: (.+)$/m.exec(text)?.[1] ?? '',
    password: /^Password: (.+)$/m.exec(text)?.[1] ?? '',
  };
}

beforeEach(() => t.limiter.close());

describe("the first admin's password file", () => {
  it('stays while the password in it still opens the account, and goes once the admin changes it', async () => {
    const first = await freshInstall();
    // A restart before anyone signed in keeps it: the operator may not have read it yet.
    expect(await retireFirstPassword(t.database.db, t.config.dataDir)).toBe(false);
    expect(existsSync(passwordFile())).toBe(true);

    const login = await postLogin(t, first);
    expect(login.statusCode).toBe(200);
    const headers = { cookie: sessionCookieOf(login), origin: TEST_ORIGIN };
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/admin/account/password',
      headers,
      payload: { currentPassword: 'not the password at all', newPassword: 'Harbour lights at 6am' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(existsSync(passwordFile())).toBe(true);

    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/admin/account/password',
      headers,
      payload: { currentPassword: first.password, newPassword: 'Harbour lights at 6am' },
    });
    expect(changed.statusCode).toBe(200);
    expect(existsSync(passwordFile())).toBe(false);
    expect((await postLogin(t, { username: first.username, password: 'Harbour lights at 6am' })).statusCode).toBe(200);
  });

  it('goes when the password is reset with the admin command', async () => {
    const first = await freshInstall();
    let out = '';
    const stdout = new Writable({
      write(chunk, _encoding, done) {
        out += chunk;
        done();
      },
    });
    const code = await runAdminCli(['reset-password', first.username], {
      stdin: Readable.from(['Lantern season 2026\n']),
      stdout,
      stderr: stdout,
      env: { DATA_DIR: t.config.dataDir },
      openDatabase: async () => ({ ...t.database, close: async () => {} }),
    });
    expect({ code, out }).toMatchObject({ code: 0, out: expect.stringContaining("first password's file") });
    expect(existsSync(passwordFile())).toBe(false);
    expect((await postLogin(t, first)).statusCode).toBe(401);
  });

  it('goes at the next start-up when the password was changed elsewhere, and another admin changing theirs keeps it', async () => {
    const first = await freshInstall();
    const other = { username: 'priya.ops', password: 'Tidewater ledger 88' };
    await createAdmin(t.database.db, other);
    const login = await postLogin(t, other);
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/account/password',
      headers: { cookie: sessionCookieOf(login), origin: TEST_ORIGIN },
      payload: { currentPassword: other.password, newPassword: 'Tidewater ledger 99' },
    });
    expect(existsSync(passwordFile())).toBe(true);

    // Changed by another instance sharing the database, or while this server was stopped.
    await resetAdminPassword(t.database.db, { username: first.username, password: 'Granite steps in May' });
    expect(await retireFirstPassword(t.database.db, t.config.dataDir)).toBe(true);
    expect(existsSync(passwordFile())).toBe(false);
  });
});
