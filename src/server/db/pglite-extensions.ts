import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';

/** The contrib extensions the migrations create (admin search: drizzle/0004), loaded into every PGlite. */
export const PGLITE_EXTENSIONS = { pg_trgm, unaccent };
