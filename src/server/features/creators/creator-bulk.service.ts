import type { Db, DbOrTx } from '#server/db/client.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { FileStore } from '#server/lib/file-store.ts';
import type { AdminRole } from '#shared/admin-roles.ts';
import type { BulkTargetStatus } from '#shared/creator-actions.ts';
import type { ErrorCode } from '#shared/error-codes.ts';
import { BULK_MAX_CREATORS } from '#shared/limits.ts';
import { englishOf } from '#shared/messages/english.ts';
import { type Message, messageOf } from '#shared/messages/message.ts';
import type { BulkJobResult } from '#shared/replies/bulk-jobs.ts';
import type { BulkChange, BulkFailure, BulkStage2Link } from '#shared/replies/creators.ts';
import { BULK_DELETABLE_STATUSES, BULK_KEYS, type CreatorFilter } from '#shared/schemas/bulk.ts';
import type { GivenCancelReason } from '../cancel-reasons/cancel-reasons.service.ts';
import type { FileLog } from '../files/files.service.ts';
import { type BulkVerdict, changeStatusInBulk } from './creator-bulk-status.ts';
import { deleteCreator } from './creator-delete.service.ts';
import { creatorFilterWhere } from './creator-filter.ts';
import { normaliseCreatorId } from './creator-id.ts';
import { readAll } from './creator-pages.ts';
import { changeCreatorStatus, sendStage2Link } from './creator-status.service.ts';
import { undoCreatorChange } from './creator-undo.service.ts';
import { CREATOR_NOT_FOUND } from './creators.service.ts';

/** "All matching" is read this many ids at a time, newest first, as the screen lists them. */
const MATCHING_BATCH_SIZE = 1000;

export type BulkWork =
  | { action: 'status'; status: BulkTargetStatus; cancelReason?: GivenCancelReason | null }
  | { action: 'stage2'; linkTtlMs: number }
  | { action: 'delete' }
  /** A bulk action's changes taken back (docs/decisions/033): each creator's change, by Creator ID. */
  | { action: 'undo'; changes: ReadonlyMap<string, string>; role: AdminRole };

/** The work POST …/bulk asks for (an undo comes by its own route). */
export type BulkActionWork = Exclude<BulkWork, { action: 'undo' }>;

export type BulkTargets = { creatorIds: readonly string[] } | { matching: CreatorFilter };

/** A creator left unchanged, and why: in English as the reply always said, and by key to show in any language. */
export function failureOf(creatorId: string, code: ErrorCode, reason: Message): BulkFailure {
  return {
    creatorId,
    code,
    message: englishOf(reason),
    messageKey: reason.key,
    ...(reason.params ? { messageParams: reason.params } : {}),
  };
}

export interface BulkLog extends FileLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

/**
 * The Creator IDs "all matching" names at this moment, newest first; more than the cap is a 400 before
 * anything changes. Only the ids are kept, so even the largest request holds a few hundred kilobytes.
 */
export async function matchingCreatorIds(db: Db, filter: CreatorFilter): Promise<string[]> {
  const ids: string[] = [];
  for await (const batch of readAll(db, creatorFilterWhere(filter), MATCHING_BATCH_SIZE)) {
    for (const creator of batch) ids.push(creator.creatorId);
    if (ids.length > BULK_MAX_CREATORS) throw new AppError('VALIDATION_FAILED', BULK_KEYS.tooMany);
  }
  return ids;
}

/** The request's ids in the order sent, each once; a malformed one is reported, not looked up. */
export function namedCreatorIds(raw: readonly string[], failed: BulkFailure[]): string[] {
  const ids = new Set<string>();
  for (const text of raw) {
    const creatorId = normaliseCreatorId(text);
    if (creatorId) ids.add(creatorId);
    else failed.push(failureOf(text, 'NOT_FOUND', messageOf(CREATOR_NOT_FOUND)));
  }
  return [...ids];
}

/** What a bulk action has done so far: the reply's lists, filled creator by creator. */
export interface BulkOutcome {
  succeeded: string[];
  failed: BulkFailure[];
  links: BulkStage2Link[];
  /** Each change made, to take it back (docs/decisions/033). */
  changes: BulkChange[];
}

export const emptyOutcome = (): BulkOutcome => ({ succeeded: [], failed: [], links: [], changes: [] });

