import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { activityLog, creatorRemovals, creators } from '#server/db/schema.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { FileStore } from '#server/lib/file-store.ts';
import { CANCEL_REASON_ENGLISH } from '#shared/cancel-reasons.ts';
import {
  CREATOR_ACTIONS,
  OWN_PAGE_PERFORMER,
  SUBMITTED_ACTIVITY,
  WITHDRAWN_ACTIVITY,
} from '#shared/creator-actions.ts';
import type { CreatorStatus } from '#shared/creator-status.ts';
import {
  type ApplicantPage,
  PAGE_STEPS,
  type PageStep,
  type PageStepItem,
  type StepState,
} from '#shared/replies/applicant-page.ts';
import { EVENT_CREATOR_COLUMNS, recordEvent } from '../alerts/outbox.ts';
import { withdrawnReasonId } from '../cancel-reasons/cancel-reasons.service.ts';
import { deleteCreator } from '../creators/creator-delete.service.ts';
import { normaliseCreatorId } from '../creators/creator-id.ts';
import { DeadPageLinkError, type PageLinkRow } from './page-link.service.ts';

export { WITHDRAWN_ACTIVITY };
/** The reason her withdrawal's activity entry gives. */
export const WITHDRAWN_REASON = 'withdrawn by the applicant';

/** Statuses nothing more can happen in, by her or anyone: she can no longer withdraw. */
const ENDED: readonly CreatorStatus[] = ['finalized', 'cancelled'];

/**
 * Which activity entries mark a step done; the latest counts (a relist lists again). Stage 2 is done only once
 * she answered it: a link sent and never answered is a step she was at, not one she completed.
 */
const STEP_ACTIVITIES: Record<PageStep, readonly string[]> = {
  applied: [SUBMITTED_ACTIVITY],
  stage2: [CREATOR_ACTIONS.submitStage2.activity, CREATOR_ACTIONS.resubmitStage2.activity],
  listed: [CREATOR_ACTIONS.listDirectly.activity, CREATOR_ACTIONS.list.activity],
  matched: [CREATOR_ACTIONS.markMatched.activity],
};

/** Stage 2 as the current step dates from its link (or her latest answers, when she re-submits). */
const STAGE2_CURRENT_ACTIVITIES = [
  ...STEP_ACTIVITIES.stage2,
  CREATOR_ACTIONS.sendStage2.activity,
  CREATOR_ACTIONS.sendAgain.activity,
];

/** The step each open status stands at. */
const CURRENT_STEP: Partial<Record<CreatorStatus, PageStep>> = {
  pending: 'applied',
  stage2_sent: 'stage2',
  stage2_submitted: 'stage2',
  listed: 'listed',
  matched: 'matched',
};

interface ActivityItem {
  action: string;
  timestamp: Date;
  performedBy: string;
}

/**
 * Her timeline from her status and her activity log: each step done (with when), current, still ahead, or
 * passed over. Words are the page's, in her language; this says only where each step stands.
 */
export function timelineOf(status: CreatorStatus, appliedAt: Date, activity: readonly ActivityItem[]): PageStepItem[] {
  const latest = (actions: readonly string[]): Date | null =>
    activity.filter((item) => actions.includes(item.action)).at(-1)?.timestamp ?? null;
  const current = CURRENT_STEP[status];
  const currentIndex = current ? PAGE_STEPS.indexOf(current) : PAGE_STEPS.length;
  return PAGE_STEPS.map((step, index) => {
    if (index === currentIndex) {
      const at = step === 'stage2' ? latest(STAGE2_CURRENT_ACTIVITIES) : latest(STEP_ACTIVITIES[step]);
      return { step, state: 'current', at: (step === 'applied' ? appliedAt : at)?.toISOString() ?? null };
    }
    const at = step === 'applied' ? appliedAt : latest(STEP_ACTIVITIES[step]);
    let state: StepState;
    if (index < currentIndex || status === 'finalized') state = at ? 'done' : 'skipped';
    else state = status === 'cancelled' ? (at ? 'done' : 'skipped') : 'upcoming';
    return { step, state, at: state === 'done' ? (at?.toISOString() ?? null) : null };
  });
}

async function activityOf(db: DbOrTx, creatorRowId: string): Promise<ActivityItem[]> {
  return db
    .select({ action: activityLog.action, timestamp: activityLog.timestamp, performedBy: activityLog.performedBy })
    .from(activityLog)
    .where(eq(activityLog.creatorId, creatorRowId))
    .orderBy(asc(activityLog.timestamp), asc(activityLog.id));
}

