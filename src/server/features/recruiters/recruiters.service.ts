import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { creators, recruiterStatusCounts, recruiters } from '#server/db/schema.ts';
import { AppError, conflict, notFound } from '#server/lib/app-error.ts';
import type { CreatorStatus } from '#shared/creator-status.ts';
import { ADMIN_PAGE_SIZE } from '#shared/limits.ts';
import type { MessageKey } from '#shared/messages/message.ts';
import type { Creator } from '#shared/replies/creators.ts';
import type { AdminRecruiter, DeleteRecruiterResult, RecruiterListingsPage } from '#shared/replies/recruiters.ts';
import type { PageStart } from '#shared/schemas/creator.ts';
import type { RecruiterData, RecruiterEmail } from '#shared/schemas/recruiter.ts';
import { readAll, readPage } from '../creators/creator-pages.ts';

export const RECRUITER_NOT_FOUND = 'recruiters.notFound' satisfies MessageKey;
export const DUPLICATE_RECRUITER = 'recruiters.duplicate' satisfies MessageKey;
export const LAST_RECRUITER = 'recruiters.lastOne' satisfies MessageKey;

/** Case-insensitive, as the unique index is, so "ana" sits next to "Ana" and not after "Zoe". */
const byName = [asc(sql`lower(${recruiters.name})`), asc(recruiters.name)];

/**
 * Each recruiter's application count from the kept per-status counts (decision 005): a few rows per
 * recruiter, whatever the number of creators. Built with the query builder so its columns are
 * table-qualified inside the outer query.
 */
function adminColumns(db: DbOrTx) {
  const applications = db
    .select({ n: sql`coalesce(sum(${recruiterStatusCounts.count}), 0)` })
    .from(recruiterStatusCounts)
    .where(eq(recruiterStatusCounts.recruiterId, recruiters.id));
  return {
    id: recruiters.id,
    name: recruiters.name,
    email: recruiters.email,
    createdAt: recruiters.createdAt,
    applicationsCount: sql<number>`(${applications})::int`,
  };
}

type AdminRow = { id: string; name: string; email: string | null; createdAt: Date; applicationsCount: number };

function toAdminRecruiter(row: AdminRow): AdminRecruiter {
  return { ...row, createdAt: row.createdAt.toISOString(), applicationsCount: Number(row.applicationsCount) };
}

/** For the public application form's recruiter select (product §7 GET /api/recruiters): id and name only. */
export async function listSelectableRecruiters(db: DbOrTx): Promise<{ id: string; name: string }[]> {
  return db
    .select({ id: recruiters.id, name: recruiters.name })
    .from(recruiters)
    .orderBy(...byName);
}

export async function listRecruiters(db: DbOrTx): Promise<AdminRecruiter[]> {
  const rows = await db
    .select(adminColumns(db))
    .from(recruiters)
    .orderBy(...byName);
  return rows.map(toAdminRecruiter);
}

/** A name taken in any letter case is a 409; the unique index decides, so two racing adds cannot both win. */
export async function createRecruiter(db: DbOrTx, input: RecruiterData): Promise<AdminRecruiter> {
  const [row] = await db
    .insert(recruiters)
    .values({ name: input.name, email: input.email })
    .onConflictDoNothing()
    .returning({ id: recruiters.id, name: recruiters.name, email: recruiters.email, createdAt: recruiters.createdAt });
  if (!row) throw new AppError('CONFLICT', DUPLICATE_RECRUITER, { name: DUPLICATE_RECRUITER });
  return toAdminRecruiter({ ...row, applicationsCount: 0 });
}

export async function updateRecruiterEmail(
  db: DbOrTx,
  input: { id: string; email: RecruiterEmail['email'] },
): Promise<AdminRecruiter> {
  const [updated] = await db
    .update(recruiters)
    .set({ email: input.email, updatedAt: sql`now()` })
    .where(eq(recruiters.id, input.id))
    .returning({ id: recruiters.id });
  if (!updated) throw notFound(RECRUITER_NOT_FOUND);
  const [row] = await db.select(adminColumns(db)).from(recruiters).where(eq(recruiters.id, input.id));
  if (!row) throw notFound(RECRUITER_NOT_FOUND);
  return toAdminRecruiter(row);
}

/**
 * Product §2: the recruiter leaves future selection; their applications keep the recruiter name as
 * submitted (the foreign key only clears recruiter_id). The count is taken in the same transaction.
 */
