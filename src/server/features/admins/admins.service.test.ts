import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database, Db } from '#server/db/client.ts';
import { adminSessions, admins } from '#server/db/schema.ts';
import { verifyPassword } from '#server/lib/passwords.ts';
import { createTestDatabase } from '#tests/setup/test-db.ts';
import {
  type AdminCredentials,
  countAdmins,
  createAdmin,
  ensureFirstAdmin,
  findAdminByUsername,
  resetAdminPassword,
} from './admins.service.ts';
import { FIRST_PASSWORD_FILE, revealFirstPassword } from './first-password.ts';

const PASSWORD = 'a long enough password';

let database: Database;
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});

afterAll(async () => {
  await database.close();
});

beforeEach(async () => {
  await db.delete(admins);
});

function recordingLog() {
  const lines: { level: 'info' | 'warn'; msg: string }[] = [];
  return {
    lines,
    info: (msg: string) => lines.push({ level: 'info', msg }),
    warn: (msg: string) => lines.push({ level: 'warn', msg }),
  };
}

async function addSession(adminId: string, idHash: string) {
  await db.insert(adminSessions).values({ idHash, adminId, expiresAt: new Date(Date.now() + 3_600_000) });
}

describe('createAdmin', () => {
  it('stores the trimmed username and an argon2id hash of the password', async () => {
    const created = await createAdmin(db, { username: '  Alice ', password: PASSWORD });

    expect(created.username).toBe('Alice');
    const stored = await findAdminByUsername(db, 'alice');
    expect(stored?.id).toBe(created.id);
    expect(stored?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(stored?.passwordHash ?? '', PASSWORD)).toBe(true);
  });

  it('refuses a username that differs from an existing one only in case', async () => {
    await createAdmin(db, { username: 'alice', password: PASSWORD });

    await expect(createAdmin(db, { username: ' ALICE', password: PASSWORD })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'An admin with this username already exists',
    });
    expect(await countAdmins(db)).toBe(1);
  });

  it('lets only one of two simultaneous creations of one username succeed', async () => {
    const results = await Promise.allSettled([
      createAdmin(db, { username: 'twin', password: PASSWORD }),
      createAdmin(db, { username: 'TWIN', password: PASSWORD }),
    ]);

    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    const failure = results.find((result) => result.status === 'rejected');
    expect(failure?.reason).toMatchObject({ code: 'CONFLICT' });
    expect(await countAdmins(db)).toBe(1);
  });

  it('refuses an empty or blank username', async () => {
    for (const username of ['', '   ', '\t\n']) {
      await expect(createAdmin(db, { username, password: PASSWORD })).rejects.toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { username: 'Username is required' },
      });
    }
    expect(await countAdmins(db)).toBe(0);
  });

  it('refuses a password under 12 characters', async () => {
    await expect(createAdmin(db, { username: 'bob', password: '12345678901' })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Password must be at least 12 characters',
    });
    await expect(createAdmin(db, { username: 'bob', password: '123456789012' })).resolves.toMatchObject({
      username: 'bob',
    });
  });

  it('refuses a username or password longer than login accepts', async () => {
    await expect(createAdmin(db, { username: 'u'.repeat(101), password: PASSWORD })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { username: 'Username must be at most 100 characters' },
    });
    await expect(createAdmin(db, { username: 'long', password: 'p'.repeat(1025) })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { password: 'Password must be at most 1024 characters' },
    });
    expect(await countAdmins(db)).toBe(0);
  });
});

describe('findAdminByUsername and countAdmins', () => {
  it('finds regardless of case and surrounding spaces, and null when absent', async () => {
    await createAdmin(db, { username: 'Carol', password: PASSWORD });

    expect((await findAdminByUsername(db, ' cAROL '))?.username).toBe('Carol');
    expect(await findAdminByUsername(db, 'dave')).toBeNull();
  });

  it('counts admins', async () => {
    expect(await countAdmins(db)).toBe(0);
    await createAdmin(db, { username: 'one', password: PASSWORD });
    await createAdmin(db, { username: 'two', password: PASSWORD });
    expect(await countAdmins(db)).toBe(2);
  });
});

