import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { threadId, Worker } from 'node:worker_threads';
import { PROJECT_ROOT } from '../lib/paths.ts';
import { DatabaseUnavailableError } from '../lib/unavailable.ts';
import type {
  QueryResult,
  RowMode,
  SerializedError,
  WorkerData,
  WorkerReply,
  WorkerRequest,
} from './pglite-protocol.ts';

/** What drizzle's PGlite driver calls on its client: `query`, and `transaction` with a client of the same kind. */
export interface PgliteQueryable {
  query(sql: string, params?: unknown[], options?: { rowMode?: RowMode; parsers?: object }): Promise<QueryResult>;
}

export interface PgliteThread extends PgliteQueryable {
  transaction<T>(callback: (tx: PgliteQueryable) => Promise<T>): Promise<T>;
  /** Checkpoints and closes the database, then ends the thread. */
  close(): Promise<void>;
  readonly closed: boolean;
  /** The worker thread's id: which thread serves, where a first start replaces the one that created the cluster. */
  readonly threadId: number;
}

/** An error from the database thread, carrying PostgreSQL's fields (`code`, `constraint`…) as the driver's own do. */
export class EmbeddedDatabaseError extends Error {
  constructor(serialized: SerializedError) {
    super(serialized.message);
    this.name = serialized.name === 'Error' ? 'EmbeddedDatabaseError' : serialized.name;
    Object.assign(this, serialized.fields);
  }
}

/**
 * The thread's garbage is each statement's decoded rows, dead once posted. V8's default young heap grows to
 * 48 MB and stays there; 16 MB collects them as well and keeps the server within its memory budget while it
 * streams a million creators (docs/performance.md). Smaller, rows of a 1,000-row batch outlived it and piled
 * up in the old heap. The database's own memory is WASM, outside these limits.
 */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 16 };

let compiledPostgres: Promise<WebAssembly.Module> | undefined;

/**
 * PostgreSQL's WebAssembly, compiled once per process and handed to every database thread: they share the
 * compiled code, the optimised parts included, where each would otherwise compile its own. A server opens one
 * database; the tests open one per file, dozens in a process.
 */
export function postgresModule(): Promise<WebAssembly.Module> {
  // Read at once, so the compile starts now: a read through the event loop goes in 512 KiB pieces, each waiting
  // for this thread, which a start keeps busy loading the server, and it finished half a second later.
  compiledPostgres ??= Promise.resolve().then(() =>
    WebAssembly.compile(readFileSync(createRequire(import.meta.url).resolve('@electric-sql/pglite/pglite.wasm'))),
  );
  return compiledPostgres;
}

let workerFromSource: Promise<URL> | undefined;

/**
 * From source (tests, `npm run dev`), the worker's TypeScript is bundled once per process by esbuild, a
 * development dependency, into a module beside the dependencies it imports. Registering a TypeScript loader
 * in every new thread cost a quarter of a second of processor per database, and the tests open one per file.
 * The file is named by its content, so processes starting at once write the same bytes and never a stale one.
 */
function bundleWorkerSource(): Promise<URL> {
  workerFromSource ??= (async () => {
    const { build } = await import('esbuild');
    const result = await build({
      entryPoints: [fileURLToPath(new URL('./pglite-worker.ts', import.meta.url))],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      write: false,
      logLevel: 'silent',
    });
    const code = result.outputFiles[0]?.contents;
    if (!code) throw new Error('esbuild wrote no bundle of the embedded database worker');
    const dir = path.join(PROJECT_ROOT, 'node_modules', '.cache', 'rollick');
    const file = path.join(dir, `pglite-worker-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`);
    if (!existsSync(file)) {
      await mkdir(dir, { recursive: true });
      const partial = `${file}.${process.pid}-${threadId}`;
      await writeFile(partial, code);
      await rename(partial, file);
    }
    return pathToFileURL(file);
  })();
  return workerFromSource;
}

/**
 * The worker's entry: the bundled file next to the server bundle in production, a bundle of the source
 * otherwise. The thread loads PGlite and waits for its `open` message, so it can start before the database it
 * will open is known.
 */
async function spawnWorker(): Promise<Worker> {
  const isSource = import.meta.url.endsWith('.ts');
  const entry = isSource ? await bundleWorkerSource() : new URL('./pglite-worker.js', import.meta.url);
  const worker = new Worker(entry, { resourceLimits: WORKER_LIMITS });
  // The thread keeps the process alive only while a call waits on it, like a socket with a query in flight.
  worker.unref();
  return worker;
}

let prestarted: Promise<Worker> | undefined;

/**
 * Starts a database thread and PostgreSQL's compile now, for the next `startPgliteThread` to take: the server's
 * entry calls it first thing, so that the thread's own start (a Node environment and PGlite's code) and the
 * compile overlap the loading of the rest of the server (docs/decisions/057).
 */
