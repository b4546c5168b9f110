import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Readable, Writable } from 'node:stream';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { type Database, openDatabase } from '#server/db/client.ts';
import { acquireLease, LOCK_FILE } from '#server/db/data-dir-lock.ts';
import { knownMigrations } from '#server/db/migrator.ts';
import { adminSessions, admins, creators } from '#server/db/schema.ts';
import { createAdmin, findAdminByUsername } from '#server/features/admins/admins.service.ts';
import { createLocalFileStore } from '#server/lib/file-store.ts';
import { verifyPassword } from '#server/lib/passwords.ts';
import { PROJECT_ROOT } from '#server/lib/paths.ts';
import { insertCreator } from '#tests/factories.ts';
import { resizedAndRecompressed, syntheticSelfie } from '#tests/fixtures/images.ts';
import { migrationsWithNext } from '#tests/setup/scratch-runner.ts';
import { createTestDatabase } from '#tests/setup/test-db.ts';
import { type AdminCliIo, runAdminCli } from './admin-cli.ts';

const PASSWORD = 'cli password 123';

let database: Database;
let opened = 0;
let closed = 0;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
});

beforeEach(async () => {
  await database.db.delete(admins);
  opened = 0;
  closed = 0;
});

function sink() {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  return { stream, text: () => chunks.join('') };
}

/** Runs the CLI against the test database, which it must close (here: count) but not really end. */
async function cli(argv: string[], stdin: AdminCliIo['stdin'] = Readable.from([]), env = {}) {
  const stdout = sink();
  const stderr = sink();
  const code = await runAdminCli(argv, {
    stdin,
    stdout: stdout.stream,
    stderr: stderr.stream,
    env,
    openDatabase: async () => {
      opened++;
      return { ...database, close: async () => void closed++ };
    },
  });
  return { code, stdout: stdout.text(), stderr: stderr.text() };
}

const piped = (text: string) => Readable.from([text]);

function terminal(...lines: string[]) {
  const input = Object.assign(new PassThrough(), { isTTY: true, setRawMode: () => input });
  input.end(lines.map((line) => `${line}\r`).join(''));
  return input;
}

async function passwordOf(username: string): Promise<string> {
  return (await findAdminByUsername(database.db, username))?.passwordHash ?? '';
}

describe('admin CLI arguments', () => {
  it('prints the usage for help and exits 0', async () => {
    const result = await cli(['help']);

    expect(result.code).toBe(0);
    expect(result.stdout).toContain('reset-password <username>');
    expect(opened).toBe(0);
  });

  it.each([
    [[], 'Missing command.'],
    [['frobnicate'], 'Unknown command "frobnicate".'],
    [['create'], 'Missing <username> for create.'],
    [['reset-password', '  '], 'Missing <username> for reset-password.'],
  ])('rejects %j with a usage text and exit 1', async (argv, message) => {
    const result = await cli(argv);

    expect(result.code).toBe(1);
    expect(result.stderr).toContain(message);
    expect(result.stderr).toContain('Usage: npm run admin -- <command>');
    expect(opened).toBe(0);
  });

  it('refuses a password on the command line without repeating it', async () => {
    const result = await cli(['create', 'alice', 'hunter2hunter2']);

    expect(result.code).toBe(1);
    expect(result.stderr).not.toContain('hunter2');
    expect(await findAdminByUsername(database.db, 'alice')).toBeNull();
  });

  it('prints each configuration problem on its own line', async () => {
    const result = await cli(['create', 'alice'], piped(`${PASSWORD}\n`), { PORT: 'abc', BRAND_NAME: ' ' });

    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      'Invalid configuration:',
      expect.stringMatching(/^PORT: /),
      expect.stringMatching(/^BRAND_NAME: /),
    ]);
    expect(opened).toBe(0);
  });
});

describe('admin CLI create', () => {
  it('creates an admin with the first line of a piped stdin', async () => {
    const result = await cli(['create', 'alice'], piped(`${PASSWORD}\nsecond line ignored\n`));

    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toContain('Admin "alice" created as owner.');
    expect(await verifyPassword(await passwordOf('alice'), PASSWORD)).toBe(true);
    expect(closed).toBe(1);
  });

  it('asks twice without echo on a terminal', async () => {
    const result = await cli(['create', 'bob'], terminal(PASSWORD, PASSWORD));

    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Password: ');
    expect(result.stdout).toContain('Repeat password: ');
    expect(result.stdout).not.toContain(PASSWORD);
    expect(await verifyPassword(await passwordOf('bob'), PASSWORD)).toBe(true);
  });

  it('refuses passwords that do not match on a terminal', async () => {
    const result = await cli(['create', 'bob'], terminal(PASSWORD, `${PASSWORD}!`));

    expect(result).toMatchObject({ code: 1, stderr: 'Passwords do not match.\n' });
    expect(await findAdminByUsername(database.db, 'bob')).toBeNull();
    expect(closed).toBe(1);
  });

  it('refuses an existing username before asking for a password', async () => {
    await createAdmin(database.db, { username: 'carol', password: PASSWORD });

    const result = await cli(['create', 'CAROL']);

    expect(result).toMatchObject({ code: 1, stderr: 'An admin with this username already exists.\n' });
  });

  it('refuses a short password', async () => {
    const result = await cli(['create', 'dave'], piped('short\n'));

    expect(result).toMatchObject({ code: 1, stderr: 'Password must be at least 12 characters\n' });
    expect(await findAdminByUsername(database.db, 'dave')).toBeNull();
  });

  it('fails when stdin holds no line', async () => {
    const result = await cli(['create', 'erin'], piped(''));

    expect(result).toMatchObject({ code: 1, stderr: 'No password on stdin.\n' });
  });
});

