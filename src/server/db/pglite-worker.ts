import fs, { readFileSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { keepFilesOwnerOnly, narrowTree } from '../lib/owner-only.ts';
import { PGLITE_EXTENSIONS } from './pglite-extensions.ts';
import { serializeError, type WorkerData, type WorkerReply, type WorkerRequest } from './pglite-protocol.ts';
import { createWire, type Wire } from './pglite-wire.ts';

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
async function open({ dataDir: dir, snapshot, postgres }: WorkerData): Promise<PGlite> {
  dataDir = dir;
  // The database's files are owner-only as they are made, and those an earlier version left wider are narrowed
  // while PostgreSQL starts: the walk's calls wait on libuv's threads, not on this one.
  if (dir) keepFilesOwnerOnly(fs);
  const [, pg] = await Promise.all([
    dir ? narrowTree(dir) : undefined,
    PGlite.create(dir, {
      pgliteWasmModule: postgres,
      postgresqlconf: [`shared_buffers = ${SHARED_BUFFERS}`],
      extensions: PGLITE_EXTENSIONS,
      ...(snapshot ? { loadDataDir: new Blob([readFileSync(snapshot)]) } : {}),
    }),
  ]);
  return pg;
}

/**
 * The database has one connection: a transaction holds it from BEGIN to its end, and a statement outside one
 * waits its turn, as PGlite's own `query` and `transaction` would queue them.
 */
function createTurns() {
  let last: Promise<void> = Promise.resolve();
  return {
    /** Resolves with the function that gives the turn to the next in line. */
    take(): Promise<() => void> {
      let release: () => void = () => {};
      const done = new Promise<void>((resolve) => {
        release = resolve;
      });
      const turn = last.then(() => release);
      last = last.then(() => done);
      return turn;
    },
  };
}

const turns = createTurns();
/** Open transactions, each with the turn it holds. */
const transactions = new Map<number, () => void>();
let nextTx = 1;

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

async function openTransaction(wire: Wire): Promise<number> {
  const release = await turns.take();
  try {
    await wire.command('BEGIN', true);
  } catch (error) {
    release();
    throw error;
  }
  const id = nextTx++;
  transactions.set(id, release);
  return id;
}

async function endTransaction(wire: Wire, id: number, commit: boolean): Promise<void> {
  const release = transactions.get(id);
  if (!release) throw new Error(`No open transaction ${id}`);
  try {
    if (!commit) {
      await wire.command('ROLLBACK', false);
      return;
    }
    // An error earlier in the transaction that its caller went on from: PostgreSQL rolls back at COMMIT.
    if ((await wire.command('COMMIT', false)) === 'ROLLBACK') {
      throw new Error('Transaction was rolled back instead of committed');
    }
  } finally {
    transactions.delete(id);
    release();
  }
}

async function handle(
  { pg, wire }: { pg: PGlite; wire: Wire },
  request: Exclude<WorkerRequest, { type: 'open' }>,
): Promise<WorkerReply> {
  switch (request.type) {
    case 'query': {
      const query = { ...request, parsers: parsersFor(request.rawTypes) };
      if (request.tx !== undefined) {
        if (!transactions.has(request.tx)) throw new Error(`No open transaction ${request.tx}`);
        return { id: request.id, ok: true, result: await wire.query(query, true) };
      }
      const release = await turns.take();
      try {
        return { id: request.id, ok: true, result: await wire.query(query, false) };
      } finally {
        release();
      }
    }
    case 'begin':
      return { id: request.id, ok: true, tx: await openTransaction(wire) };
    case 'end':
      await endTransaction(wire, request.tx, request.commit);
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

let opened: Promise<{ pg: PGlite; wire: Wire }> | undefined;

port.on('message', (request: WorkerRequest) => {
  const reply = (work: Promise<WorkerReply>) =>
    work.then(
      (answer) => port.postMessage(answer),
      (error: unknown) => port.postMessage({ id: request.id, ok: false, error: serializeError(error) }),
    );
  if (request.type === 'open') {
    opened ??= open(request.database).then((pg) => ({ pg, wire: createWire(pg) }));
    void reply(opened.then(() => ({ id: request.id, ok: true })));
    return;
  }
  const pg = opened ?? Promise.reject(new Error('The embedded database was never opened'));
  void reply(pg.then((database) => handle(database, request))).finally(() => {
    if (request.type === 'close') port.close();
  });
});
