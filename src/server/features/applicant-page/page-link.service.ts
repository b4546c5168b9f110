import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { activityLog, creators } from '#server/db/schema.ts';
import { AppError, notFound } from '#server/lib/app-error.ts';
import { clientGroup } from '#server/lib/client-address.ts';
import type { RateLimiter, RateLimitRule } from '#server/lib/rate-limiter.ts';
import { hashToken, newToken, tokenMatches } from '#server/lib/tokens.ts';
import { PAGE_LINK_ISSUED_ACTIVITY, PAGE_LINK_REVOKED_ACTIVITY } from '#shared/creator-actions.ts';
import { normaliseCreatorId } from '../creators/creator-id.ts';
import { CREATOR_NOT_FOUND } from '../creators/creators.service.ts';

/** How long her page's link works when nothing else is configured (`APPLICANT_PAGE_DAYS`). */
export const DEFAULT_PAGE_LINK_DAYS = 180;
export const DEFAULT_PAGE_LINK_MS = DEFAULT_PAGE_LINK_DAYS * 86_400_000;

export { PAGE_LINK_ISSUED_ACTIVITY, PAGE_LINK_REVOKED_ACTIVITY };

/** Real tokens are 43 characters; anything far longer is not worth hashing. */
const TOKEN_MAX_LENGTH = 128;

/** Compared against when there is no creator or no stored hash, so every refusal costs the same work. */
const NO_HASH = hashToken('no page link');

/** Her page's address, site-relative: `/me/{creatorId}?token=…` (docs/decisions/047). */
export const pagePathOf = (creatorId: string, token: string) =>
  `/me/${encodeURIComponent(creatorId)}?token=${encodeURIComponent(token)}`;

/** The one 404 every dead link gets, whatever made it dead: the answer says nothing of the reason. */
export class DeadPageLinkError extends AppError {
  constructor() {
    super('NOT_FOUND', 'me.linkInvalid');
  }
}

/** A new link to her page: the path with its token, and what her row keeps of it (the token's hash only). */
export interface NewPageLink {
  path: string;
  tokenHash: string;
  expiresAt: Date;
}

export function newPageLink(creatorId: string, input: { ttlMs: number; now?: Date }): NewPageLink {
  const token = newToken();
  const expiresAt = new Date((input.now ?? new Date()).getTime() + input.ttlMs);
  return { path: pagePathOf(creatorId, token), tokenHash: hashToken(token), expiresAt };
}

/**
 * A new token for her page, stored with its expiry; the previous link dies with it. Staff issuing a fresh link
 * call it; an application writes its first link with her row (submissions.service.ts), in the same statement.
 */
export async function issuePageLink(
  tx: DbOrTx,
  creator: { id: string; creatorId: string },
  input: { ttlMs: number; now?: Date },
): Promise<{ path: string; expiresAt: Date }> {
  const link = newPageLink(creator.creatorId, input);
  await tx
    .update(creators)
    .set({ pageTokenHash: link.tokenHash, pageTokenExpiresAt: link.expiresAt })
    .where(eq(creators.id, creator.id));
  return { path: link.path, expiresAt: link.expiresAt };
}

/** A path as plausible as a real one, for a reply that stored nothing (the honeypot). */
export const fakePagePath = (creatorId: string) => pagePathOf(creatorId, newToken());

/** The columns the link check needs, and the few the page shows; never the contact details. */
export const pageLinkColumns = {
  id: creators.id,
  creatorId: creators.creatorId,
  name: creators.name,
  status: creators.status,
  contactMethod: creators.contactMethod,
  createdAt: creators.createdAt,
  stage2TokenHash: creators.stage2TokenHash,
  stage2TokenExpiresAt: creators.stage2TokenExpiresAt,
  pageTokenHash: creators.pageTokenHash,
  pageTokenExpiresAt: creators.pageTokenExpiresAt,
};

export type PageLinkRow = { [K in keyof typeof pageLinkColumns]: (typeof creators.$inferSelect)[K] };

/**
 * The creator behind `/me/{creatorId}?token=…`, or the one 404 every dead link gets: unknown creator, wrong
 * token, expired, revoked or erased alike. The hash comparison runs whatever else is wrong, so the time taken
 * does not tell an unknown creator from a wrong token.
 */