describe('admin CLI reset-password', () => {
  it('sets the new password and ends the admin’s sessions', async () => {
    const admin = await createAdmin(database.db, { username: 'frank', password: PASSWORD });
    const expiresAt = new Date(Date.now() + 3_600_000);
    await database.db.insert(adminSessions).values({ idHash: 'frank-session', adminId: admin.id, expiresAt });

    const result = await cli(['reset-password', 'Frank'], piped('the new password\n'));

    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Password of "frank" changed');
    expect(await verifyPassword(await passwordOf('frank'), 'the new password')).toBe(true);
    expect(await database.db.select().from(adminSessions).where(eq(adminSessions.adminId, admin.id))).toEqual([]);
  });

  it('fails for an unknown admin', async () => {
    const result = await cli(['reset-password', 'ghost'], piped(`${PASSWORD}\n`));

    expect(result).toMatchObject({ code: 1, stderr: 'No admin with this username exists.\n' });
  });
});

// Data directories of its own whatever the suite's database: run once, in the PGlite project.
describe.skipIf(process.env.TEST_DB_DRIVER === 'postgres')('admin CLI with the embedded database', () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'admin-cli-'));
  });

  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('explains, without a stack trace, that a running server holds the data directory', async () => {
    const lockedDir = path.join(dataDir, 'locked');
    await mkdir(lockedDir, { recursive: true });
    // A live holder that renews its lease, as a running server does.
    const releaseServer = await acquireLease(path.join(lockedDir, LOCK_FILE), { refreshMs: 100 });
    const stderr = sink();

    const code = await runAdminCli(['create', 'someone'], {
      stdin: piped(`${PASSWORD}\n`),
      stdout: sink().stream,
      stderr: stderr.stream,
      env: { DATA_DIR: lockedDir },
    });
    releaseServer();

    expect(code).toBe(1);
    expect(stderr.text()).toMatch(/^The data directory .* is in use by process \d+ on host /);
    expect(stderr.text().trim().split('\n')).toHaveLength(1);
  });

  it('says in one line that a newer version migrated the database, and which migration that was', async () => {
    const upgradedDir = path.join(dataDir, 'upgraded');
    const next = await migrationsWithNext({ tag: '9000_creator_languages', sql: 'SELECT 1;' });
    try {
      await (await openDatabase({ driver: 'pglite', dataDir: upgradedDir, migrationsDir: next.dir })).close();
    } finally {
      await next.remove();
    }
    const stderr = sink();

    const code = await runAdminCli(['enable', 'someone'], {
      stdin: piped(''),
      stdout: sink().stream,
      stderr: stderr.stream,
      env: { DATA_DIR: upgradedDir },
    });

    expect(code).toBe(1);
    expect(stderr.text()).toMatch(
      new RegExp(
        `^The database was migrated by a newer version of the server: it has migration 9000_creator_languages, this version knows migrations up to ${knownMigrations().at(-1)?.tag} only\\. Run the newer version, or restore the backup`,
      ),
    );
    expect(stderr.text().trim().split('\n')).toHaveLength(1);
  }, 120_000);

  it('says in one line which migration failed and why', async () => {
    const next = await migrationsWithNext({ tag: '9000_creator_languages', sql: 'SELECT * FROM "creator_profiles";' });
    const stderr = sink();
    try {
      const code = await runAdminCli(['enable', 'someone'], {
        stdin: piped(''),
        stdout: sink().stream,
        stderr: stderr.stream,
        env: { DATA_DIR: path.join(dataDir, 'failing') },
        openDatabase: (config) => openDatabase({ driver: 'pglite', dataDir: config.dataDir, migrationsDir: next.dir }),
      });
      expect(code).toBe(1);
    } finally {
      await next.remove();
    }
    expect(stderr.text()).toBe(
      'Migration 9000_creator_languages.sql failed: relation "creator_profiles" does not exist. Nothing was applied; the database is as it was before.\n',
    );
  }, 120_000);

  it('creates an admin end to end through `node --import tsx src/server/cli/admin.ts`', async () => {
    const cliDir = path.join(dataDir, 'e2e');
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli/admin.ts', 'create', 'someone'], {
      cwd: PROJECT_ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: cliDir, NODE_ENV: 'production' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
    // Should the test time out, the child must not go on writing into a folder that is being removed.
    onTestFinished(async () => {
      child.kill('SIGKILL');
      await closed;
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.stdin.end(`${PASSWORD}\n`);
    const code = await closed;

    expect(output).toContain('Admin "someone" created as owner.');
    expect(code).toBe(0);
    const embedded = await openDatabase({ driver: 'pglite', dataDir: cliDir });
    try {
      const admin = await findAdminByUsername(embedded.db, 'someone');
      expect(await verifyPassword(admin?.passwordHash ?? '', PASSWORD)).toBe(true);
    } finally {
      await embedded.close();
    }
    // A cold start of the TypeScript loader and a fresh migration: seconds when the machine is idle,
    // a minute or more when it is busy with other work.
  }, 180_000);
});

