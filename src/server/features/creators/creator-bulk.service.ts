import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { FileStore } from '#server/lib/file-store.ts';
import type { BulkTargetStatus } from '#shared/creator-actions.ts';
import type { ErrorCode } from '#shared/error-codes.ts';
import { BULK_MAX_CREATORS } from '#shared/limits.ts';
import { englishOf } from '#shared/messages/english.ts';
import { type Message, messageOf } from '#shared/messages/message.ts';
import type { BulkFailure, BulkResult, BulkStage2Link } from '#shared/replies/creators.ts';
import { BULK_DELETABLE_STATUSES, BULK_KEYS, type CreatorFilter } from '#shared/schemas/bulk.ts';
import type { FileLog } from '../files/files.service.ts';
import { deleteCreator } from './creator-delete.service.ts';
import { creatorFilterWhere } from './creator-filter.ts';
import { normaliseCreatorId } from './creator-id.ts';
import { readAll } from './creator-pages.ts';
import { changeCreatorStatus, sendStage2Link } from './creator-status.service.ts';
import { CREATOR_NOT_FOUND } from './creators.service.ts';

/** "All matching" is read this many ids at a time, newest first, as the screen lists them. */
const MATCHING_BATCH_SIZE = 1000;

export type BulkWork =
  | { action: 'status'; status: BulkTargetStatus }
  | { action: 'stage2'; linkTtlMs: number }
  | { action: 'delete' };

export type BulkTargets = { creatorIds: readonly string[] } | { matching: CreatorFilter };

/** A creator left unchanged, and why: in English as the reply always said, and by key to show in any language. */
function failureOf(creatorId: string, code: ErrorCode, reason: Message): BulkFailure {
  return {
    creatorId,
    code,
    message: englishOf(reason),
    messageKey: reason.key,
    ...(reason.params ? { messageParams: reason.params } : {}),
  };
}

interface BulkLog extends FileLog {
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
function namedCreatorIds(raw: readonly string[], failed: BulkFailure[]): string[] {
  const ids = new Set<string>();
  for (const text of raw) {
    const creatorId = normaliseCreatorId(text);
    if (creatorId) ids.add(creatorId);
    else failed.push(failureOf(text, 'NOT_FOUND', messageOf(CREATOR_NOT_FOUND)));
  }
  return [...ids];
}

/**
 * One action for many creators (docs/decisions/027). Each creator goes through the single-creator service,
 * in a transaction of its own with its own activity entry, so the status machine, the conditional update
 * and any hook on those services apply exactly as for one click; a refusal is reported for that creator
 * and the rest go on. Nothing is held open across creators, so a long request never blocks the table.
 */
export async function runBulkAction(
  db: Db,
  store: FileStore,
  input: { work: BulkWork; targets: BulkTargets; performedBy: string; log: BulkLog },
): Promise<BulkResult> {
  const { work, performedBy, log } = input;
  const failed: BulkFailure[] = [];
  const ids =
    'matching' in input.targets
      ? await matchingCreatorIds(db, input.targets.matching)
      : namedCreatorIds(input.targets.creatorIds, failed);
  const succeeded: string[] = [];
  const links: BulkStage2Link[] = [];

  for (const creatorId of ids) {
    try {
      switch (work.action) {
        case 'status':
          await changeCreatorStatus(db, {
            publicId: creatorId,
            performedBy,
            change: { status: work.status, rollickListingUrl: null, rollickCreatorHubId: null },
          });
          break;
        case 'stage2': {
          const { link, expiresAt, creator } = await sendStage2Link(db, {
            publicId: creatorId,
            performedBy,
            linkTtlMs: work.linkTtlMs,
          });
          // Who each link is for and how to reach her, so the links can be passed on from the summary.
          const { name, contactMethod, contactInfo, locale, language } = creator;
          links.push({ creatorId, link, expiresAt, name, contactMethod, contactInfo, locale, language });
          break;
        }
        case 'delete':
          await deleteCreator(db, store, { publicId: creatorId, log, statuses: BULK_DELETABLE_STATUSES });
          // The activity log goes with the creator, so the server log keeps who deleted whom.
          log.info({ creatorId, admin: performedBy }, 'creator deleted');
          break;
      }
      succeeded.push(creatorId);
    } catch (error) {
      if (!(error instanceof AppError) || error.statusCode >= 500) {
        log.error({ err: error, creatorId }, 'bulk action failed for one creator');
        failed.push(failureOf(creatorId, 'INTERNAL', messageOf('bulk.couldNotChange')));
      } else {
        failed.push(failureOf(creatorId, error.code, error.reason));
      }
    }
  }

  log.info(
    { action: work.action, succeeded: succeeded.length, failed: failed.length, admin: performedBy },
    'bulk action finished',
  );
  return { action: work.action, succeeded, failed, ...(work.action === 'stage2' ? { links } : {}) };
}
