import { and, eq, type SQL } from 'drizzle-orm';
import { creators } from '#server/db/schema.ts';
import type { CreatorFilter } from '#shared/schemas/bulk.ts';
import { assigneeWhere, tagWhere } from './creator-assignee-filter.ts';
import { searchMatch } from './creator-search.ts';
import { SLA_WINDOWS } from './creators.service.ts';

/**
 * The creators a list shows, as one condition: a status page (with its search) or a recruiter's listings
 * (with their status filter), and the pending list's waiting filter. Bulk actions on "all matching" and the CSV exports read the same rows the
 * screen pages through.
 */
export function creatorFilterWhere(filter: CreatorFilter): SQL | undefined {
  const q = filter.q?.trim();
  return and(
    filter.status ? eq(creators.status, filter.status) : undefined,
    filter.recruiterId ? eq(creators.recruiterId, filter.recruiterId) : undefined,
    q ? searchMatch(q) : undefined,
    filter.sla ? SLA_WINDOWS[filter.sla] : undefined,
    assigneeWhere(filter.assignee),
    tagWhere(filter.tag),
  );
}