export function resultOf(action: BulkWork['action'], outcome: BulkOutcome): BulkJobResult {
  const { succeeded, failed, links, changes } = outcome;
  return {
    action,
    succeeded,
    failed,
    ...(action === 'stage2' ? { links } : {}),
    // An undo cannot itself be undone, and a deletion cannot be.
    ...(action === 'delete' || action === 'undo' ? {} : { changes }),
  };
}

/**
 * Creators judged per transaction by the per-creator path (docs/decisions/034). Each creator still runs in its
 * own savepoint, so a refusal undoes only that creator; the batch commits together, which spares a commit per
 * creator.
 */
export const BULK_BATCH_SIZE = 100;

/**
 * A status change judges its creators together, a few statements per batch rather than a few per creator
 * (docs/decisions/053), so its batches are larger. The embedded database runs one transaction at a time, so
 * there a batch stays small enough to hold others back about a second at most; on PostgreSQL the same size
 * keeps each batch's row locks short while other requests run beside it.
 */
export const BULK_STATUS_BATCH_SIZE = { pglite: 1000, postgres: 1000 } as const;

export const batchSizeOf = (work: BulkWork, statusBatchSize: number = BULK_STATUS_BATCH_SIZE.pglite) =>
  work.action === 'status' ? statusBatchSize : BULK_BATCH_SIZE;

/** The request's creators: "all matching" read now, or the named ids with any malformed one reported. */
export async function bulkTargetIds(db: Db, targets: BulkTargets, outcome: BulkOutcome): Promise<string[]> {
  return 'matching' in targets
    ? matchingCreatorIds(db, targets.matching)
    : namedCreatorIds(targets.creatorIds, outcome.failed);
}

interface BulkRun {
  work: BulkWork;
  performedBy: string;
  log: BulkLog;
}

/** One creator through the single-creator service; a refusal is recorded for them and the rest go on. */
async function applyToOne(db: Db, store: FileStore, run: BulkRun, creatorId: string, outcome: BulkOutcome) {
  const { work, performedBy, log } = run;
  try {
    switch (work.action) {
      case 'status': {
        const { change } = await changeCreatorStatus(db, {
          publicId: creatorId,
          performedBy,
          change: {
            status: work.status,
            rollickListingUrl: null,
            rollickCreatorHubId: null,
            cancelReasonId: work.cancelReason?.id ?? null,
            cancelNote: work.cancelReason?.note ?? null,
          },
        });
        outcome.changes.push({ creatorId, change });
        break;
      }
      case 'stage2': {
        const { link, expiresAt, change, creator } = await sendStage2Link(db, {
          publicId: creatorId,
          performedBy,
          linkTtlMs: work.linkTtlMs,
        });
        // Who each link is for and how to reach her, so the links can be passed on from the summary.
        const { name, contactMethod, contactInfo, locale, language } = creator;
        outcome.links.push({ creatorId, link, expiresAt, name, contactMethod, contactInfo, locale, language });
        outcome.changes.push({ creatorId, change });
        break;
      }
      case 'undo': {
        const change = work.changes.get(creatorId);
        if (!change) throw new AppError('NOT_FOUND', CREATOR_NOT_FOUND);
        await undoCreatorChange(db, { publicId: creatorId, change, performedBy, role: work.role });
        break;
      }
      case 'delete':
        await deleteCreator(db, store, { publicId: creatorId, log, statuses: BULK_DELETABLE_STATUSES });
        // The activity log goes with the creator, so the server log keeps who deleted whom.
        log.info({ creatorId, admin: performedBy }, 'creator deleted');
        break;
    }
    outcome.succeeded.push(creatorId);
  } catch (error) {
    if (!(error instanceof AppError) || error.statusCode >= 500) {
      log.error({ err: error, creatorId }, 'bulk action failed for one creator');
      outcome.failed.push(failureOf(creatorId, 'INTERNAL', messageOf('bulk.couldNotChange')));
    } else {
      outcome.failed.push(failureOf(creatorId, error.code, error.reason));
    }
  }
}

function recordVerdict(outcome: BulkOutcome, verdict: BulkVerdict) {
  if ('change' in verdict) {
    outcome.changes.push({ creatorId: verdict.creatorId, change: verdict.change });
    outcome.succeeded.push(verdict.creatorId);
  } else {
    outcome.failed.push(failureOf(verdict.creatorId, verdict.refusal.code, verdict.refusal.reason));
  }
}