export function prestartPgliteThread(): void {
  prestarted ??= spawnWorker().then((worker) => {
    // One that fails before it is taken is replaced then; its error must not end the process meanwhile.
    worker.once('error', () => {});
    worker.once('exit', () => ended.add(worker));
    return worker;
  });
  postgresModule().catch(() => {});
}

let announceOpening: () => void = () => {};
const opening = new Promise<void>((resolve) => {
  announceOpening = resolve;
});

/**
 * Settles once a thread of this process has been told which database to open: from then on PostgreSQL starts
 * on its own thread, and the entry can load the rest of the server without delaying it.
 */
export function databaseOpening(): Promise<void> {
  return opening;
}

/** Prestarted threads that ended before they were taken. */
const ended = new WeakSet<Worker>();

/** The prestarted thread if it is still there, else a new one. */
async function takeWorker(): Promise<Worker> {
  const early = await prestarted?.catch(() => undefined);
  prestarted = undefined;
  return early && !ended.has(early) ? early : spawnWorker();
}

/**
 * Only pass-through parsers can cross to the other thread (functions cannot); drizzle asks for exactly
 * those, to receive dates and intervals as PostgreSQL's text. Anything else is refused loudly.
 */
function rawTypesOf(parsers: object | undefined): number[] {
  if (!parsers) return [];
  return Object.entries(parsers).map(([oid, parse]) => {
    const probe = '2000-01-01 00:00:00';
    if (typeof parse !== 'function' || parse(probe) !== probe) {
      throw new Error(`Only pass-through parsers are supported by the embedded database thread (type ${oid})`);
    }
    return Number(oid);
  });
}

type Pending = { resolve(reply: WorkerReply & { ok: true }): void; reject(error: Error): void };
type Outgoing = WorkerRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

/**
 * Runs PGlite on a worker thread and offers the part of its client that drizzle uses, so services keep
 * one `Db` type on both databases. Queries outside a transaction wait while one is open, as PGlite's own
 * do; `onFatal` hears of a thread that died, after which every call fails.
 */
export async function startPgliteThread(
  options: Omit<WorkerData, 'postgres'> & { onFatal?: ((error: Error) => void) | undefined },
): Promise<PgliteThread> {
  const { onFatal: _onFatal, ...workerData } = options;
  const worker = await takeWorker();
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let failure: Error | undefined;
  let isClosing = false;

  const fail = (error: Error) => {
    if (failure) return;
    failure = error;
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
    if (!isClosing) options.onFatal?.(error);
  };
  worker.on('error', (error) => fail(new DatabaseUnavailableError(`The embedded database stopped: ${error.message}`)));
  worker.on('exit', (code) => fail(new DatabaseUnavailableError(`The embedded database thread exited (code ${code})`)));
  worker.on('message', (reply: WorkerReply) => {
    const waiting = pending.get(reply.id);
    if (!waiting) return;
    pending.delete(reply.id);
    if (pending.size === 0) worker.unref();
    if (reply.ok) waiting.resolve(reply);
    else waiting.reject(new EmbeddedDatabaseError(reply.error));
  });

  const call = (request: Outgoing): Promise<WorkerReply & { ok: true }> => {
    // A transaction still open as the database closes must still end (rolled back, as its queries now fail):
    // the database's close waits for it.
    if (isClosing && request.type !== 'close' && request.type !== 'end')
      return Promise.reject(new DatabaseUnavailableError('The embedded database is closed'));
    if (failure) return Promise.reject(failure);
    return new Promise((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      if (pending.size === 1) worker.ref();
      worker.postMessage({ ...request, id });
    });
  };

  const queryable = (tx?: number): PgliteQueryable => ({
    async query(sql, params = [], queryOptions = {}) {
      const reply = await call({
        type: 'query',
        sql,
        params,
        rowMode: queryOptions.rowMode ?? 'object',
        rawTypes: rawTypesOf(queryOptions.parsers),
        ...(tx === undefined ? {} : { tx }),
      });
      if (!reply.result) throw new Error('The embedded database sent no result');
      return reply.result;
    },
  });

  // Queries sent meanwhile wait for it in the thread; a failure to open fails them too, with its reason.
  call({ type: 'open', database: { ...workerData, postgres: await postgresModule() } }).catch(() => {});
  announceOpening();

  return {
    ...queryable(),
    async transaction(callback) {
      const { tx } = await call({ type: 'begin' });
      if (tx === undefined) throw new Error('The embedded database opened no transaction');
      let result: Awaited<ReturnType<typeof callback>>;
      try {
        result = await callback(queryable(tx));
      } catch (error) {
        await call({ type: 'end', tx, commit: false }).catch(() => {});
        throw error;
      }
      await call({ type: 'end', tx, commit: true });
      return result;
    },
    async close() {
      if (isClosing) return;
      isClosing = true;
      try {
        if (!failure) await call({ type: 'close' });
      } finally {
        await worker.terminate();
      }
    },
    get closed() {
      return isClosing || failure !== undefined;
    },
    threadId: worker.threadId,
  };
}
