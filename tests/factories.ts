import { randomUUID } from 'node:crypto';
import type { Db } from '#server/db/client.ts';
import { activityLog, creators, recruiters } from '#server/db/schema.ts';
import { newCreatorId } from '#server/features/creators/creator-id.ts';
import { contactKeyOf } from '#server/lib/contact-key.ts';
import type { CreatorStatus } from '#shared/creator-status.ts';

type NewCreator = typeof creators.$inferInsert;
type NewRecruiter = typeof recruiters.$inferInsert;

export async function insertRecruiter(db: Db, values: Partial<NewRecruiter> = {}) {
  const [row] = await db
    .insert(recruiters)
    .values({ name: `Recruiter ${randomUUID().slice(0, 8)}`, ...values })
    .returning();
  if (!row) throw new Error('insert failed');
  return row;
}

/**
 * Makes `names` the only recruiters, written behind the server's back (staff can never empty the list), and
 * returns their rows in the order given.
 */
export async function onlyRecruiters(db: Db, ...names: string[]) {
  await db.delete(recruiters);
  const rows = [];
  for (const name of names) rows.push(await insertRecruiter(db, { name }));
  return rows;
}

/** A complete stage-1 creator as the application form would leave it, overridable field by field. */
/**
 * `count` creators as insertCreator makes them, each with its own contact and "Application submitted" entry, in
 * two statements: thousands for a bulk job's batches in a second rather than a minute.
 */
export async function insertCreators(
  db: Db,
  count: number,
  values: Partial<NewCreator> & { status?: CreatorStatus } = {},
) {
  const rows = await db
    .insert(creators)
    .values(Array.from({ length: count }, () => creatorValues(values)))
    .returning();
  await db
    .insert(activityLog)
    .values(rows.map((row) => ({ creatorId: row.id, action: 'Application submitted', performedBy: 'applicant' })));
  return rows;
}

/** A creator's columns as an English-speaking applicant by e-mail fills them in, with `values` over them. */
function creatorValues(values: Partial<NewCreator> & { status?: CreatorStatus }) {
  const contactMethod = values.contactMethod ?? 'Email';
  const contactInfo = values.contactInfo ?? `jamie.${randomUUID().slice(0, 8)}@example.com`;
  return {
    creatorId: newCreatorId(),
    name: 'Jamie Rivera',
    language: 'English',
    gender: 'Female',
    contactMethod,
    contactInfo,
    contactKey: contactKeyOf(contactMethod, contactInfo),
    hasOnlyFans: 'yes',
    averageMonthlyRange: '$1,000–$2,500',
    agencyGoals: 'Grow my audience',
    recruiterName: 'Walk-in',
    ...values,
  };
}

export async function insertCreator(db: Db, values: Partial<NewCreator> & { status?: CreatorStatus } = {}) {
  const [row] = await insertCreators(db, 1, values);
  if (!row) throw new Error('insert failed');
  return row;
}
