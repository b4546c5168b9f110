/**
 * Notices that a kind of row was committed, heard in this process: PostgreSQL's NOTIFY semantics without a
 * connection of its own. A notice given inside a transaction is heard once that transaction commits (the
 * same notice given twice in it, once), never if it rolls back; given outside one, the statement before it
 * has committed, so it is heard at once. What writes the rows gives the notice, so no caller has to
 * remember it (architecture §2: the delivery worker wakes on its outbox's notice).
 */

type Listener = () => void;

/** What drizzle's databases and transactions share: `transaction`, which inside a transaction is a savepoint. */
interface Transactional {
  transaction<T>(work: (tx: Transactional) => Promise<T>, config?: unknown): Promise<T>;
}

/** Where a notice given on a database handle or transaction goes. */
interface Scope {
  notify(channel: string): void;
}

const scopes = new WeakMap<object, Scope>();
const listenersOf = new WeakMap<object, Map<string, Set<Listener>>>();

/**
 * Makes every transaction of `owner` (and every savepoint inside them) hold its notices until it ends: a
 * commit passes them to `parent`, a rollback drops them.
 */
function holdNoticesUntilCommit(owner: Transactional, parent: Scope): void {
  const begin = owner.transaction.bind(owner);
  owner.transaction = async (work, config) => {
    const queued = new Set<string>();
    const scope: Scope = { notify: (channel) => queued.add(channel) };
    const result = await begin(async (tx) => {
      scopes.set(tx, scope);
      holdNoticesUntilCommit(tx, scope);
      return work(tx);
    }, config);
    for (const channel of queued) parent.notify(channel);
    return result;
  };
}

/** Called once per database as it is opened (db/client.ts): its transactions then carry notices. */
export function withCommitNotices<D extends Transactional>(db: D): D {
  const listeners = new Map<string, Set<Listener>>();
  const root: Scope = {
    notify: (channel) => {
      for (const listener of [...(listeners.get(channel) ?? [])]) listener();
    },
  };
  scopes.set(db, root);
  listenersOf.set(db, listeners);
  holdNoticesUntilCommit(db, root);
  return db;
}

/** Tells this process's listeners on `channel`, once what `dbOrTx` has written so far is committed. */
export function notifyOnCommit(dbOrTx: Transactional, channel: string): void {
  const scope = scopes.get(dbOrTx);
  if (!scope) throw new Error('notifyOnCommit needs a database opened by openDatabase, or one of its transactions');
  scope.notify(channel);
}

/** Calls `listener` after each commit that gave a notice on `channel`; returns what stops it. Listeners must not throw. */
export function onCommitNotice(db: Transactional, channel: string, listener: Listener): () => void {
  const listeners = listenersOf.get(db);
  if (!listeners) throw new Error('onCommitNotice needs a database opened by openDatabase');
  const set = listeners.get(channel) ?? new Set<Listener>();
  listeners.set(channel, set);
  set.add(listener);
  return () => set.delete(listener);
}
