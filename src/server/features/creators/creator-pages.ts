import { and, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { creators } from '#server/db/schema.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Creator } from '#shared/replies/creators.ts';
import type { CreatorSort, PageStart } from '#shared/schemas/creator.ts';
import { CREATOR_QUERY_KEYS } from '#shared/schemas/creator.ts';
import { isInstant } from '#shared/schemas/dates.ts';
import { creatorAsApi } from './creator-dto.ts';

/**
 * Keyset paging over creators, newest first (docs/decisions/014), or oldest first (decision 025). A page is read from where the last one
 * ended, `(created_at, id) < (…)`, so any page costs what the first does, and rows added or moved between
 * two reads never repeat one or skip one. The id breaks ties between rows written in one instant.
 */

/** Where the previous page ended; the time keeps PostgreSQL's microseconds, which a JS Date would lose. */
interface Key {
  at: string;
  id: string;
}

type Direction = 'after' | 'before';

/** `created_at` as ISO 8601 in UTC with microseconds: exact, and read back the same on every engine. */
const keyAt = sql.raw(`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "keyAt"`);

const KEY_TEXT =
  /^([ab])(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\|([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

export function encodeCursor(direction: Direction, key: Key): string {
  return Buffer.from(`${direction === 'after' ? 'a' : 'b'}${key.at}|${key.id}`).toString('base64url');
}

/**
 * A cursor this server wrote, or a 400: a made-up one must not reach SQL as a timestamp (year 0000, 30
 * February: PostgreSQL refuses what a JS Date lets by) or a uuid.
 */
export function decodeCursor(cursor: string): { direction: Direction; key: Key } {
  const match = KEY_TEXT.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match || !isInstant(match[2] ?? '')) {
    throw new AppError('VALIDATION_FAILED', CREATOR_QUERY_KEYS.cursor, { cursor: CREATOR_QUERY_KEYS.cursor });
  }
  return { direction: match[1] === 'a' ? 'after' : 'before', key: { at: match[2] ?? '', id: match[3] ?? '' } };
}

/**
 * Whether a read walks the list newest first. `after` reads in the list's own order; `before` reads against
 * it and is turned round afterwards. Oldest first is the same walk of the same indexes, backwards.
 */
const readsNewestFirst = (direction: Direction, sort: CreatorSort) => (direction === 'after') === (sort === 'newest');

const ORDER = {
  newestFirst: sql.raw('created_at desc, id desc'),
  oldestFirst: sql.raw('created_at asc, id asc'),
};

function beyond(newestFirst: boolean, key: Key): SQL {
  return newestFirst
    ? sql`(${creators.createdAt}, ${creators.id}) < (${key.at}::timestamptz, ${key.id}::uuid)`
    : sql`(${creators.createdAt}, ${creators.id}) > (${key.at}::timestamptz, ${key.id}::uuid)`;
}

/** `alongside` is the figure read in the same statement as the rows (`PageOptions.alongside`), if any. */
type KeyedRow = Creator & { keyAt: string; alongside?: number };

/** `limit` rows in one direction past `key`, or from an end without one. */
interface Range {
  direction: Direction;
  key?: Key | undefined;
  limit: number;
  sort?: CreatorSort | undefined;
  alongside?: SQL<number> | undefined;
}

/** One read of a range, in the list's order either way, each row already a Creator as the API shows it. */
async function readKeyed(db: DbOrTx, where: SQL | undefined, range: Range): Promise<KeyedRow[]> {
  const { direction, key, limit, alongside } = range;
  const newestFirst = readsNewestFirst(direction, range.sort ?? 'newest');
  const filter = key ? and(where, beyond(newestFirst, key)) : where;
  // An uncorrelated subquery: the database works it out once, however many rows it is written on.
  const also = alongside ? sql`, (${alongside}) as "alongside"` : sql``;
  const query = sql`select ${creatorAsApi}, ${keyAt}${also} from ${creators}
    ${filter ? sql`where ${filter}` : sql``} order by ${newestFirst ? ORDER.newestFirst : ORDER.oldestFirst} limit ${limit}`;
  // Both drivers answer raw SQL with `rows`.
  const { rows } = (await db.execute(query)) as unknown as { rows: KeyedRow[] };
  return direction === 'after' ? rows : rows.reverse();
}

/** A row without its key and the figure beside it: exactly the API's Creator. */
function withoutKey({ keyAt: _key, alongside: _alongside, ...creator }: KeyedRow): Creator {
  return creator;
}

const keyOf = (row: KeyedRow): Key => ({ at: row.keyAt, id: row.id });

export interface KeysetPage {
  items: Creator[];
  next: string | null;
  prev: string | null;
  /** The figure asked for in `PageOptions.alongside`, as of the same snapshot; absent on an empty page. */
  alongside?: number;
}

export interface PageOptions {
  sort?: CreatorSort | undefined;
  /**
   * A number to read in the same statement as the rows, such as the list's kept count: a round trip less a page,
   * which on the embedded database is a crossing to its thread and back. A page without rows carries none.
   */
  alongside?: SQL<number> | undefined;
}

/**
 * The page of the creators matching `where` that `start` names. One row more than a page is read to learn
 * whether the list goes on. A cursor whose side has emptied since (rows deleted or moved) falls back to the
 * nearer end, so a page is never blank while creators remain. The planner picks the plan: an index walk, or
 * (inside a search's transaction) a bitmap over the trigram index.
 */
export async function readPage(
  db: DbOrTx,
  where: SQL | undefined,
  start: PageStart,
  pageSize: number,
  options: PageOptions = {},
): Promise<KeysetPage> {
  const { sort, alongside } = options;
  const limit = pageSize + 1;
  if (start === 'first' || start === 'last') {
    const direction = start === 'first' ? 'after' : 'before';
    const rows = await readKeyed(db, where, { direction, limit, sort, alongside });
    const hasMore = rows.length > pageSize;
    // Rows come in the list's order either way: the first page is the head of them, the last page the tail.
    const shown = start === 'first' ? rows.slice(0, pageSize) : rows.slice(-pageSize);
    return toPage(shown, { next: start === 'first' && hasMore, prev: start === 'last' && hasMore });
  }
  const { direction, key } = decodeCursor(start.cursor);
  const rows = await readKeyed(db, where, { direction, key, limit, sort, alongside });
  if (direction === 'after') {
    if (rows.length === 0) return readPage(db, where, 'last', pageSize, options);
    return toPage(rows.slice(0, pageSize), { next: rows.length > pageSize, prev: true });
  }
  if (rows.length < pageSize) return readPage(db, where, 'first', pageSize, options);
  return toPage(rows.slice(-pageSize), { next: true, prev: rows.length > pageSize });
}

function toPage(rows: KeyedRow[], more: { next: boolean; prev: boolean }): KeysetPage {
  const first = rows[0];
  const last = rows.at(-1);
  return {
    items: rows.map(withoutKey),
    next: more.next && last ? encodeCursor('after', keyOf(last)) : null,
    prev: more.prev && first ? encodeCursor('before', keyOf(first)) : null,
    ...(first?.alongside === undefined ? {} : { alongside: Number(first.alongside) }),
  };
}

/** One batch of a whole list, without its keys, and where the next one starts (none after the last). */
async function readBatch(db: DbOrTx, where: SQL | undefined, key: Key | undefined, batchSize: number) {
  const rows = await readKeyed(db, where, { direction: 'after', key, limit: batchSize });
  const last = rows.at(-1);
  return { items: rows.map(withoutKey), next: last && rows.length === batchSize ? keyOf(last) : undefined };
}

/**
 * Every row matching `where`, newest first, `batchSize` at a time: bounded memory for any list size. Only the
 * batch being written is held, so the rows die young and never pile up in the server's old heap.
 */
export async function* readAll(db: DbOrTx, where: SQL | undefined, batchSize = 1000): AsyncGenerator<Creator[]> {
  let batch = await readBatch(db, where, undefined, batchSize);
  for (;;) {
    const { items, next } = batch;
    if (items.length > 0) yield items;
    if (!next) return;
    batch = await readBatch(db, where, next, batchSize);
  }
}