describe('admin CLI recovery commands', () => {
  it('creates a reviewer with --role, and refuses an unknown role', async () => {
    const reviewer = await cli(['create', 'rae', '--role', 'reviewer'], piped(`${PASSWORD}\n`));
    expect(reviewer.stdout).toContain('Admin "rae" created as reviewer.');
    expect((await findAdminByUsername(database.db, 'rae'))?.role).toBe('reviewer');
    const bad = await cli(['create', 'sol', '--role', 'root'], piped(`${PASSWORD}\n`));
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('--role must be owner or reviewer');
    expect(await findAdminByUsername(database.db, 'sol')).toBeNull();
  });

  it('turns two-factor sign-in off and ends the sessions with reset-2fa', async () => {
    const ted = await createAdmin(database.db, { username: 'ted', password: PASSWORD });
    await database.db
      .update(admins)
      .set({ totpSecret: 'v1.x.y.z', totpEnabledAt: new Date() })
      .where(eq(admins.id, ted.id));
    await database.db
      .insert(adminSessions)
      .values({ idHash: 'ted-session', adminId: ted.id, expiresAt: new Date(Date.now() + 60_000) });

    const result = await cli(['reset-2fa', 'ted']);

    expect(result).toMatchObject({ code: 0, stderr: '' });
    const stored = await findAdminByUsername(database.db, 'ted');
    expect(stored).toMatchObject({ totpSecret: null, totpEnabledAt: null });
    expect(await database.db.select().from(adminSessions).where(eq(adminSessions.adminId, ted.id))).toHaveLength(0);
  });

  it('re-enables a disabled admin with enable', async () => {
    const una = await createAdmin(database.db, { username: 'una', password: PASSWORD });
    await database.db.update(admins).set({ disabledAt: new Date() }).where(eq(admins.id, una.id));
    expect((await cli(['enable', 'una'])).code).toBe(0);
    expect((await findAdminByUsername(database.db, 'una'))?.disabledAt).toBeNull();
    expect((await cli(['enable', 'nobody'])).stderr).toContain('No admin with this username exists.');
  });
});

describe('admin CLI backfill-duplicates', () => {
  it('hashes the stored selfies of earlier creators and flags the same photo, then says what it did', async () => {
    const uploads = await mkdtemp(path.join(tmpdir(), 'rollick-cli-backfill-'));
    const store = createLocalFileStore(uploads);
    try {
      const selfie = await syntheticSelfie(41);
      const keys = [
        (await store.put(selfie, { extension: 'jpg' })).key,
        (await store.put(await resizedAndRecompressed(selfie), { extension: 'jpg' })).key,
      ];
      const rows = [];
      for (const photoKey of keys) rows.push(await insertCreator(database.db, { photoKey }));
      const stdout = sink();
      const stderr = sink();
      const code = await runAdminCli(['backfill-duplicates'], {
        stdin: Readable.from([]),
        stdout: stdout.stream,
        stderr: stderr.stream,
        env: {},
        openDatabase: async () => ({ ...database, close: async () => {} }),
        openStore: () => store,
      });
      expect({ code, stderr: stderr.text() }).toEqual({ code: 0, stderr: '' });
      expect(stdout.text()).toContain('Done: 2 photos hashed, 0 could not be read.');
      const flags = await database.db
        .select({ hasDuplicates: creators.hasDuplicates })
        .from(creators)
        .where(
          inArray(
            creators.id,
            rows.map((row) => row.id),
          ),
        );
      expect(flags).toEqual([{ hasDuplicates: true }, { hasDuplicates: true }]);
    } finally {
      await rm(uploads, { recursive: true, force: true });
    }
  });

  it('takes no arguments', async () => {
    const result = await cli(['backfill-duplicates', 'extra']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('backfill-duplicates takes no arguments.');
  });
});
