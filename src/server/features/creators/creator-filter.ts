import { and, eq, type SQL } from 'drizzle-orm';
import { creators } from '#server/db/schema.ts';
import type { CreatorFilter } from '#shared/schemas/bulk.ts';
import { listFilterWhere } from './creator-list-filters.ts';
import { searchMatch } from './creator-search.ts';
import { SLA_WINDOWS } from './creators.service.ts';

/**
 * The creators a list shows, as one condition: a status page (with its search) or a recruiter's listings
 * (with their status filter), the pending list's waiting filter and the list filters. Bulk actions on "all
 * matching" and the CSV exports read the same rows the screen pages through.
 */
export function creatorFilterWhere(filter: CreatorFilter): SQL | undefined {
  const q = filter.q?.trim();
  return and(
    filter.status ? eq(creators.status, filter.status) : undefined,
    q ? searchMatch(q) : undefined,
    filter.sla ? SLA_WINDOWS[filter.sla] : undefined,
    listFilterWhere(filter),
  );
}