export async function deleteRecruiter(db: Db, id: string): Promise<DeleteRecruiterResult> {
  return db.transaction(async (tx) => {
    const n = await applicationsCountOf(tx, id);
    // The form requires a recruiter, so the list is never emptied (decision 051). Every row is locked first, so
    // two admins deleting the last two at once are taken in turn and the second is refused.
    const remaining = await tx.select({ id: recruiters.id }).from(recruiters).for('update');
    if (remaining.length <= 1) throw conflict(LAST_RECRUITER);
    const [deleted] = await tx.delete(recruiters).where(eq(recruiters.id, id)).returning({ name: recruiters.name });
    if (!deleted) throw notFound(RECRUITER_NOT_FOUND);
    const applications = n === 1 ? '1 associated application remains' : `${n} associated applications remain`;
    return {
      associatedApplicationsCount: n,
      message: `Recruiter ${deleted.name} deleted. ${applications} unchanged.`,
    };
  });
}

/** The house entry's name: applicants who came without a recruiter choose the agency itself. */
export const houseRecruiterName = (brandName: string) => `${brandName} team`;

/**
 * A first start (or an upgrade from a version that allowed an empty list) gets the house entry, so the public
 * form's required recruiter select is never empty. Instances starting together insert it once: the unique
 * name index decides. Returns the name when it was created.
 */
export async function ensureHouseRecruiter(db: DbOrTx, brandName: string): Promise<string | null> {
  const [any] = await db.select({ id: recruiters.id }).from(recruiters).limit(1);
  if (any) return null;
  const [row] = await db
    .insert(recruiters)
    .values({ name: houseRecruiterName(brandName) })
    .onConflictDoNothing()
    .returning({ name: recruiters.name });
  return row?.name ?? null;
}

/** The recruiter's name (for an export's file name); 404 when there is none. */
export async function findRecruiterName(db: DbOrTx, id: string): Promise<string> {
  const [row] = await db.select({ name: recruiters.name }).from(recruiters).where(eq(recruiters.id, id));
  if (!row) throw notFound(RECRUITER_NOT_FOUND);
  return row.name;
}

/** How many applications name the recruiter, in the same read that finds them; 404 when there is none. */
async function applicationsCountOf(db: DbOrTx, id: string): Promise<number> {
  const { applicationsCount } = adminColumns(db);
  const [row] = await db.select({ applicationsCount }).from(recruiters).where(eq(recruiters.id, id));
  if (!row) throw notFound(RECRUITER_NOT_FOUND);
  return Number(row.applicationsCount);
}

const applicationsOf = (id: string, status?: CreatorStatus) =>
  and(eq(creators.recruiterId, id), status ? eq(creators.status, status) : undefined);

/** The recruiter's applications with one status, from the kept counts. */
async function applicationsWithStatus(db: DbOrTx, id: string, status: CreatorStatus): Promise<number> {
  const [row] = await db
    .select({ count: recruiterStatusCounts.count })
    .from(recruiterStatusCounts)
    .where(and(eq(recruiterStatusCounts.recruiterId, id), eq(recruiterStatusCounts.status, status)));
  return row?.count ?? 0;
}

/**
 * GET /api/admin/recruiters/{id}/listings without paging (product §7): `totalCount` is all of the recruiter's
 * applications, so the UI can say "N of M"; the listings come in batches, for a reply of any size.
 */
export async function listRecruiterListings(
  db: DbOrTx,
  input: { id: string; status?: CreatorStatus | undefined },
): Promise<{ totalCount: number; listings: AsyncGenerator<Creator[]> }> {
  const totalCount = await applicationsCountOf(db, input.id);
  return { totalCount, listings: readAll(db, applicationsOf(input.id, input.status)) };
}

/** The same one page at a time (docs/decisions/014), with the filtered total beside `totalCount`. */
export async function pageRecruiterListings(
  db: DbOrTx,
  input: { id: string; status?: CreatorStatus | undefined; start: PageStart },
): Promise<RecruiterListingsPage> {
  const where = applicationsOf(input.id, input.status);
  // The count settles whether the recruiter exists; an unknown one's empty page is never shown.
  const [totalCount, page, total] = await Promise.all([
    applicationsCountOf(db, input.id),
    readPage(db, where, input.start, ADMIN_PAGE_SIZE),
    input.status ? applicationsWithStatus(db, input.id, input.status) : undefined,
  ]);
  const { items, ...paging } = page;
  return {
    listings: items,
    totalCount,
    ...paging,
    pageSize: ADMIN_PAGE_SIZE,
    total: total ?? totalCount,
    totalIsExact: true,
  };
}
