import { eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { creators, stage2Submissions } from '#server/db/schema.ts';
import { AppError, notFound } from '#server/lib/app-error.ts';
import { clientGroup } from '#server/lib/client-address.ts';
import { type FileStore, isFileKey, type StoredFile } from '#server/lib/file-store.ts';
import type { RateLimiter, RateLimitRule } from '#server/lib/rate-limiter.ts';
import { hashToken, tokenMatches } from '#server/lib/tokens.ts';
import { englishOf } from '#shared/messages/english.ts';
import type { Stage2Form } from '#shared/replies/stage2.ts';
import { normaliseCreatorId } from '../creators/creator-id.ts';
import { FILE_NOT_FOUND_KEY } from '../files/files.service.ts';
import { toStage2Form } from './stage2-dto.ts';

/** The one answer for every link that does not work, whatever the reason (architecture §4). */
/** The English of a dead link's 404, as the API writes it. */
export const STAGE2_LINK_INVALID = englishOf('stage2.linkInvalid');

/** Per address: generous for a person reloading and correcting answers, tight for anyone probing links. */
export const STAGE2_ATTEMPT_RULE: RateLimitRule = { limit: 30, windowMs: 15 * 60_000 };

/** architecture §4: the statuses in which the link opens the form. */
export const STAGE2_LINK_STATUSES = ['stage2_sent', 'stage2_submitted'] as const;
type LinkStatus = (typeof STAGE2_LINK_STATUSES)[number];

/** Real tokens are 43 characters; anything far longer is not worth hashing. */
const TOKEN_MAX_LENGTH = 128;

/** Compared against when there is no creator or no stored hash, so every refusal costs the same work. */
const NO_HASH = hashToken('no stage-2 link');

/** The creator a working link opens, with only what the stage-2 form may know about them. */
export interface Stage2Link {
  id: string;
  creatorId: string;
  name: string;
  age: number | null;
  hasOnlyFans: string | null;
  status: LinkStatus;
}

/** Never the contact details: the columns the link check and the form need, and nothing else. */
export const linkColumns = {
  id: creators.id,
  creatorId: creators.creatorId,
  name: creators.name,
  age: creators.age,
  hasOnlyFans: creators.hasOnlyFans,
  status: creators.status,
  stage2TokenHash: creators.stage2TokenHash,
  stage2TokenExpiresAt: creators.stage2TokenExpiresAt,
};

type LinkRow = { [K in keyof typeof linkColumns]: (typeof creators.$inferSelect)[K] };

/** A 404 like any other, but known as a failed link check, which counts against the address. */
export class DeadLinkError extends AppError {
  constructor() {
    super('NOT_FOUND', 'stage2.linkInvalid');
  }
}

export const linkInvalid = () => new DeadLinkError();

function isLinkStatus(status: string): status is LinkStatus {
  return (STAGE2_LINK_STATUSES as readonly string[]).includes(status);
}

/**
 * architecture §4/§5: the token matches the stored hash (in constant time), has not expired, and the creator is
 * still where the link leads. The hash comparison runs whatever else is wrong, so the time taken does not
 * tell an unknown creator from a wrong token.
 */
export function checkLink(row: LinkRow | undefined, token: unknown, now: Date): Stage2Link {
  const presented = typeof token === 'string' && token.length <= TOKEN_MAX_LENGTH ? token : '';
  const matches = tokenMatches(presented, row?.stage2TokenHash ?? NO_HASH);
  const expiresAt = row?.stage2TokenExpiresAt?.getTime() ?? 0;
  if (!row || !matches || presented === '' || !row.stage2TokenHash || expiresAt <= now.getTime()) throw linkInvalid();
  if (!isLinkStatus(row.status)) throw linkInvalid();
  return {
    id: row.id,
    creatorId: row.creatorId,
    name: row.name,
    age: row.age,
    hasOnlyFans: row.hasOnlyFans,
    status: row.status,
  };
}

/** The creator behind `/stage2/{creatorId}?token=…`, or the 404 every dead link gets. */
export async function openStage2Link(
  db: DbOrTx,
  input: { publicId: string; token: unknown; now?: Date },
): Promise<Stage2Link> {
  const creatorId = normaliseCreatorId(input.publicId);
  const [row] = creatorId
    ? await db.select(linkColumns).from(creators).where(eq(creators.creatorId, creatorId)).limit(1)
    : [];
  return checkLink(row, input.token, input.now ?? new Date());
}

export type PreviousSubmission = typeof stage2Submissions.$inferSelect;

export async function findPreviousSubmission(db: DbOrTx, creatorRowId: string): Promise<PreviousSubmission | null> {
  const [row] = await db.select().from(stage2Submissions).where(eq(stage2Submissions.creatorId, creatorRowId)).limit(1);
  return row ?? null;
}

/** GET /api/stage2/{creatorId} (product §7): the creator's name, id, age and platform answer, and earlier answers. */
export async function getStage2Form(db: DbOrTx, input: { publicId: string; token: unknown }): Promise<Stage2Form> {
  const link = await openStage2Link(db, input);
  return toStage2Form(link, await findPreviousSubmission(db, link.id));
}

/**
 * A file of the creator's own earlier submission, so the form can show what is already uploaded. Only keys
 * that submission names are served: a valid link opens no other creator's files.
 */
export async function openStage2File(
  db: DbOrTx,
  store: FileStore,
  input: { publicId: string; token: unknown; key: string },
): Promise<StoredFile> {
  const link = await openStage2Link(db, input);
  const previous = await findPreviousSubmission(db, link.id);
  const owned = previous ? [previous.revenueScreenshotKey, ...previous.imageKeys] : [];
  const file = isFileKey(input.key) && owned.includes(input.key) ? await store.get(input.key) : null;
  if (!file) throw notFound(FILE_NOT_FOUND_KEY);
  return file;
}

/** Addresses are client groups: an IPv6 subscriber's whole /64 shares one allowance. */
const bucketOf = (ip: string) => `stage2:${clientGroup(ip)}`;

/**
 * Submissions per creator, from any address: a link passed around (or one guessed) cannot be made to cost
 * image work without end by spreading the requests over many addresses.
 */
export const STAGE2_SUBMISSIONS_PER_CREATOR: RateLimitRule = { limit: 10, windowMs: 60 * 60_000 };

export async function guardStage2Submission(limiter: RateLimiter, creatorId: string): Promise<void> {
  const window = await limiter.hit(`stage2:creator:${creatorId}`, STAGE2_SUBMISSIONS_PER_CREATOR);
  if (!window.allowed) throw tooManyAttempts(window.retryAfterMs);
}

/**
 * Refuses an address that used up its attempts, before any work; otherwise counts this attempt when asked.
 * Returns nothing; throws RATE_LIMITED with the seconds to wait.
 */
export async function guardStage2Attempt(
  limiter: RateLimiter,
  input: { ip: string; shouldCount: boolean },
): Promise<void> {
  const window = await limiter.peek(bucketOf(input.ip), STAGE2_ATTEMPT_RULE);
  if (window.count >= STAGE2_ATTEMPT_RULE.limit) throw tooManyAttempts(window.retryAfterMs);
  if (input.shouldCount) await limiter.hit(bucketOf(input.ip), STAGE2_ATTEMPT_RULE);
}

/** A refused file request counts as an attempt; an accepted one does not (a page shows up to seven). */
export async function countStage2Failure(limiter: RateLimiter, ip: string): Promise<void> {
  await limiter.hit(bucketOf(ip), STAGE2_ATTEMPT_RULE);
}

const tooManyAttempts = (retryAfterMs: number) =>
  new AppError('RATE_LIMITED', 'stage2.tooManyAttempts', undefined, {
    retryAfterSeconds: retryAfterMs / 1000,
    limit: 'stage2',
  });
