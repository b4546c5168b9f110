import { type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { CONTACT_PREFIX_SQL, NAME_PREFIX_SQL, PHONE_SUFFIX_SQL, PHONE_SUFFIX_WHERE } from '#server/db/find-keys.ts';
import { CREATOR_STATUSES } from '#shared/creator-status.ts';
import type { Creator } from '#shared/replies/creators.ts';
import { FIND_RESULT_LIMIT } from '#shared/schemas/creator-find.ts';
import { creatorAsApi } from './creator-dto.ts';
import { choosePlan, likeContains, TRIGRAM_WORD, wholeCreatorId } from './creator-search.ts';

/**
 * The find box (docs/decisions/036): one creator among all statuses by what staff have at hand. Each way of
 * matching is one index range scan that stops after a box's worth of rows, tried in turn until the box is
 * full: the whole Creator ID, a phone number's ending, the start of an e-mail or handle, the start of the name,
 * then a name's inside through the status lists' trigram indexes.
 */

/** Phone characters only, and enough digits to be a number rather than a year or an age. */
const PHONE_LIKE = /^[+\d\s().\-/]+$/;
const PHONE_MIN_DIGITS = 6;
/** A number typed with its country code still finds one stored without it, down to this many digits. */
const PHONE_MIN_SUFFIX = 7;
/** Above every character (U+10FFFF): `key ~<~ prefix || this` closes a prefix range in byte order. */
const AFTER_ALL = '\u{10FFFF}';

/** A prefix range on an index expression, in the byte order `text_pattern_ops` keeps. */
const prefixRange = (expression: string, prefix: SQL | string): SQL => {
  const start = typeof prefix === 'string' ? sql`${prefix}` : prefix;
  return sql`${sql.raw(expression)} ~>=~ ${start} and ${sql.raw(expression)} ~<~ (${start} || ${AFTER_ALL})`;
};

/** The digits of a typed phone number as contact-key.ts keeps them, leading zeros dropped, or null. */
export function phoneDigitsOf(q: string): string | null {
  if (!PHONE_LIKE.test(q)) return null;
  const digits = q.replace(/\D/g, '').replace(/^0+/, '');
  return digits.length >= PHONE_MIN_DIGITS ? digits : null;
}

const reversed = (text: string) => [...text].reverse().join('');

/**
 * Where a phone number typed any way matches: the stored number ends with it, or it ends with the stored one.
 * Two reads rather than one `or`: with an `or` and a `limit`, the planner may expect matches everywhere and
 * read the whole table in order instead of the index.
 */
function phoneMatches(digits: string): SQL[] {
  const storedEndsWithTyped = sql`${sql.raw(PHONE_SUFFIX_WHERE)} and ${prefixRange(PHONE_SUFFIX_SQL, reversed(digits))}`;
  const endings: SQL[] = [];
  for (let length = PHONE_MIN_SUFFIX; length < digits.length; length++) {
    endings.push(sql`${reversed(digits.slice(-length))}`);
  }
  if (endings.length === 0) return [storedEndsWithTyped];
  const typedEndsWithStored = sql`${sql.raw(PHONE_SUFFIX_WHERE)} and ${sql.raw(PHONE_SUFFIX_SQL)} in (${sql.join(endings, sql`, `)})`;
  return [storedEndsWithTyped, typedEndsWithStored];
}

type Lookup = (db: Db, limit: number) => Promise<Creator[]>;

async function creatorsWhere(db: DbOrTx, where: SQL, limit: number): Promise<Creator[]> {
  const { rows } = (await db.execute(
    sql`select ${creatorAsApi} from creators where ${where} limit ${limit}`,
  )) as unknown as { rows: Creator[] };
  return rows;
}

/** A name's inside, status by status, each through its own trigram index (drizzle/0004). */
function byNameInside(q: string): Lookup {
  return (db, limit) =>
    db.transaction(async (tx) => {
      await choosePlan(tx, 'bitmap');
      const pattern = sql`search_fold(${likeContains(q)})`;
      const perStatus = CREATOR_STATUSES.map(
        (status) =>
          sql`(select ${creatorAsApi} from creators where status = ${status} and search_text like ${pattern} limit ${limit})`,
      );
      const { rows } = (await tx.execute(sql`${sql.join(perStatus, sql` union all `)} limit ${limit}`)) as unknown as {
        rows: Creator[];
      };
      return rows;
    });
}

/** An e-mail or handle being typed: an `@`, a dot, an underscore or a digit, which no name holds. */
const CONTACT_LIKE = /^[^\s]*[@._\d][^\s]*$/;

/**
 * The ways `q` could name a creator, most exact first. A Creator ID, a phone number, an e-mail or a handle is
 * looked up as one only, as no name looks like them; words are a name from its start, a contact from its
 * start, then a name's inside.
 */
function lookups(q: string): Lookup[] {
  const byId = wholeCreatorId(q);
  if (byId) return [(db, limit) => creatorsWhere(db, sql`creator_id = ${byId}`, limit)];
  const digits = phoneDigitsOf(q);
  if (digits)
    return phoneMatches(digits).map(
      (where): Lookup =>
        (db, limit) =>
          creatorsWhere(db, where, limit),
    );
  const contact = q.replace(/^@+/, '').toLowerCase();
  const byContact: Lookup = (db, limit) => creatorsWhere(db, prefixRange(CONTACT_PREFIX_SQL, contact), limit);
  if (CONTACT_LIKE.test(q)) return [byContact];
  const name = sql`search_fold(${q.replace(/\s+/g, ' ')})`;
  const found: Lookup[] = [(db, limit) => creatorsWhere(db, prefixRange(NAME_PREFIX_SQL, name), limit)];
  if (!/\s/.test(q)) found.push(byContact);
  if (TRIGRAM_WORD.test(q)) found.push(byNameInside(q));
  return found;
}

/** Up to FIND_RESULT_LIMIT creators of any status that `q` names, the most exact matches first. */
export async function findCreators(db: Db, q: string): Promise<Creator[]> {
  const found = new Map<string, Creator>();
  for (const lookup of lookups(q)) {
    for (const creator of await lookup(db, FIND_RESULT_LIMIT)) {
      if (!found.has(creator.id)) found.set(creator.id, creator);
    }
    if (found.size >= FIND_RESULT_LIMIT) break;
  }
  return [...found.values()].slice(0, FIND_RESULT_LIMIT);
}