describe('resetAdminPassword', () => {
  it('replaces the password and ends only that admin’s sessions', async () => {
    const erin = await createAdmin(db, { username: 'erin', password: PASSWORD });
    const frank = await createAdmin(db, { username: 'frank', password: PASSWORD });
    await addSession(erin.id, 'erin-session-1');
    await addSession(erin.id, 'erin-session-2');
    await addSession(frank.id, 'frank-session');

    await resetAdminPassword(db, { username: 'ERIN', password: 'a brand new password' });

    const stored = await findAdminByUsername(db, 'erin');
    expect(await verifyPassword(stored?.passwordHash ?? '', 'a brand new password')).toBe(true);
    expect(await verifyPassword(stored?.passwordHash ?? '', PASSWORD)).toBe(false);
    expect(await db.select().from(adminSessions).where(eq(adminSessions.adminId, erin.id))).toEqual([]);
    expect(await db.select().from(adminSessions).where(eq(adminSessions.adminId, frank.id))).toHaveLength(1);
  });

  it('answers NOT_FOUND for an unknown admin', async () => {
    await expect(resetAdminPassword(db, { username: 'nobody', password: PASSWORD })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('refuses a short password and keeps the old one and the sessions', async () => {
    const gina = await createAdmin(db, { username: 'gina', password: PASSWORD });
    await addSession(gina.id, 'gina-session');

    await expect(resetAdminPassword(db, { username: 'gina', password: 'short' })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });

    const stored = await findAdminByUsername(db, 'gina');
    expect(await verifyPassword(stored?.passwordHash ?? '', PASSWORD)).toBe(true);
    expect(await db.select().from(adminSessions).where(eq(adminSessions.adminId, gina.id))).toHaveLength(1);
  });
});

describe('ensureFirstAdmin', () => {
  /** Where a generated password went: what a terminal showed, or the private file's text. */
  function terminalOutlet() {
    const shown: string[] = [];
    const terminal = Object.assign(new PassThrough(), { isTTY: true });
    terminal.on('data', (chunk: Buffer) => shown.push(chunk.toString()));
    return {
      shown,
      reveal: (credentials: AdminCredentials) => revealFirstPassword(credentials, { terminal, dataDir: tmpdir() }),
    };
  }
  const noReveal = async (): Promise<string> => {
    throw new Error('no password should be generated');
  };

  it('creates the bootstrap admin, an owner, when there is none', async () => {
    const log = recordingLog();

    const result = await ensureFirstAdmin(
      db,
      { adminBootstrap: { username: 'owner', password: PASSWORD } },
      log,
      noReveal,
    );

    expect(result).toEqual({ created: 'bootstrap', username: 'owner' });
    const stored = await findAdminByUsername(db, 'owner');
    expect(stored?.role).toBe('owner');
    expect(await verifyPassword(stored?.passwordHash ?? '', PASSWORD)).toBe(true);
    expect(log.lines.map((line) => line.msg).join('\n')).not.toContain(PASSWORD);
  });

  it('shows a generated password once on a terminal, and never in the log', async () => {
    const log = recordingLog();
    const outlet = terminalOutlet();

    const result = await ensureFirstAdmin(db, { adminBootstrap: undefined }, log, outlet.reveal);

    expect(result).toEqual({ created: 'generated', username: 'admin' });
    const password = /Password: (\S+)/.exec(outlet.shown.join(''))?.[1] ?? '';
    expect(password.length).toBeGreaterThanOrEqual(24);
    expect(log.lines).toHaveLength(1);
    expect(log.lines[0]?.level).toBe('warn');
    expect(log.lines[0]?.msg).toContain('shown once on the terminal');
    expect(log.lines[0]?.msg).toContain('npm run admin -- reset-password admin');
    expect(log.lines[0]?.msg).not.toContain(password);
    const stored = await findAdminByUsername(db, 'admin');
    expect(stored?.role).toBe('owner');
    expect(await verifyPassword(stored?.passwordHash ?? '', password)).toBe(true);
  });

  it('without a terminal writes it to a file only the server user can read, and logs the path', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'rollick-first-'));
    try {
      const log = recordingLog();
      await ensureFirstAdmin(db, { adminBootstrap: undefined }, log, (credentials) =>
        revealFirstPassword(credentials, { terminal: Object.assign(new PassThrough(), { isTTY: false }), dataDir }),
      );
      const file = path.join(dataDir, FIRST_PASSWORD_FILE);
      expect(((await stat(file)).mode & 0o777).toString(8)).toBe('600');
      const password = /Password: (\S+)/.exec(await readFile(file, 'utf8'))?.[1] ?? '';
      expect(password.length).toBeGreaterThanOrEqual(24);
      expect(log.lines[0]?.msg).toContain(file);
      expect(log.lines[0]?.msg).not.toContain(password);
      const stored = await findAdminByUsername(db, 'admin');
      expect(await verifyPassword(stored?.passwordHash ?? '', password)).toBe(true);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('generates a different password on every fresh install', async () => {
    const first = terminalOutlet();
    await ensureFirstAdmin(db, { adminBootstrap: undefined }, recordingLog(), first.reveal);
    await db.delete(admins);
    const second = terminalOutlet();
    await ensureFirstAdmin(db, { adminBootstrap: undefined }, recordingLog(), second.reveal);

    expect(first.shown.join('')).toMatch(/Password: \S{24}/);
    expect(first.shown.join('')).not.toBe(second.shown.join(''));
  });

  it('does nothing when an admin exists, even with bootstrap variables set', async () => {
    await createAdmin(db, { username: 'existing', password: PASSWORD });
    const log = recordingLog();

    const result = await ensureFirstAdmin(
      db,
      { adminBootstrap: { username: 'existing', password: 'another password!' } },
      log,
      noReveal,
    );

    expect(result).toEqual({ created: null });
    expect(log.lines).toEqual([]);
    expect(await countAdmins(db)).toBe(1);
    const stored = await findAdminByUsername(db, 'existing');
    expect(await verifyPassword(stored?.passwordHash ?? '', PASSWORD)).toBe(true);
  });

  it('creates one admin and shows one password when two instances start at once', async () => {
    const logs = [recordingLog(), recordingLog()];
    const outlet = terminalOutlet();

    const results = await Promise.all(
      logs.map((log) => ensureFirstAdmin(db, { adminBootstrap: undefined }, log, outlet.reveal)),
    );

    expect(results.map((result) => result.created).sort()).toEqual(['generated', null]);
    expect(logs.flatMap((log) => log.lines)).toHaveLength(1);
    expect(outlet.shown.join('').match(/Password:/g)).toHaveLength(1);
    expect(await countAdmins(db)).toBe(1);
  });
});
