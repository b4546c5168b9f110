import fs, { readFileSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { keepFilesOwnerOnly, narrowTree } from '../lib/owner-only.ts';
import { PGLITE_EXTENSIONS } from './pglite-extensions.ts';
import { serializeError, type WorkerData, type WorkerReply, type WorkerRequest } from './pglite-protocol.ts';

/**
 * The embedded database's own thread (architecture §2: kept off the request thread). PGlite runs PostgreSQL
 * compiled to WASM synchronously, so a long query on the server's thread would stop every other request
 * until it ends; here it only delays other queries, as a busy PostgreSQL server would.
 */
const port = parentPort;
if (!port) throw new Error('pglite-worker runs as a worker thread');

/**
 * PostgreSQL's page cache inside the WASM heap. The default 128 MB is resident from the start; the data
 * files are also cached by the operating system, so a smaller cache costs little and keeps the server's
 * memory in bounds next to image work (docs/performance.md).
 */
const SHARED_BUFFERS = '16MB';

/** Where the open database lives on disk; none while it is in memory (tests). */
let dataDir: string | undefined;

/** Opens the database the server names in its first message (pglite-thread.ts). */
function open({ dataDir: dir, snapshot, postgres }: WorkerData): Promise<PGlite> {
  dataDir = dir;
  if (dir) {
    // The database's files are owner-only as they are made, and those an earlier version left wider are narrowed.
    keepFilesOwnerOnly(fs);
    narrowTree(dir);
  }
  return PGlite.create(dir, {
    pgliteWasmModule: postgres,
    postgresqlconf: [`shared_buffers = ${SHARED_BUFFERS}`],
    extensions: PGLITE_EXTENSIONS,
    ...(snapshot ? { loadDataDir: new Blob([readFileSync(snapshot)]) } : {}),
  });
}

interface OpenTransaction {
  tx: Transaction;
  finish(commit: boolean): void;
  /** Settles once PGlite has committed or rolled back. */
  done: Promise<unknown>;
}

const transactions = new Map<number, OpenTransaction>();
let nextTx = 1;

class Rollback extends Error {}

/** drizzle asks for some types as PostgreSQL's text (dates, intervals, numeric arrays); PGlite needs a function each. */
const passThrough = (value: string) => value;
const parsersFor = (() => {
  const cache = new Map<string, Record<number, (value: string) => string>>();
  return (oids: number[]) => {
    const key = oids.join(',');
    let parsers = cache.get(key);
    if (!parsers) {
      parsers = Object.fromEntries(oids.map((oid) => [oid, passThrough]));
      cache.set(key, parsers);
    }
    return parsers;
  };
})();

function openTransaction(pg: PGlite): Promise<number> {
  return new Promise((resolve, reject) => {
    const id = nextTx++;
    const done = pg.transaction(async (tx) => {
      const ended = new Promise<void>((commit, rollback) => {
        transactions.set(id, {
          tx,
          finish: (isCommit) => (isCommit ? commit() : rollback(new Rollback())),
          done,
        });
      });
      resolve(id);
      await ended;
    });
    // A transaction that never began (the database failed) is reported to the caller of begin.
    done.catch((error: unknown) => {
      if (!transactions.has(id)) reject(error);
    });
  });
}

async function endTransaction(id: number, commit: boolean): Promise<void> {
  const open = transactions.get(id);
  if (!open) throw new Error(`No open transaction ${id}`);
  open.finish(commit);
  try {
    await open.done;
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
  } finally {
    transactions.delete(id);
  }
}

async function handle(pg: PGlite, request: Exclude<WorkerRequest, { type: 'open' }>): Promise<WorkerReply> {
  switch (request.type) {
    case 'query': {
      const options = { rowMode: request.rowMode, parsers: parsersFor(request.rawTypes) };
      const target = request.tx === undefined ? pg : transactions.get(request.tx)?.tx;
      if (!target) throw new Error(`No open transaction ${request.tx}`);
      const { rows, fields, affectedRows } = await target.query(request.sql, request.params, options);
      return { id: request.id, ok: true, result: { rows, fields, affectedRows } };
    }
    case 'begin':
      return { id: request.id, ok: true, tx: await openTransaction(pg) };
    case 'end':
      await endTransaction(request.tx, request.commit);
      return { id: request.id, ok: true };
    case 'close':
      if (!pg.closed) {
        // Everything committed reaches the data files now, so the next start replays nothing.
        if (dataDir) await pg.query('CHECKPOINT');
        await pg.close();
      }
      return { id: request.id, ok: true };
  }
}

let opened: Promise<PGlite> | undefined;

port.on('message', (request: WorkerRequest) => {
  const reply = (work: Promise<WorkerReply>) =>
    work.then(
      (answer) => port.postMessage(answer),
      (error: unknown) => port.postMessage({ id: request.id, ok: false, error: serializeError(error) }),
    );
  if (request.type === 'open') {
    opened ??= open(request.database);
    void reply(opened.then(() => ({ id: request.id, ok: true })));
    return;
  }
  const pg = opened ?? Promise.reject(new Error('The embedded database was never opened'));
  void reply(pg.then((database) => handle(database, request))).finally(() => {
    if (request.type === 'close') port.close();
  });
});
