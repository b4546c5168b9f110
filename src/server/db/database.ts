import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as insightsSchema from './insights-schema.ts';
import * as coreSchema from './schema.ts';
import * as staffWorkSchema from './staff-work-schema.ts';

export const schema = { ...coreSchema, ...insightsSchema, ...staffWorkSchema };
export type Schema = typeof schema;
/** The one database type services take: the same on PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** What `db.transaction` hands its callback; services accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/** Work that must run on one instance at a time, each with its own lock (architecture §2: periodic jobs). */
export const JOBS = { maintenance: 1, retention: 4, backup: 5, duplicatesBackfill: 6 } as const;
export type Job = keyof typeof JOBS;

export type Exclusive<T> = { ran: true; value: T } | { ran: false };

export interface Database {
  /** Its transactions hold notices until they commit (commit-notices.ts). */
  db: Db;
  driver: 'pglite' | 'postgres';
  /** Answers whether the database responds (used by /readyz). */
  ping(): Promise<boolean>;
  /**
   * Runs `work` unless the same job is already running, here or on another instance of the same database;
   * then it does nothing and says so. Never waits for the other run.
   */
  exclusive<T>(job: Job, work: () => Promise<T>): Promise<Exclusive<T>>;
  /**
   * Held by a backup while it runs (docs/decisions/039): stored files are not deleted meanwhile, on any
   * instance, so every file its snapshot names is still there to copy. Resolves to the release.
   */
  holdFileDeletions(): Promise<() => Promise<void>>;
  /** Whether a backup holds file deletions now, here or on another instance. */
  areFileDeletionsHeld(): Promise<boolean>;
  /** PostgreSQL only: the pool's connections now, for the metrics; the embedded database has no pool. */
  poolConnections?(): { inUse: number; idle: number; waiting: number };
  close(): Promise<void>;
}

export type DatabaseOptions =
  | {
      driver: 'pglite';
      dataDir?: string;
      /** In memory only: start from this saved data directory instead of an empty one (tests start each file so). */
      snapshot?: string;
      onFatal?: (error: Error) => void;
      /** Tests migrate from a folder of their own; the build's drizzle/ otherwise. */
      migrationsDir?: string;
      /** Migrate only up to this migration (a restore loads an older version's rows into its schema). */
      migrateUpTo?: string;
    }
  | {
      driver: 'postgres';
      url: string;
      poolSize?: number;
      onIdleError?: (error: Error) => void;
      migrationsDir?: string;
      migrateUpTo?: string;
    };
