import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '#tests/setup/test-db.ts';
import { testConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { loggerOptions } from '../plugins/logging.ts';
import { safeError, safeErrorText } from './safe-error.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(
    sql`CREATE TABLE newsletter_contacts (email text UNIQUE NOT NULL, handle text, signed_up date NOT NULL)`,
  );
  await database.db.execute(
    sql`INSERT INTO newsletter_contacts VALUES (${'priya.raman@inbox.example'}, ${'@priya.raman.art'}, ${'2026-11-02'})`,
  );
});
afterAll(() => database?.close());

/** Runs a statement that must fail, and returns what it threw. */
async function failure(statement: ReturnType<typeof sql>): Promise<unknown> {
  try {
    await database.db.execute(statement);
  } catch (error) {
    return error;
  }
  throw new Error('the statement succeeded');
}

/** The error as a logger set up like the server's writes it, at error level. */
function logged(error: unknown): string {
  let written = '';
  const stream = new Writable({
    write(chunk, _encoding, done) {
      written += chunk;
      done();
    },
  });
  const { transport: _transport, ...options } = loggerOptions(
    testConfig({ logLevel: 'info', logFormat: 'json' }),
  ) as pino.LoggerOptions;
  pino(options, stream).error({ err: error }, 'statement failed');
  return written;
}

describe('errors in the logs', () => {
  it('name a duplicate key by its constraint, without the key PostgreSQL repeats in detail', async () => {
    const error = await failure(
      sql`INSERT INTO newsletter_contacts VALUES (${'priya.raman@inbox.example'}, ${'@priya_r'}, ${'2026-11-03'})`,
    );
    const line = logged(error);
    expect(JSON.stringify(error, Object.getOwnPropertyNames(error))).toContain('priya.raman@inbox.example');
    expect(line).not.toContain('priya');
    expect(JSON.parse(line).err.cause).toMatchObject({
      code: '23505',
      constraint: 'newsletter_contacts_email_key',
      table: 'newsletter_contacts',
      message: expect.stringContaining('duplicate key value violates unique constraint'),
    });
  });

  it('keep a refused value out of the message that quotes it', async () => {
    const error = await failure(
      sql`INSERT INTO newsletter_contacts VALUES (${'noor.haddad@inbox.example'}, ${'@noor'}, ${'Noor Haddad'})`,
    );
    const line = logged(error);
    expect(line).not.toMatch(/noor/i);
    expect(JSON.parse(line).err.cause).toMatchObject({ code: '22007' });
    expect(JSON.parse(line).err.query).toContain('INSERT INTO newsletter_contacts VALUES ($1, $2, $3)');
  });

  it('keep a failing row out of a check violation, and a value out of a cause chain of any kind', async () => {
    await database.db.execute(sql`ALTER TABLE newsletter_contacts ADD CHECK (handle LIKE '@%')`);
    const error = await failure(
      sql`INSERT INTO newsletter_contacts VALUES (${'li.wei@inbox.example'}, ${'li.wei.studio'}, ${'2026-11-04'})`,
    );
    expect(logged(error)).not.toMatch(/li\.wei/);
    const wrapped = new Error('import failed', { cause: error });
    expect(JSON.stringify(safeError(wrapped))).not.toMatch(/li\.wei/);
    expect(safeError(wrapped).cause?.cause).toMatchObject({ code: '23514' });
    // As printed when start-up fails.
    const text = safeErrorText(wrapped);
    expect(text).toMatch(/^Error: import failed\n/);
    expect(text).toContain('violates check constraint');
    expect(text).toContain('[23514]');
    expect(text).not.toMatch(/li\.wei/);
  });
});