export async function openPageLink(
  db: DbOrTx,
  input: { publicId: string; token: unknown; now?: Date },
): Promise<PageLinkRow> {
  const creatorId = normaliseCreatorId(input.publicId);
  const [row] = creatorId
    ? await db.select(pageLinkColumns).from(creators).where(eq(creators.creatorId, creatorId)).limit(1)
    : [];
  const presented = typeof input.token === 'string' && input.token.length <= TOKEN_MAX_LENGTH ? input.token : '';
  const matches = tokenMatches(presented, row?.pageTokenHash ?? NO_HASH);
  const expiresAt = row?.pageTokenExpiresAt?.getTime() ?? 0;
  const now = (input.now ?? new Date()).getTime();
  if (!row || !matches || presented === '' || !row.pageTokenHash || expiresAt <= now) throw new DeadPageLinkError();
  return row;
}

/** POST …/page-link (staff): a fresh link replacing any earlier one, for staff to pass on. */
export async function issuePageLinkByStaff(
  db: Db,
  input: { publicId: string; performedBy: string; ttlMs: number },
): Promise<{ link: string; expiresAt: string }> {
  const creatorId = normaliseCreatorId(input.publicId);
  if (!creatorId) throw notFound(CREATOR_NOT_FOUND);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: creators.id, creatorId: creators.creatorId })
      .from(creators)
      .where(eq(creators.creatorId, creatorId))
      .for('update');
    if (!row) throw notFound(CREATOR_NOT_FOUND);
    const { path, expiresAt } = await issuePageLink(tx, row, { ttlMs: input.ttlMs });
    await tx.insert(activityLog).values({
      creatorId: row.id,
      action: PAGE_LINK_ISSUED_ACTIVITY,
      performedBy: input.performedBy,
      additionalInfo: { expiresAt: expiresAt.toISOString() },
    });
    return { link: path, expiresAt: expiresAt.toISOString() };
  });
}

/** POST …/page-link/revoke (staff): her link stops working at once; `revoked` says whether one was live. */
export async function revokePageLink(
  db: Db,
  input: { publicId: string; performedBy: string },
): Promise<{ revoked: boolean }> {
  const creatorId = normaliseCreatorId(input.publicId);
  if (!creatorId) throw notFound(CREATOR_NOT_FOUND);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: creators.id })
      .from(creators)
      .where(eq(creators.creatorId, creatorId))
      .for('update');
    if (!row) throw notFound(CREATOR_NOT_FOUND);
    const [revoked] = await tx
      .update(creators)
      .set({ pageTokenHash: null, pageTokenExpiresAt: null })
      .where(and(eq(creators.id, row.id), isNotNull(creators.pageTokenHash)))
      .returning({ id: creators.id });
    await tx.insert(activityLog).values({
      creatorId: row.id,
      action: PAGE_LINK_REVOKED_ACTIVITY,
      performedBy: input.performedBy,
      additionalInfo: {},
    });
    return { revoked: Boolean(revoked) };
  });
}

/** Per address: generous for a person reloading her page, tight for anyone probing links. */
export const PAGE_ATTEMPT_RULE: RateLimitRule = { limit: 60, windowMs: 15 * 60_000 };
/** Per creator, from any address: what a working link may do in an hour (a zip costs its files' reading). */
export const PAGE_PER_CREATOR_RULE: RateLimitRule = { limit: 20, windowMs: 60 * 60_000 };

const addressBucket = (ip: string) => `me:${clientGroup(ip)}`;

/** Refuses an address that used up its attempts before any work, and counts this one. */
export async function guardPageAttempt(limiter: RateLimiter, ip: string): Promise<void> {
  const window = await limiter.peek(addressBucket(ip), PAGE_ATTEMPT_RULE);
  if (window.count >= PAGE_ATTEMPT_RULE.limit) throw tooManyAttempts(window.retryAfterMs);
  await limiter.hit(addressBucket(ip), PAGE_ATTEMPT_RULE);
}

/** Counts a request a working link makes for its creator, from whichever address. */
export async function guardPageCreator(limiter: RateLimiter, creatorId: string): Promise<void> {
  const window = await limiter.hit(`me:creator:${creatorId}`, PAGE_PER_CREATOR_RULE);
  if (!window.allowed) throw tooManyAttempts(window.retryAfterMs);
}

const tooManyAttempts = (retryAfterMs: number) =>
  new AppError('RATE_LIMITED', 'me.tooManyAttempts', undefined, {
    retryAfterSeconds: retryAfterMs / 1000,
    limit: 'applicant_page',
  });
