import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { creators } from '#server/db/schema.ts';
import type { CreatorStatus } from '#shared/creator-status.ts';
import { FILTERED_COUNT_MAX } from '#shared/limits.ts';
import type { CreatorPage } from '#shared/replies/creators.ts';
import type { CreatorSort, PageStart } from '#shared/schemas/creator.ts';
import { normaliseCreatorId } from './creator-id.ts';
import { readPage } from './creator-pages.ts';

/**
 * The admin search (docs/decisions/014): what an admin types is found anywhere in a creator's name, contact
 * info or Creator ID, in any letter case and with or without accents, over a trigram index kept by the
 * database (drizzle/0004). Counting stops at SEARCH_COUNT_CAP, so no search reads the whole table.
 */
export const SEARCH_COUNT_CAP = FILTERED_COUNT_MAX;

/** `%`, `_` and `\` typed by an admin are literal characters, not patterns; runs of spaces are one space. */
export function likeContains(text: string): string {
  return `%${text.replace(/\s+/g, ' ').replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * A trigram index can only narrow a search holding three letters or digits in a row; a shorter one (`a`,
 * `+1`) matches so much that reading the list in order until a page is full is the quicker way anyway.
 */
export const TRIGRAM_WORD = /[\p{L}\p{N}]{3}/u;

/** A whole Creator ID as typed (`rc-2gyqs3x4`, `RC 2GYQS3X4`) is looked up, not searched for. */
export function wholeCreatorId(q: string): string | null {
  return /^rc/i.test(q.replace(/[\s-]/g, '')) ? normaliseCreatorId(q) : null;
}

/** What a search matches: one creator when `q` is a whole Creator ID, else the folded text anywhere. */
export function searchMatch(q: string): SQL {
  const byId = wholeCreatorId(q);
  return byId ? eq(creators.creatorId, byId) : sql`${creators.searchText} like search_fold(${likeContains(q)})`;
}

/** Planner settings for the rest of a transaction, so each kind of search always takes its one quick plan. */
export async function choosePlan(tx: DbOrTx, plan: 'bitmap' | 'walk'): Promise<void> {
  // Bitmap: only the status's trigram index may find rows; walk: only the newest-first indexes, in order.
  const [seqscan, indexscan, bitmapscan] = plan === 'bitmap' ? ['off', 'off', 'on'] : ['off', 'on', 'off'];
  await tx.execute(sql`select set_config('enable_seqscan', ${seqscan}, true),
    set_config('enable_indexscan', ${indexscan}, true), set_config('enable_bitmapscan', ${bitmapscan}, true)`);
}

async function cappedCount(tx: DbOrTx, where: SQL | undefined): Promise<number> {
  const [row] = await tx.select({ count: sql<number>`count(*)::int` }).from(
    tx
      .select({ one: sql`1` })
      .from(creators)
      .where(where)
      .limit(SEARCH_COUNT_CAP + 1)
      .as('matches'),
  );
  return Number(row?.count ?? 0);
}

/**
 * One page of the creators of `status` matching `q`. The count comes first and picks the plan: up to the cap
 * the matches are few, so the trigram index finds them all and they are sorted; past it they are common, so
 * walking the status newest first fills a page after a few rows.
 */
export async function searchCreatorPage(
  db: Db,
  input: {
    status: CreatorStatus;
    q: string;
    start: PageStart;
    pageSize: number;
    sort?: CreatorSort;
    /** A further condition, such as the pending list's waiting filter. */
    also?: SQL | undefined;
  },
): Promise<CreatorPage> {
  const byId = wholeCreatorId(input.q);
  const where = and(eq(creators.status, input.status), searchMatch(input.q), input.also);
  return db.transaction(async (tx) => {
    const indexed = byId === null && TRIGRAM_WORD.test(input.q);
    if (indexed) await choosePlan(tx, 'bitmap');
    else if (!byId) await choosePlan(tx, 'walk');
    const count = await cappedCount(tx, where);
    if (indexed && count > SEARCH_COUNT_CAP) await choosePlan(tx, 'walk');
    const page = await readPage(tx, where, input.start, input.pageSize, { sort: input.sort });
    return {
      ...page,
      pageSize: input.pageSize,
      total: Math.min(count, SEARCH_COUNT_CAP),
      totalIsExact: count <= SEARCH_COUNT_CAP,
    };
  });
}
