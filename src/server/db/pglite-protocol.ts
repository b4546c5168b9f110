/**
 * The messages between the server and the thread that runs the embedded database (pglite-thread.ts,
 * pglite-worker.ts). Everything in them survives structured cloning: no functions, no class instances.
 */

export type RowMode = 'array' | 'object';

export type WorkerRequest =
  | {
      id: number;
      type: 'query';
      sql: string;
      params: unknown[];
      rowMode: RowMode;
      /** Type OIDs whose values come back as the text PostgreSQL sent, unparsed (what drizzle asks for). */
      rawTypes: number[];
      /** The open transaction this query belongs to; none means "wait for any transaction to end". */
      tx?: number;
    }
  | { id: number; type: 'begin' }
  | { id: number; type: 'end'; tx: number; commit: boolean }
  | { id: number; type: 'close' }
  /** The first message: which database to open, answered once it is open. */
  | { id: number; type: 'open'; database: WorkerData };

export interface QueryResult {
  rows: unknown[];
  fields: Array<{ name: string; dataTypeID: number }>;
  affectedRows?: number;
}

/** A database error as plain data: PostgreSQL's fields (code, constraint…) survive the crossing. */
export interface SerializedError {
  message: string;
  name: string;
  fields: Record<string, string | undefined>;
}

export type WorkerReply =
  | { id: number; ok: true; result?: QueryResult; tx?: number }
  | { id: number; ok: false; error: SerializedError };

export interface WorkerData {
  /** Where the database lives on disk; none keeps it in memory (tests). */
  dataDir?: string;
  /** An in-memory database starts as a copy of this saved data directory (`PGlite.dumpDataDir`'s tarball). */
  snapshot?: string;
  /** PostgreSQL's WebAssembly, compiled by the process once (pglite-thread.ts). */
  postgres: WebAssembly.Module;
}

/** PostgreSQL's error fields (PGlite's DatabaseError), copied onto errors on both sides of the thread. */
export const DATABASE_ERROR_FIELDS = [
  'severity',
  'code',
  'detail',
  'hint',
  'position',
  'where',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'routine',
] as const;

export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { message: String(error), name: 'Error', fields: {} };
  const fields: Record<string, string | undefined> = {};
  for (const key of DATABASE_ERROR_FIELDS) {
    const value = (error as unknown as Record<string, unknown>)[key];
    if (typeof value === 'string') fields[key] = value;
  }
  return { message: error.message, name: error.name, fields };
}
