import { prestartPgliteThread } from './db/pglite-thread.ts';

/**
 * The server's entry. The embedded database's thread and PostgreSQL's compile take longest of a start, so they
 * begin before anything else loads, the configuration's validation included (docs/decisions/057): the
 * environment alone says whether the database is embedded. start.ts then reads the configuration; a start that
 * fails there leaves the thread to end with the process.
 */

// Whatever the server writes (the data directory, uploads, spooled bodies, keys) is its user's alone.
process.umask(0o077);
if (!process.env.DATABASE_URL && !process.env.DATABASE_URL_FILE) prestartPgliteThread();
await import('./start.ts');
