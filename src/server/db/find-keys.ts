/**
 * What the back office's find box (docs/decisions/036) looks creators up by, across every status. The index
 * expressions (drizzle/0015) and the queries must be written identically for the database to use the indexes,
 * so both take them from here. Each is read by prefix through `text_pattern_ops` (byte order, whatever the
 * database's collation), which PGlite and PostgreSQL both have without extensions.
 */

/** A phone contact's digits without trunk or country zeros, reversed: a number typed with or without its
 * country code ends the same way, so a suffix match becomes a prefix match on this. */
export const PHONE_SUFFIX_SQL = `(reverse(ltrim(substr(contact_key, 7), '0')))`;
/** Only phone contacts carry that key (contact-key.ts writes `phone:<digits>`). */
export const PHONE_SUFFIX_WHERE = `contact_key like 'phone:%'`;
/** E-mail addresses and handles in lower case, without a leading `@`. */
export const CONTACT_PREFIX_SQL = `(lower(ltrim(btrim(contact_info), '@')))`;
/** The name folded as the status lists' search folds it (drizzle/0004): lower case, no accents. */
export const NAME_PREFIX_SQL = `(search_fold(name))`;
