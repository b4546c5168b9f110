import { and, asc, desc, eq, or, sql } from 'drizzle-orm';
import { admins } from '#server/db/admin-schema.ts';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { savedViews } from '#server/db/staff-work-schema.ts';
import { AppError, conflict, notFound } from '#server/lib/app-error.ts';
import { type AdminRole, can } from '#shared/admin-roles.ts';
import type { CreatorStatus } from '#shared/creator-status.ts';
import type { SavedView } from '#shared/replies/saved-views.ts';
import { SAVED_VIEWS_MAX, type SavedViewList } from '#shared/saved-views.ts';
import { pickListFilters } from '#shared/schemas/list-filters.ts';
import {
  SAVED_VIEW_KEYS,
  type SavedViewCreateInput,
  type SavedViewQuery,
  type SavedViewUpdateInput,
} from '#shared/schemas/saved-views.ts';
import { creatorFilterWhere } from '../creators/creator-filter.ts';
import { withViewer } from '../creators/creator-list-filters.ts';
import { countUpTo, FILTER_COUNT_CAP } from '../creators/creators.service.ts';

/** Saved views (decision 063): a list's address under a name, personal or shared with the team. */

export interface Viewer {
  id: string;
  role: AdminRole;
}

/** The view's query in the address's order, blank values left out, so equal views have equal addresses. */
function addressOf(query: SavedViewQuery): Record<string, string> {
  const address: Record<string, string> = {};
  if (query.q) address.q = query.q;
  if (query.sort && query.sort !== 'newest') address.sort = query.sort;
  if (query.sla) address.sla = query.sla;
  for (const [name, value] of Object.entries(pickListFilters(query))) if (value) address[name] = value;
  return address;
}

/**
 * How many creators a view shows the admin asking (`me` is them), counted up to the list filters' cap. The
 * board counts every status; the waiting filter belongs to the pending list alone.
 */
async function countOf(db: DbOrTx, list: SavedViewList, query: Record<string, string>, viewer: Viewer) {
  const filters = withViewer(pickListFilters(query), viewer.id);
  const status = list === 'board' ? undefined : (list as CreatorStatus);
  const where = creatorFilterWhere({
    ...filters,
    ...(status ? { status } : {}),
    ...(query.q ? { q: query.q } : {}),
    ...(status === 'pending' && (query.sla === 'due' || query.sla === 'overdue') ? { sla: query.sla } : {}),
  });
  return countUpTo(db, where, FILTER_COUNT_CAP);
}

/** GET /api/admin/views: the asker's views and those the team shares, theirs first, each by name, with counts. */
export async function listSavedViews(db: DbOrTx, viewer: Viewer): Promise<SavedView[]> {
  const rows = await db
    .select({ view: savedViews, ownerName: admins.username })
    .from(savedViews)
    .innerJoin(admins, eq(admins.id, savedViews.ownerId))
    .where(or(eq(savedViews.ownerId, viewer.id), eq(savedViews.shared, true)))
    .orderBy(desc(sql`${savedViews.ownerId} = ${viewer.id}`), asc(sql`lower(${savedViews.name})`), asc(savedViews.id));
  return Promise.all(
    rows.map(async ({ view, ownerName }) => {
      const { total, totalIsExact } = await countOf(db, view.list as SavedViewList, view.query, viewer);
      return {
        id: view.id,
        name: view.name,
        list: view.list as SavedViewList,
        query: view.query,
        shared: view.shared,
        mine: view.ownerId === viewer.id,
        ownerName,
        count: total,
        countIsExact: totalIsExact,
      };
    }),
  );
}

async function oneView(db: DbOrTx, id: string, viewer: Viewer): Promise<SavedView> {
  const found = (await listSavedViews(db, viewer)).find((view) => view.id === id);
  if (!found) throw notFound(SAVED_VIEW_KEYS.notFound);
  return found;
}

const forbidden = (key: typeof SAVED_VIEW_KEYS.notYours) => new AppError('FORBIDDEN', key);

const nameTaken = () => new AppError('VALIDATION_FAILED', SAVED_VIEW_KEYS.taken, { name: SAVED_VIEW_KEYS.taken });

async function refuseTakenName(db: DbOrTx, ownerId: string, name: string, exceptId?: string) {
  const [clash] = await db
    .select({ id: savedViews.id })
    .from(savedViews)
    .where(and(eq(savedViews.ownerId, ownerId), sql`lower(${savedViews.name}) = lower(${name})`));
  if (clash && clash.id !== exceptId) throw nameTaken();
}

/** POST /api/admin/views */
export async function createSavedView(db: Db, input: SavedViewCreateInput, viewer: Viewer): Promise<SavedView> {
  const id = await db.transaction(async (tx) => {
    // One admin's views are counted and named under a lock on their row, so two tabs saving at once stay in bounds.
    await tx.select({ id: admins.id }).from(admins).where(eq(admins.id, viewer.id)).for('update');
    const [{ count } = { count: 0 }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(savedViews)
      .where(eq(savedViews.ownerId, viewer.id));
    if (count >= SAVED_VIEWS_MAX) throw conflict({ key: SAVED_VIEW_KEYS.tooMany, params: { max: SAVED_VIEWS_MAX } });
    await refuseTakenName(tx, viewer.id, input.name);
    const [row] = await tx
      .insert(savedViews)
      .values({
        ownerId: viewer.id,
        name: input.name,
        list: input.list,
        query: addressOf(input.query),
        shared: input.shared,
      })
      .returning({ id: savedViews.id });
    if (!row) throw new Error('the saved views refused a row');
    return row.id;
  });
  return oneView(db, id, viewer);
}

/** The view, which must be the asker's own to change. */
async function ownView(db: DbOrTx, id: string, viewer: Viewer) {
  const [row] = await db.select().from(savedViews).where(eq(savedViews.id, id));
  if (!row || (row.ownerId !== viewer.id && !row.shared)) throw notFound(SAVED_VIEW_KEYS.notFound);
  return row;
}

/** PATCH /api/admin/views/{id}: its maker renames it, or shares it with the team or takes it back. */
export async function updateSavedView(
  db: Db,
  id: string,
  change: SavedViewUpdateInput,
  viewer: Viewer,
): Promise<SavedView> {
  const row = await ownView(db, id, viewer);
  if (row.ownerId !== viewer.id) throw forbidden(SAVED_VIEW_KEYS.notYours);
  if (change.name !== undefined) await refuseTakenName(db, viewer.id, change.name, id);
  await db
    .update(savedViews)
    .set({
      ...(change.name !== undefined ? { name: change.name } : {}),
      ...(change.shared !== undefined ? { shared: change.shared } : {}),
    })
    .where(eq(savedViews.id, id));
  return oneView(db, id, viewer);
}

/** DELETE /api/admin/views/{id}: its maker deletes it; an owner may also take a shared view off the team's list. */
export async function deleteSavedView(db: Db, id: string, viewer: Viewer): Promise<void> {
  const row = await ownView(db, id, viewer);
  if (row.ownerId !== viewer.id && !can(viewer.role, 'manageLists')) throw forbidden(SAVED_VIEW_KEYS.notYours);
  await db.delete(savedViews).where(eq(savedViews.id, id));
}
