import { screen, within } from '@testing-library/react';
import { asc, eq } from 'drizzle-orm';
import { activityLog, cancelReasons, creators } from '#server/db/schema.ts';
import { tokenMatches } from '#server/lib/tokens.ts';
import type { CancelReasonCode } from '#shared/cancel-reasons.ts';
import type { CreatorStatus } from '#shared/creator-status.ts';
import type { Creator, CreatorDetail, CreatorPage } from '#shared/replies/creators.ts';
import type { CreatorFilter } from '#shared/schemas/bulk.ts';
import { insertCreator } from '#tests/factories.ts';
import { insertCompleteCreator } from '#tests/fixtures/creators.ts';
import type { FileTestApp } from '#tests/setup/test-app.ts';

/** A stage-1 application's fields, any of which a test may set. */
export type Application = NonNullable<Parameters<typeof insertCreator>[1]>;

export const LISTING = {
  rollickListingUrl: 'https://marketplace.rollick.example/creators/amelie-nunez',
  rollickCreatorHubId: 'HUB-20481',
} as const;

/** The PATCH …/status bodies an admin sends to take a creator on from stage2_submitted (product §4). */
const LISTED = [{ status: 'listed', ...LISTING }];
const AFTER_STAGE2 = {
  stage2_submitted: [],
  listed: LISTED,
  matched: [...LISTED, { status: 'matched' }],
  finalized: [...LISTED, { status: 'matched' }, { status: 'finalized' }],
  cancelled: [...LISTED, { status: 'matched' }, { status: 'cancelled' }],
} as const satisfies Record<Exclude<CreatorStatus, 'pending' | 'stage2_sent'>, readonly object[]>;

type Stage1Status = 'pending' | 'stage2_sent';
const isStage1 = (status: CreatorStatus): status is Stage1Status => status === 'pending' || status === 'stage2_sent';

let applications = 0;

/** An applicant as the form leaves her: a name beyond ASCII, a Telegram contact, every optional field filled. */
function application(changes: Application): Application {
  applications += 1;
  return {
    name: 'Amélie Núñez-Østergård',
    language: 'French',
    locale: 'fr',
    gender: 'Female',
    contactMethod: 'Telegram',
    contactInfo: `@amelie_nunez_${applications}`,
    hasOnlyFans: 'yes',
    averageMonthlyRange: '$1,000–$2,500',
    age: 27,
    country: 'France',
    agencyGoals: 'Grow beyond France and find an agency that handles brand deals',
    instagram: '@amelie.nunez',
    tiktok: '@amelienunez',
    additionalInfo: 'Shoots on weekends; speaks French, Spanish and some English',
    ...changes,
  };
}

async function call(t: FileTestApp, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) {
  const reply = await t.app.inject({ method, url, headers: t.headers, ...(payload ? { payload } : {}) });
  if (reply.statusCode !== 200) throw new Error(`${method} ${url}: ${reply.statusCode} ${reply.body}`);
  return reply;
}

/**
 * A creator brought to `status` as applicants and the file's owner bring one, then read back through the admin
 * API. Up to stage2_sent: an application (`changes` sets its fields) and its link sent through the API. From
 * stage2_submitted on: the complete creator of the fixtures (stage 2 answered with images, a note, a
 * duplicate), moved on through PATCH …/status.
 */
export async function seedCreatorIn(
  t: FileTestApp,
  status: CreatorStatus,
  changes: Application = {},
): Promise<Creator> {
  let creatorId: string;
  if (isStage1(status)) {
    ({ creatorId } = await insertCreator(t.database.db, application(changes)));
    if (status === 'stage2_sent') await call(t, 'POST', `/api/admin/creators/${creatorId}/send-stage2`);
  } else {
    if (Object.keys(changes).length > 0) throw new Error('the complete creator is the fixtures’ own person');
    ({ creatorId } = (await insertCompleteCreator(t)).creator);
    for (const change of AFTER_STAGE2[status])
      await call(t, 'PATCH', `/api/admin/creators/${creatorId}/status`, change);
  }
  return readCreator(t, creatorId);
}

/** The creator as the admin API answers for her now (GET /api/admin/creators/:creatorId). */
export async function readCreator(t: FileTestApp, creatorId: string): Promise<Creator> {
  const reply = await call(t, 'GET', `/api/admin/creators/${creatorId}`);
  return reply.json<CreatorDetail>().creator;
}

/** The first page of a status list, searched as the list's filter says, as a status page reads it. */
export async function readListPage(t: FileTestApp, { status, q }: CreatorFilter & { status: CreatorStatus }) {
  const query = new URLSearchParams({ page: 'first', ...(q ? { q } : {}) });
  const reply = await call(t, 'GET', `/api/admin/creators/status/${status}?${query}`);
  return reply.json<CreatorPage>();
}

export interface StoredCreator {
  status: CreatorStatus;
  rollickListingUrl: string | null;
  rollickCreatorHubId: string | null;
  /** Her activity log, oldest first. */
  activity: { action: string; performedBy: string; additionalInfo: unknown }[];
  /** Whether this stage-2 link opens her form now; only its token's hash is stored (architecture §5). */
  opensWith(link: string): boolean;
}

/** What the database holds for a creator after the screen acted; undefined once she is deleted. */
export async function storedCreator(t: FileTestApp, creatorId: string): Promise<StoredCreator | undefined> {
  const { db } = t.database;
  const [row] = await db.select().from(creators).where(eq(creators.creatorId, creatorId));
  if (!row) return undefined;
  const activity = await db
    .select({
      action: activityLog.action,
      performedBy: activityLog.performedBy,
      additionalInfo: activityLog.additionalInfo,
    })
    .from(activityLog)
    .where(eq(activityLog.creatorId, row.id))
    .orderBy(asc(activityLog.timestamp));
  return {
    status: row.status,
    rollickListingUrl: row.rollickListingUrl,
    rollickCreatorHubId: row.rollickCreatorHubId,
    activity,
    opensWith: (link) => tokenMatches(new URL(link, 'http://x').searchParams.get('token') ?? '', row.stage2TokenHash),
  };
}

/** The id of a shipped cancel reason (decision 063), as the cancel dialogs send it. */
export async function cancelReasonIdOf(t: FileTestApp, code: CancelReasonCode): Promise<string> {
  const [row] = await t.database.db
    .select({ id: cancelReasons.id })
    .from(cancelReasons)
    .where(eq(cancelReasons.code, code));
  if (!row) throw new Error(`no shipped reason ${code}`);
  return row.id;
}

/**
 * Cancel asks why (decision 063): picks a reason in the dialog open in `scope` (by its name on screen) and, in the
 * one-creator dialog, presses its button; a bulk confirmation has its own button to press.
 */
export async function giveCancelReason(
  user: { click(element: Element): Promise<void> },
  { reason = 'No response', submit }: { reason?: string; submit?: string } = {},
): Promise<void> {
  const dialog = await screen.findByRole(submit ? 'dialog' : 'alertdialog');
  await user.click(await within(dialog).findByRole('radio', { name: reason }));
  if (submit) await user.click(within(dialog).getByRole('button', { name: submit }));
}