/** How far each list had got, to forget what a rolled-back batch added. */
const lengthsOf = (outcome: BulkOutcome) => ({
  succeeded: outcome.succeeded.length,
  failed: outcome.failed.length,
  links: outcome.links.length,
  changes: outcome.changes.length,
});

function truncateTo(outcome: BulkOutcome, mark: ReturnType<typeof lengthsOf>) {
  outcome.succeeded.length = mark.succeeded;
  outcome.failed.length = mark.failed;
  outcome.links.length = mark.links;
  outcome.changes.length = mark.changes;
}

/** Writes that commit with each batch (a job's progress); `db` is the batch's transaction where there is one. */
export type OnBatch = (db: DbOrTx, outcome: BulkOutcome) => Promise<void>;

/**
 * Judges `ids` in batches, appending to `outcome`. Status changes and stage-2 links commit a batch at a time,
 * `onBatch` inside the same transaction; if a batch cannot commit (a deadlock with another bulk action), it
 * is judged again one creator per transaction. Deletions stay one transaction each: their files go after
 * the commit, which a batch would postpone past rows it might still roll back. `shouldStop` is asked
 * between batches; the answer is whether every creator was judged.
 */
export async function applyInBatches(
  db: Db,
  store: FileStore,
  input: BulkRun & {
    ids: readonly string[];
    outcome: BulkOutcome;
    onBatch?: OnBatch;
    shouldStop?: () => boolean;
    /** Between two batches, given how long the last one took (room for others on a shared database). */
    pause?: (batchMs: number) => Promise<void>;
    /** Creators per batch of a status change: BULK_STATUS_BATCH_SIZE of the database's engine. */
    statusBatchSize?: number;
  },
): Promise<boolean> {
  const { ids, outcome, onBatch, log } = input;
  let batchMs = 0;
  const size = batchSizeOf(input.work, input.statusBatchSize);
  for (let at = 0; at < ids.length; at += size) {
    if (at > 0) await input.pause?.(batchMs);
    if (input.shouldStop?.()) return false;
    const started = performance.now();
    const batch = ids.slice(at, at + size);
    const oneByOne = async () => {
      for (const creatorId of batch) await applyToOne(db, store, input, creatorId, outcome);
      await onBatch?.(db, outcome);
    };
    if (input.work.action === 'delete') {
      await oneByOne();
      batchMs = performance.now() - started;
      continue;
    }
    const mark = lengthsOf(outcome);
    try {
      await db.transaction(async (tx) => {
        const { work } = input;
        if (work.action === 'status') {
          const verdicts = await changeStatusInBulk(tx, {
            ids: batch,
            to: work.status,
            performedBy: input.performedBy,
            cancelReason: work.cancelReason ?? null,
          });
          for (const verdict of verdicts) recordVerdict(outcome, verdict);
        } else {
          // A transaction is a database whose `transaction` is a savepoint: the services nest as they are.
          for (const creatorId of batch) await applyToOne(tx as unknown as Db, store, input, creatorId, outcome);
        }
        await onBatch?.(tx, outcome);
      });
    } catch (error) {
      log.error({ err: error, size: batch.length }, 'bulk batch rolled back; judging its creators one by one');
      truncateTo(outcome, mark);
      await oneByOne();
    }
    batchMs = performance.now() - started;
  }
  return true;
}

/**
 * One action for many creators (docs/decisions/027). A status change judges each batch set-based with the
 * same status machine, activity entry, undo record and event as one click (docs/decisions/053); the other
 * actions run each creator through the single-creator service. A refusal is reported for that creator and
 * the rest go on. Creators commit in batches (applyInBatches), so a long request never holds the table for long.
 */
export async function runBulkAction(
  db: Db,
  store: FileStore,
  input: { work: BulkWork; targets: BulkTargets; performedBy: string; log: BulkLog },
): Promise<BulkJobResult> {
  const { work, performedBy, log } = input;
  const outcome = emptyOutcome();
  const ids = await bulkTargetIds(db, input.targets, outcome);
  await applyInBatches(db, store, { work, performedBy, log, ids, outcome });
  logBulkFinished(log, work, outcome, performedBy);
  return resultOf(work.action, outcome);
}

export function logBulkFinished(log: BulkLog, work: BulkWork, outcome: BulkOutcome, performedBy: string) {
  log.info(
    { action: work.action, succeeded: outcome.succeeded.length, failed: outcome.failed.length, admin: performedBy },
    'bulk action finished',
  );
}