/** GET /api/me/{creatorId}: where her application stands and what is asked of her now. */
export async function getApplicantPage(db: DbOrTx, row: PageLinkRow, now = new Date()): Promise<ApplicantPage> {
  const activity = await activityOf(db, row.id);
  const last = activity.filter(
    (item) => item.action.startsWith('Status changed to') || item.action === WITHDRAWN_ACTIVITY,
  );
  const wasWithdrawn = row.status === 'cancelled' && last[last.length - 1]?.action === WITHDRAWN_ACTIVITY;
  const stage2Live =
    row.status === 'stage2_sent' &&
    row.stage2TokenHash !== null &&
    (row.stage2TokenExpiresAt?.getTime() ?? 0) > now.getTime();
  return {
    creatorId: row.creatorId,
    name: row.name,
    status: row.status,
    appliedAt: row.createdAt.toISOString(),
    timeline: timelineOf(row.status, row.createdAt, activity),
    outcome: wasWithdrawn ? 'withdrawn' : row.status === 'finalized' || row.status === 'cancelled' ? row.status : null,
    asked: stage2Live
      ? { kind: 'stage2', sentBy: row.contactMethod, expiresAt: row.stage2TokenExpiresAt?.toISOString() ?? null }
      : { kind: 'nothing' },
    canWithdraw: !ENDED.includes(row.status),
    linkExpiresAt: row.pageTokenExpiresAt?.toISOString() ?? null,
  };
}

/**
 * POST /api/me/{creatorId}/withdraw: cancelled, conditional on the status she withdrew from (as staff changes
 * are, architecture §4), with its activity entry and the staff alert in the same transaction. Her stage-2 link
 * dies with it; her page stays, so she can still take or erase her data.
 */
export async function withdrawApplication(db: Db, row: PageLinkRow): Promise<void> {
  const from = row.status;
  if (ENDED.includes(from)) throw new AppError('INVALID_TRANSITION', 'me.cannotWithdraw');
  await db.transaction(async (tx) => {
    // Her withdrawal gives the shipped reason "withdrawn" (decision 063), so the insights count it as she left.
    const cancelReasonId = await withdrawnReasonId(tx);
    const [moved] = await tx
      .update(creators)
      .set({
        status: 'cancelled',
        stage2TokenHash: null,
        stage2TokenExpiresAt: null,
        cancelReasonId,
        cancelNote: null,
        updatedAt: sql`now()`,
      })
      .where(and(eq(creators.id, row.id), eq(creators.status, from)))
      .returning(EVENT_CREATOR_COLUMNS);
    // Moved meanwhile (by staff, or erased): refused like any change that lost a race.
    if (!moved) throw new AppError('INVALID_TRANSITION', 'me.cannotWithdraw');
    await tx.insert(activityLog).values({
      creatorId: row.id,
      action: WITHDRAWN_ACTIVITY,
      performedBy: OWN_PAGE_PERFORMER,
      additionalInfo: { from, to: 'cancelled', reason: WITHDRAWN_REASON },
    });
    await recordEvent(tx, 'creator.withdrawn', moved, {
      previousStatus: from,
      cancelReason: CANCEL_REASON_ENGLISH.withdrawn,
    });
  });
}

/** What she must type to erase her data: her Creator ID, in any letter case, with or without the dash. */
export function confirmsErasure(row: Pick<PageLinkRow, 'creatorId'>, typed: string): boolean {
  return normaliseCreatorId(typed) === row.creatorId;
}

/**
 * POST /api/me/{creatorId}/erase: removed as staff delete does (the row, stage 2, activity log, outbox events,
 * files after the commit, and the duplicate badges it alone caused), leaving one audit row without anything
 * personal: the Creator ID, the status then, the reason and when.
 */
export async function eraseApplicantData(
  db: Db,
  store: FileStore,
  row: PageLinkRow,
  log?: { warn(details: object, message: string): void },
): Promise<void> {
  await deleteCreator(db, store, {
    publicId: row.creatorId,
    ...(log ? { log } : {}),
    onDeleted: async (tx, removed) => {
      await tx
        .insert(creatorRemovals)
        .values({ creatorId: removed.creatorId, statusAtRemoval: removed.status, reason: 'erased_by_applicant' });
    },
  }).catch((error: unknown) => {
    // Erased meanwhile: as dead as any other link.
    if (error instanceof AppError && error.statusCode === 404) throw new DeadPageLinkError();
    throw error;
  });
}
